import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One hour of a provider's time claimed by a booking. The primary key (provider, date, hour) is the
 * double-booking guarantee: two bookings covering the same hour cannot both commit, whatever the
 * timing, on SQLite, MySQL and MariaDB alike.
 */
@Entity('booking_slots')
@Index('idx_booking_slots_booking', ['bookingId'])
export class BookingSlot {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  providerId!: string;

  /** YYYY-MM-DD in the marketplace's zone. */
  @PrimaryColumn({ type: 'varchar', length: 10 })
  slotDate!: string;

  /** HH:00 in the marketplace's zone. */
  @PrimaryColumn({ type: 'varchar', length: 5 })
  slotTime!: string;

  @Column({ type: 'varchar', length: 36 })
  bookingId!: string;
}
