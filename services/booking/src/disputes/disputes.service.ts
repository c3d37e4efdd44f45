import { ConflictException, ForbiddenException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import {
  type BookingDisputeResponse,
  DISPUTE_RULES,
  formatMoney,
  type DisputeDto,
  type DisputeListResponse,
  type DisputeMessageDto,
  type DisputeSide,
  type DisputeStatus,
  type DisputeSummaryDto,
} from '@khidma/contracts';
import { type AuthUser, Clock, OutboxService } from '@khidma/nest-kit';
import { DataSource, type EntityManager, In } from 'typeorm';
import { AdminAuditLog } from '../audit/admin-audit.service.js';
import { bookingEventPayload } from '../bookings/booking.events.js';
import { relationTo } from '../bookings/booking-rules.js';
import { bookingNotFound } from '../bookings/bookings.service.js';
import { Booking } from '../bookings/entities/booking.entity.js';
import { toCents, toMoney } from '../bookings/money.js';
import { BookingTransactions, isDuplicateKey } from '../bookings/transactions.js';
import { Provider } from '../catalogue/entities/provider.entity.js';
import { Payment } from '../payments/entities/payment.entity.js';
import { refundable, refundPayment } from '../payments/refunds.js';
import { type CheckedImage, checkImage } from '../provider-applications/document-images.js';
import type { DisputeEventPayload, DisputeEventType } from './dispute.events.js';
import type { DecideDisputeDto, DisputeReplyDto, OpenDisputeDto } from './dto/dispute.dto.js';
import { Dispute } from './entities/dispute.entity.js';
import { DisputeMessage } from './entities/dispute-message.entity.js';
import { DisputePhoto } from './entities/dispute-photo.entity.js';

const HOUR_MS = 3_600_000;
export const disputeNotFound = () => new NotFoundException({ code: 'not_found', message: 'Dispute not found' });
const photoNotFound = () => new NotFoundException({ code: 'not_found', message: 'Photo not found' });
const disputeResolved = () =>
  new ConflictException({ code: 'dispute_resolved', message: 'This dispute was already decided; its decision stands.' });

/** The caller's side of a dispute ('none' sees nothing of it). */
type Reader = DisputeSide | 'none';

/** Where a completed booking's 72 h window ends (null before it is completed). */
export function disputeWindowEnd(booking: Pick<Booking, 'status' | 'completedAt'>): Date | null {
  if (booking.status !== 'completed' || !booking.completedAt) return null;
  return new Date(booking.completedAt.getTime() + DISPUTE_RULES.windowHours * HOUR_MS);
}

/**
 * Disputes after a job (docs/disputes.md). Every write runs in one transaction; those that concern
 * the booking lock its row first (open, decide), so an open and a decision queue on it in one order.
 */
@Injectable()
export class DisputesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: BookingTransactions,
    private readonly outbox: OutboxService,
    private readonly audit: AdminAuditLog,
    private readonly clock: Clock,
  ) {}

  /** The booking's dispute for its client, provider or an admin; whether the client may open one. */
  async forBooking(user: AuthUser, bookingId: string): Promise<BookingDisputeResponse> {
    const manager = this.dataSource.manager;
    const { booking, provider, reader } = await this.bookingFor(manager, user, bookingId);
    const dispute = await manager.findOneBy(Dispute, { bookingId });
    const openUntil = disputeWindowEnd(booking);
    const charge = await paidCharge(manager, bookingId);
    return {
      dispute: dispute ? await this.toDto(manager, dispute, booking, provider, reader) : null,
      canOpen: !dispute && reader === 'client' && charge !== null && openUntil !== null && this.clock.now() < openUntil,
      openUntil: openUntil?.toISOString() ?? null,
      refundableAmount: refundable(booking, charge),
    };
  }

  /** The booking's client reports a problem within 72 h of completion; one dispute per booking. */
  async open(user: AuthUser, bookingId: string, dto: OpenDisputeDto): Promise<DisputeDto> {
    // Checked before the transaction: a refused photo leaves nothing behind.
    const photos = await checkPhotos(dto.photos);
    try {
      return await this.transactions.run(async (manager) => {
        const { booking, provider, reader } = await this.bookingFor(manager, user, bookingId, true);
        if (reader !== 'client') throw new ForbiddenException({ code: 'forbidden', message: 'Only the booking’s client can report a problem' });
        const openUntil = disputeWindowEnd(booking);
        if (!openUntil) throw new ConflictException({ code: 'booking_not_completed', message: 'Only a completed booking can be disputed' });
        const now = this.clock.now();
        if (now >= openUntil) {
          throw new ConflictException({
            code: 'dispute_window_closed',
            message: `Problems can be reported up to ${DISPUTE_RULES.windowHours} hours after the job was completed.`,
            params: { hours: DISPUTE_RULES.windowHours, openUntil: openUntil.toISOString() },
          });
        }
        if (await manager.existsBy(Dispute, { bookingId })) throw disputeExists();
        const charge = await paidCharge(manager, bookingId);
        if (!charge) throw new ConflictException({ code: 'booking_not_paid', message: 'Only a paid booking can be disputed' });
        assertWithin(dto.requestedAmount, refundable(booking, charge), 'requestedAmount');

        const dispute: Dispute = {
          id: randomUUID(),
          bookingId,
          clientId: booking.clientId,
          providerId: provider.id,
          reason: dto.reason,
          status: 'open',
          outcome: null,
          requestedAmount: toMoney(dto.requestedAmount),
          refundedAmount: null,
          decisionNote: null,
          decidedBy: null,
          createdAt: now,
          respondedAt: null,
          resolvedAt: null,
        };
        await manager.insert(Dispute, { ...dispute });
        await this.addMessage(manager, dispute, user, 'client', dto.description, photos, now);
        await this.publish(manager, 'dispute.opened', dispute, booking, provider, 'client');
        return this.toDto(manager, dispute, booking, provider, 'client');
      });
    } catch (error) {
      // Two opens raced past the check: the unique booking index lets one in.
      if (isDuplicateKey(error)) throw disputeExists();
      throw error;
    }
  }

  async get(user: AuthUser, id: string): Promise<DisputeDto> {
    const manager = this.dataSource.manager;
    const dispute = await manager.findOneBy(Dispute, { id });
    if (!dispute) throw disputeNotFound();
    const { booking, provider, reader } = await this.partyOf(manager, user, dispute);
    return this.toDto(manager, dispute, booking, provider, reader);
  }

  /** The client or the provider adds to the conversation; the provider's first answer moves it on. */
  async reply(user: AuthUser, id: string, dto: DisputeReplyDto): Promise<DisputeDto> {
    const photos = await checkPhotos(dto.photos);
    return this.transactions.run(async (manager) => {
      const dispute = await manager.findOne(Dispute, { where: { id }, lock: this.transactions.rowLock });
      if (!dispute) throw disputeNotFound();
      const { booking, provider, reader } = await this.partyOf(manager, user, dispute);
      if (reader !== 'client' && reader !== 'provider') {
        throw new ForbiddenException({ code: 'forbidden', message: 'Only the booking’s client and provider write here; support decides' });
      }
      if (dispute.status === 'resolved') throw disputeResolved();
      const now = this.clock.now();
      await this.addMessage(manager, dispute, user, reader, dto.text, photos, now);
      if (reader === 'provider' && dispute.status === 'open') {
        Object.assign(dispute, { status: 'provider_responded', respondedAt: now });
        await manager.update(Dispute, { id }, { status: dispute.status, respondedAt: now });
      }
      await this.publish(manager, 'dispute.replied', dispute, booking, provider, reader);
      return this.toDto(manager, dispute, booking, provider, reader);
    });
  }

  /**
   * An admin decides once: full refund, partial refund or none, with a note. The refund goes through
   * payments' one refund path in this transaction, with the decision, its audit entry and the event.
   * Booking row first, then the dispute's: a second decision (or a concurrent one) waits, then sees
   * the dispute resolved and refunds nothing.
   */
  async decide(admin: AuthUser, id: string, dto: DecideDisputeDto): Promise<DisputeDto> {
    return this.transactions.run(async (manager) => {
      const found = await manager.findOneBy(Dispute, { id });
      if (!found) throw disputeNotFound();
      const booking = await manager.findOneOrFail(Booking, { where: { id: found.bookingId }, lock: this.transactions.rowLock });
      const dispute = await manager.findOneOrFail(Dispute, { where: { id }, lock: this.transactions.rowLock });
      if (dispute.status === 'resolved') throw disputeResolved();
      const provider = await manager.findOneByOrFail(Provider, { id: booking.providerId });
      const charge = await paidCharge(manager, booking.id);
      const left = refundable(booking, charge);
      let amount: string | undefined;
      if (dto.outcome === 'full_refund') amount = left;
      if (dto.outcome === 'partial_refund') amount = assertWithin(dto.amount!, left, 'amount');
      if (amount !== undefined && toCents(amount) <= 0) {
        throw new UnprocessableEntityException({ code: 'refund_too_large', message: 'Nothing is left to refund on this booking.', params: { max: left } });
      }
      const now = this.clock.now();
      const refund = amount === undefined ? null : await refundPayment(manager, booking, now, { amount });
      if (refund) {
        const { paymentStatus, refundedAmount, refundedToCredit } = booking;
        await manager.update(Booking, { id: booking.id }, { paymentStatus, refundedAmount, refundedToCredit });
      }
      Object.assign(dispute, {
        status: 'resolved',
        outcome: dto.outcome,
        refundedAmount: refund?.amount ?? '0.00',
        decisionNote: dto.note,
        decidedBy: admin.id,
        resolvedAt: now,
      } satisfies Partial<Dispute>);
      const { id: _id, ...fields } = dispute;
      await manager.update(Dispute, { id }, fields);
      await this.addMessage(manager, dispute, admin, 'admin', dto.note, [], now);
      await this.audit.record(manager, admin, {
        action: 'dispute.decided',
        targetType: 'dispute',
        targetId: dispute.id,
        summary: `Booking ${booking.bookingNumber} (${booking.serviceTitle}): ${OUTCOME_WORDS.en[dto.outcome]}${refund ? ` ${formatMoney(refund.amount, 'en', 'amount')}` : ''}`,
        summaryAr: `الحجز ${booking.bookingNumber} (${booking.serviceTitleAr}): ${OUTCOME_WORDS.ar[dto.outcome]}${refund ? ` ${formatMoney(refund.amount, 'ar', 'amount')}` : ''}`,
        reason: dto.note,
      });
      await this.publish(manager, 'dispute.decided', dispute, booking, provider, 'admin');
      return this.toDto(manager, dispute, booking, provider, 'admin');
    });
  }

  /** An evidence photo, for the parties and admins only. */
  async photo(user: AuthUser, id: string, photoId: string): Promise<CheckedImage> {
    const manager = this.dataSource.manager;
    const dispute = await manager.findOneBy(Dispute, { id });
    if (!dispute) throw photoNotFound();
    await this.partyOf(manager, user, dispute);
    const photo = await manager
      .getRepository(DisputePhoto)
      .createQueryBuilder('p')
      .addSelect('p.data')
      .where('p.id = :photoId AND p.disputeId = :id', { photoId, id })
      .getOne();
    if (!photo) throw photoNotFound();
    return { contentType: photo.contentType, data: Buffer.from(photo.data) };
  }

  /** The disputes on the calling provider's bookings, newest first. */
  async forProvider(user: AuthUser): Promise<DisputeListResponse> {
    const provider = await this.dataSource.manager.findOneBy(Provider, { userId: user.id });
    if (!provider) return { disputes: [] };
    const disputes = await this.dataSource.manager.find(Dispute, { where: { providerId: provider.id }, order: { createdAt: 'DESC', id: 'DESC' } });
    return { disputes: await this.summaries(disputes) };
  }

  /** Every dispute (or those of one status) for the admin panel, newest first. */
  async forAdmin(status?: DisputeStatus): Promise<DisputeListResponse> {
    const disputes = await this.dataSource.manager.find(Dispute, { where: status ? { status } : {}, order: { createdAt: 'DESC', id: 'DESC' } });
    return { disputes: await this.summaries(disputes) };
  }

  private async summaries(disputes: Dispute[]): Promise<DisputeSummaryDto[]> {
    if (!disputes.length) return [];
    const manager = this.dataSource.manager;
    const bookingIds = disputes.map((d) => d.bookingId);
    const bookings = new Map((await manager.findBy(Booking, { id: In(bookingIds) })).map((b) => [b.id, b]));
    const providers = new Map((await manager.findBy(Provider, { id: In([...new Set(disputes.map((d) => d.providerId))]) })).map((p) => [p.id, p]));
    const charges = new Map((await manager.findBy(Payment, { bookingId: In(bookingIds), status: In(['succeeded', 'refunded']) })).map((p) => [p.bookingId, p]));
    return disputes.map((d) => toSummary(d, bookings.get(d.bookingId)!, providers.get(d.providerId)!, charges.get(d.bookingId) ?? null));
  }

  /** The booking and the caller's side; strangers get the booking's 404. */
  private async bookingFor(manager: EntityManager, user: AuthUser, bookingId: string, lock = false) {
    const booking = await manager.findOne(Booking, { where: { id: bookingId }, lock: lock ? this.transactions.rowLock : undefined });
    if (!booking) throw bookingNotFound();
    const provider = await manager.findOneByOrFail(Provider, { id: booking.providerId });
    const reader = readerOf(relationTo(booking, provider, user));
    if (reader === 'none') throw bookingNotFound();
    return { booking, provider, reader };
  }

  /** A dispute's booking and the caller's side; anyone but its parties and admins gets 404. */
  private async partyOf(manager: EntityManager, user: AuthUser, dispute: Dispute) {
    const booking = await manager.findOneByOrFail(Booking, { id: dispute.bookingId });
    const provider = await manager.findOneByOrFail(Provider, { id: booking.providerId });
    const reader = readerOf(relationTo(booking, provider, user));
    if (reader === 'none') throw disputeNotFound();
    return { booking, provider, reader };
  }

  private async addMessage(manager: EntityManager, dispute: Dispute, author: AuthUser, side: DisputeSide, text: string, photos: CheckedImage[], now: Date) {
    const messageId = randomUUID();
    // Messages of one transaction get distinct instants, so "oldest first" keeps their order.
    const last = await manager.findOne(DisputeMessage, { where: { disputeId: dispute.id }, order: { createdAt: 'DESC' } });
    const createdAt = last && last.createdAt >= now ? new Date(last.createdAt.getTime() + 1) : now;
    await manager.insert(DisputeMessage, { id: messageId, disputeId: dispute.id, authorId: author.id, side, text, createdAt });
    for (const [position, photo] of photos.entries()) {
      await manager.insert(DisputePhoto, { id: randomUUID(), disputeId: dispute.id, messageId, position, contentType: photo.contentType, data: photo.data });
    }
  }

  private async publish(manager: EntityManager, type: DisputeEventType, dispute: Dispute, booking: Booking, provider: Provider, actor: DisputeSide) {
    const payload: DisputeEventPayload = {
      ...bookingEventPayload(booking, provider, actor),
      disputeId: dispute.id,
      outcome: dispute.outcome,
      refundedAmount: dispute.refundedAmount,
    };
    await this.outbox.publishEvent(manager, type, { ...payload });
  }

  private async toDto(manager: EntityManager, dispute: Dispute, booking: Booking, provider: Provider, reader: Reader): Promise<DisputeDto> {
    const [messages, photos, charge] = await Promise.all([
      manager.find(DisputeMessage, { where: { disputeId: dispute.id }, order: { createdAt: 'ASC', id: 'ASC' } }),
      manager.find(DisputePhoto, { where: { disputeId: dispute.id }, order: { position: 'ASC' } }),
      manager.findOneBy(Payment, { bookingId: booking.id, status: In(['succeeded', 'refunded']) }),
    ]);
    const open = dispute.status !== 'resolved';
    return {
      ...toSummary(dispute, booking, provider, charge),
      messages: messages.map(
        (m): DisputeMessageDto => ({
          id: m.id,
          side: m.side,
          authorName: m.side === 'client' ? booking.clientName : m.side === 'provider' ? provider.businessName : 'Khidma',
          text: m.text,
          photos: photos.filter((p) => p.messageId === m.id).map((p) => `/api/disputes/${dispute.id}/photos/${p.id}`),
          createdAt: m.createdAt.toISOString(),
        }),
      ),
      actions: { reply: open && (reader === 'client' || reader === 'provider'), decide: open && reader === 'admin' },
      refundableAmount: charge?.status === 'succeeded' ? refundable(booking, charge) : '0.00',
    };
  }
}

const OUTCOME_WORDS = {
  en: { full_refund: 'full refund', partial_refund: 'partial refund', no_refund: 'no refund' },
  ar: { full_refund: 'استرداد كامل', partial_refund: 'استرداد جزئي', no_refund: 'دون استرداد' },
} as const;

const disputeExists = () => new ConflictException({ code: 'dispute_exists', message: 'A problem was already reported for this booking.' });

const readerOf = (relation: ReturnType<typeof relationTo>): Reader => relation;

/** The booking's successful charge with something left to refund, or null. */
async function paidCharge(manager: EntityManager, bookingId: string): Promise<Payment | null> {
  return manager.findOneBy(Payment, { bookingId, status: 'succeeded' });
}

/** 0 < amount ≤ max, else 422 naming the field and the bound; the amount as money. */
function assertWithin(amount: number, max: string, field: string): string {
  if (toCents(amount) <= 0 || toCents(amount) > toCents(max)) {
    throw new UnprocessableEntityException({
      code: 'refund_too_large',
      message: `The amount must be more than $0.00 and at most $${max}.`,
      fields: { [field]: 'max' },
      params: { max },
    });
  }
  return toMoney(amount);
}

async function checkPhotos(photos: string[] | undefined): Promise<CheckedImage[]> {
  const checked: CheckedImage[] = [];
  for (const [k, photo] of (photos ?? []).entries()) checked.push(await checkImage(photo, `Photo ${k + 1}`));
  return checked;
}

function toSummary(dispute: Dispute, booking: Booking, provider: Provider, charge: Payment | null): DisputeSummaryDto {
  return {
    id: dispute.id,
    bookingId: dispute.bookingId,
    bookingNumber: booking.bookingNumber,
    serviceTitle: booking.serviceTitle,
    serviceTitleAr: booking.serviceTitleAr,
    clientName: booking.clientName,
    providerName: provider.businessName,
    reason: dispute.reason,
    status: dispute.status,
    outcome: dispute.outcome,
    requestedAmount: dispute.requestedAmount,
    paidAmount: charge ? (booking.paidAmount ?? charge.amount) : '0.00',
    refundedAmount: dispute.refundedAmount,
    decisionNote: dispute.decisionNote,
    createdAt: dispute.createdAt.toISOString(),
    respondedAt: dispute.respondedAt?.toISOString() ?? null,
    resolvedAt: dispute.resolvedAt?.toISOString() ?? null,
  };
}
