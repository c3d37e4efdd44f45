import type { BookingActor, BookingStatus, Language, PaymentStatus, PriceType, SeriesFrequency } from '@khidma/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn, VersionColumn } from 'typeorm';
import { decimalToNumber } from '../../database/columns.js';
import { moneyString } from '../money.js';

/**
 * A client's booking of a service. The service's title, price and image are copied at booking time,
 * so a later edit of the listing never changes what was agreed.
 */
@Entity('bookings')
@Index('idx_bookings_client_schedule', ['clientId', 'scheduledDate', 'scheduledTime'])
@Index('idx_bookings_client_tab', ['clientId', 'status', 'scheduledDate', 'scheduledTime', 'createdAt', 'id'])
@Index('idx_bookings_provider_schedule', ['providerId', 'scheduledDate', 'scheduledTime'])
@Index('idx_bookings_series', ['seriesId', 'seriesIndex'])
export class Booking {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 16, unique: true })
  bookingNumber!: string;

  @Column({ type: 'varchar', length: 36 })
  serviceId!: string;

  @Column({ type: 'varchar', length: 36 })
  providerId!: string;

  /** The identity service's user (no foreign key across services). */
  @Column({ type: 'varchar', length: 36 })
  clientId!: string;

  @Column({ type: 'varchar', length: 100 })
  clientName!: string;

  @Column({ type: 'varchar', length: 254, nullable: true })
  clientEmail!: string | null;

  @Column({ type: 'varchar', length: 32 })
  clientLanguage!: Language;

  @Column({ type: 'varchar', length: 200 })
  serviceTitle!: string;

  @Column({ type: 'varchar', length: 200 })
  serviceTitleAr!: string;

  @Column({ type: 'decimal', precision: 10, scale: 2, transformer: decimalToNumber })
  servicePrice!: number;

  @Column({ type: 'varchar', length: 32 })
  servicePriceType!: PriceType;

  @Column({ type: 'varchar', length: 50 })
  serviceCategorySlug!: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  serviceImageUrl!: string | null;

  /** YYYY-MM-DD in the marketplace's zone. */
  @Column({ type: 'varchar', length: 10 })
  scheduledDate!: string;

  /** HH:MM in the marketplace's zone. */
  @Column({ type: 'varchar', length: 5 })
  scheduledTime!: string;

  /** The same moment in UTC: what cut-offs and "past" are measured against. */
  @Column({ type: 'datetime', precision: 3 })
  startsAt!: Date;

  /** Minutes. */
  @Column({ type: 'int' })
  duration!: number;

  @Column({ type: 'varchar', length: 500 })
  clientAddress!: string;

  @Column({ type: 'varchar', length: 32 })
  clientPhone!: string;

  @Column({ type: 'decimal', precision: 10, scale: 2, transformer: moneyString })
  totalAmount!: string;

  /**
   * What was actually paid (list price less the promo discount; of it `paidCredit` from credit, the
   * rest by card) and refunded (of it `refundedToCredit` to credit). Null until a payment succeeds.
   */
  @Column({ type: 'decimal', precision: 10, scale: 2, nullable: true, transformer: moneyString })
  paidAmount?: string | null;

  @Column({ type: 'decimal', precision: 10, scale: 2, nullable: true, transformer: moneyString })
  paidDiscount?: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  paidPromoCode?: string | null;

  @Column({ type: 'decimal', precision: 10, scale: 2, nullable: true, transformer: moneyString })
  paidCredit?: string | null;

  @Column({ type: 'decimal', precision: 10, scale: 2, nullable: true, transformer: moneyString })
  refundedAmount?: string | null;

  @Column({ type: 'decimal', precision: 10, scale: 2, nullable: true, transformer: moneyString })
  refundedToCredit?: string | null;

  @Column({ type: 'varchar', length: 32, default: 'pending' })
  status!: BookingStatus;

  @Column({ type: 'varchar', length: 32, default: 'pending' })
  paymentStatus!: PaymentStatus;

  @Column({ type: 'text', nullable: true })
  specialInstructions!: string | null;

  @Column({ type: 'text', nullable: true })
  cancellationReason!: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  cancelledBy!: BookingActor | null;

  /** The recurring series this booking belongs to (series/), with its place in it, fixed at creation. */
  @Column({ type: 'varchar', length: 36, nullable: true })
  seriesId!: string | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  seriesFrequency!: SeriesFrequency | null;

  @Column({ type: 'int', nullable: true })
  seriesIndex!: number | null;

  @Column({ type: 'int', nullable: true })
  seriesSize!: number | null;

  /** When the provider marked it completed (the dispute window starts here). */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  completedAt!: Date | null;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'datetime', precision: 3 })
  updatedAt!: Date;

  @VersionColumn({ type: 'int' })
  version!: number;
}
