import { ConflictException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import {
  BOOKING_TABS,
  UNVERIFIED_PENDING_BOOKINGS_MAX,
  type AvailabilityResponse,
  type BookingActor,
  type BookingDto,
  type BookingEventType,
  type BookingListResponse,
  type BookingStatus,
  type BookingTab,
  type CancelBookingResponse,
  type CancelFollowingResponse,
  claimedHours,
  type CreateBookingResponse,
  type RefundDestination,
  type SlotUnavailableReason,
} from '@khidma/contracts';
import { type AuthUser, badCursor, Clock, isCalendarDate, OutboxService, readCursorKey, SERVICE_CONFIG, writeCursor } from '@khidma/nest-kit';
import { isUUID } from 'class-validator';
import { DataSource, type EntityManager, In } from 'typeorm';
import { Provider } from '../catalogue/entities/provider.entity.js';
import { ServiceCategory } from '../catalogue/entities/service-category.entity.js';
import { ServiceListing } from '../catalogue/entities/service-listing.entity.js';
import type { BookingConfig } from '../config.js';
import { refundPayment } from '../payments/refunds.js';
import { bookingEventPayload, type BookingEventPayload } from './booking.events.js';
import {
  allowedActions,
  beforeCutoff,
  bookingDuration,
  bookingTotal,
  daySlots,
  isChangeable,
  newBookingNumber,
  type ProviderMove,
  type Relation,
  relationTo,
  serviceSnapshot,
  slotClaims,
  type SlotContext,
  slotProblem,
  slotStartsAt,
  toBookingDto,
  TRANSITIONS,
} from './booking-rules.js';
import type { AvailabilityQuery, ClientBookingsQuery, CreateBookingDto, SlotDto } from './dto/booking.dto.js';
import { BookingSlot } from './entities/booking-slot.entity.js';
import { SlotCalendar } from './slot-calendar.js';
import { Booking } from './entities/booking.entity.js';
import { BookingTransactions, isDuplicateKey } from './transactions.js';

export const bookingNotFound = () => new NotFoundException({ code: 'not_found', message: 'Booking not found' });
const serviceUnavailable = () =>
  new NotFoundException({ code: 'not_found', message: 'This service is not available for booking' });
const slotTaken = () =>
  new ConflictException({ code: 'slot_taken', message: 'This time slot was just booked by someone else. Please pick another time.' });

const TAB_NAMES = Object.keys(BOOKING_TABS) as BookingTab[];
const inTab = (tab: BookingTab, status: BookingStatus) => (BOOKING_TABS[tab] as readonly BookingStatus[]).includes(status);

/** Where a page of a tab stopped: its last booking's sort key and id. */
interface ListPosition {
  date: string;
  time: string;
  createdAt: Date;
  id: string;
}

/** The next page's cursor: the tab and the last booking's key. */
function writeTabCursor(tab: BookingTab, last: Booking): string {
  return writeCursor(tab, [last.scheduledDate, last.scheduledTime, last.createdAt.getTime(), last.id]);
}

/** The position a cursor names, checked against the tab asked for; anything else answers 400 naming `after`. */
function readTabCursor(cursor: string, tab: BookingTab): ListPosition {
  const key = readCursorKey(cursor, tab);
  const [date, time, createdAt, id] = key ?? [];
  if (
    key?.length !== 4 ||
    typeof date !== 'string' || !isCalendarDate(date) ||
    typeof time !== 'string' || !/^\d{2}:\d{2}$/.test(time) ||
    !Number.isSafeInteger(createdAt) ||
    typeof id !== 'string' || !isUUID(id)
  ) {
    throw badCursor('after is not a cursor of this tab');
  }
  return { date, time, createdAt: new Date(createdAt as number), id };
}

const NO_SERIES = { seriesId: null, seriesFrequency: null, seriesIndex: null, seriesSize: null } as const;

/** 40 random bits per number: a second clash in a row would mean something else is wrong. */
const BOOKING_NUMBER_ATTEMPTS = 3;

const SLOT_PROBLEMS: Record<Exclude<SlotUnavailableReason, 'taken'>, string> = {
  past: 'This time has already passed. Please pick a later time.',
  closed: 'The provider is not available at this time. Please pick another time.',
  too_long: 'The booking would run past the provider’s closing time. Please pick an earlier time.',
};

/** A locked booking with everything a change needs. */
interface Locked {
  manager: EntityManager;
  booking: Booking;
  provider: Provider;
  relation: Relation;
  now: Date;
}

@Injectable()
export class BookingsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: BookingTransactions,
    private readonly outbox: OutboxService,
    private readonly clock: Clock,
    private readonly calendar: SlotCalendar,
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
  ) {}

  /**
   * An account whose e-mail is not verified may hold only a few pending bookings, so scripted
   * sign-ups cannot fill providers' calendars; the booking page says so to such accounts.
   */
  private async assertUnverifiedCap(manager: EntityManager, user: AuthUser) {
    const pending = await manager.countBy(Booking, { clientId: user.id, status: 'pending' });
    if (pending >= UNVERIFIED_PENDING_BOOKINGS_MAX) {
      throw new ForbiddenException({
        code: 'unverified_booking_limit',
        message: `Verify your e-mail address to have more than ${UNVERIFIED_PENDING_BOOKINGS_MAX} pending bookings.`,
        params: { max: UNVERIFIED_PENDING_BOOKINGS_MAX },
      });
    }
  }

  async create(user: AuthUser, dto: CreateBookingDto, emailVerified: boolean): Promise<CreateBookingResponse> {
    return this.transactions.run((manager) => this.createIn(manager, user, dto, emailVerified));
  }

  /**
   * The one way a booking is made, inside the caller's transaction: a single booking and each
   * occurrence of a series (series/) go through the same checks, hour claims and event.
   */
  async createIn(
    manager: EntityManager,
    user: AuthUser,
    dto: CreateBookingDto,
    emailVerified: boolean,
    series: Pick<Booking, 'seriesId' | 'seriesFrequency' | 'seriesIndex' | 'seriesSize'> = NO_SERIES,
  ): Promise<CreateBookingResponse> {
    const now = this.clock.now();
    if (!emailVerified) await this.assertUnverifiedCap(manager, user);
    const { service, provider } = await this.bookableService(manager, dto.serviceId);
    if (provider.userId === user.id) {
      throw new ForbiddenException({ code: 'forbidden', message: 'You cannot book your own service' });
    }
    const duration = bookingDuration(service, dto.duration);
    const context = await this.calendar.day(manager, provider, dto.scheduledDate, claimedHours(duration), now);
    this.assertSlot(dto.scheduledTime, context);
    const category = await manager.findOneByOrFail(ServiceCategory, { id: service.categoryId });

    const id = randomUUID();
    await this.insertNumbered(manager, {
      id,
      serviceId: service.id,
      providerId: provider.id,
      clientId: user.id,
      clientName: dto.clientName ?? user.email.split('@')[0]!,
      clientEmail: user.email,
      clientLanguage: dto.language ?? 'en',
      ...serviceSnapshot(service, category),
      scheduledDate: dto.scheduledDate,
      scheduledTime: dto.scheduledTime,
      startsAt: slotStartsAt(context, dto.scheduledTime),
      duration,
      clientAddress: dto.clientAddress,
      clientPhone: dto.clientPhone,
      totalAmount: bookingTotal(service, duration),
      status: 'pending',
      paymentStatus: 'pending',
      specialInstructions: dto.specialInstructions ?? null,
      cancellationReason: null,
      cancelledBy: null,
      completedAt: null,
      ...series,
    });
    const booking = await manager.findOneByOrFail(Booking, { id });
    await this.claim(manager, booking);
    await this.publish(manager, 'booking.created', booking, provider, 'client');
    return { ...toBookingDto(booking, provider, 'client', now), serviceTitle: booking.serviceTitle };
  }

  async availability(user: AuthUser | undefined, query: AvailabilityQuery): Promise<AvailabilityResponse> {
    const manager = this.dataSource.manager;
    const now = this.clock.now();
    const { service, provider } = await this.bookableService(manager, query.serviceId);
    // The reschedule picker counts a booking's own hours as free, for whoever may move it only.
    let exclude: string | undefined;
    if (query.excludeBookingId) {
      const own = await manager.findOneBy(Booking, { id: query.excludeBookingId, providerId: provider.id });
      if (own && allowedActions(own, relationTo(own, provider, user), now).reschedule) exclude = own.id;
    }
    const hours = claimedHours(bookingDuration(service, query.duration));
    const context = await this.calendar.day(manager, provider, query.date, hours, now, exclude);
    return {
      serviceId: service.id,
      date: query.date,
      timeZone: context.zone,
      region: this.calendar.regionOf(provider).code,
      today: this.calendar.todayOf(provider, now),
      openWeekdays: (Object.keys(provider.weeklyAvailability) as (keyof Provider['weeklyAvailability'])[]).filter(
        (day) => provider.weeklyAvailability[day] !== null,
      ),
      slots: daySlots(context),
    };
  }

  /**
   * One page of one My Bookings tab of a client (their own, or any client's for an admin), read from just
   * after the cursor's booking on idx_bookings_client_tab, with every tab's count from the same index.
   * Upcoming runs soonest first (the next appointment must not sit behind "Load more" when a weekly series
   * fills pages), the other tabs latest first. Strangers get 404 as if there were nothing.
   */
  async listForClient(user: AuthUser, clientId: string, query: ClientBookingsQuery): Promise<BookingListResponse> {
    if (user.id !== clientId && user.role !== 'admin') throw new NotFoundException({ code: 'not_found', message: 'No such bookings' });
    const position = query.after === undefined ? undefined : readTabCursor(query.after, query.tab);
    const repository = this.dataSource.getRepository(Booking);
    const [direction, past] = query.tab === 'upcoming' ? (['ASC', '>'] as const) : (['DESC', '<'] as const);
    const page = repository
      .createQueryBuilder('b')
      .where('b.clientId = :clientId AND b.status IN (:...statuses)', { clientId, statuses: BOOKING_TABS[query.tab] })
      .orderBy('b.scheduledDate', direction)
      .addOrderBy('b.scheduledTime', direction)
      .addOrderBy('b.createdAt', direction)
      .addOrderBy('b.id', direction)
      // One more than the page: whether there is a next page without a second query or an empty last page.
      .limit(query.limit + 1);
    if (position) {
      page.andWhere(
        `(b.scheduledDate ${past} :date OR (b.scheduledDate = :date AND (b.scheduledTime ${past} :time
          OR (b.scheduledTime = :time AND (b.createdAt ${past} :createdAt OR (b.createdAt = :createdAt AND b.id ${past} :id))))))`,
        position,
      );
    }
    const [rows, tally] = await Promise.all([
      page.getMany(),
      repository
        .createQueryBuilder('b')
        .select('b.status', 'status')
        .addSelect('COUNT(*)', 'n')
        .where('b.clientId = :clientId', { clientId })
        .groupBy('b.status')
        .getRawMany<{ status: BookingStatus; n: string | number }>(),
    ]);
    const bookings = rows.slice(0, query.limit);
    const last = bookings.at(-1);
    const counts = Object.fromEntries(
      TAB_NAMES.map((tab) => [tab, tally.filter((row) => inTab(tab, row.status)).reduce((sum, row) => sum + Number(row.n), 0)]),
    ) as BookingListResponse['counts'];
    return {
      bookings: await this.toDtos(bookings, (booking, provider) => relationTo(booking, provider, user)),
      nextCursor: last && rows.length > query.limit ? writeTabCursor(query.tab, last) : null,
      counts,
    };
  }

  /** Bookings as the API shows them, their providers read in one query; `relationOf` says whose view. */
  async toDtos(bookings: Booking[], relationOf: (booking: Booking, provider: Provider) => Relation): Promise<BookingDto[]> {
    const providerIds = [...new Set(bookings.map((b) => b.providerId))];
    const providers = new Map(
      (providerIds.length ? await this.dataSource.getRepository(Provider).findBy({ id: In(providerIds) }) : []).map((p) => [p.id, p]),
    );
    const now = this.clock.now();
    return bookings.map((booking) => {
      const provider = providers.get(booking.providerId)!;
      return toBookingDto(booking, provider, relationOf(booking, provider), now);
    });
  }

  async get(user: AuthUser, id: string): Promise<BookingDto> {
    const { booking, provider, relation } = await this.visible(this.dataSource.manager, user, id);
    return toBookingDto(booking, provider, relation, this.clock.now());
  }

  /** The client (or an admin) calls it off, up to the cut-off; a paid booking is refunded. */
  cancel(user: AuthUser, id: string, reason: string, refundTo: RefundDestination = 'card'): Promise<CancelBookingResponse> {
    return this.locked(user, id, async (locked) => {
      assertCancellable(locked);
      return this.callOff(locked, locked.relation === 'admin' ? 'admin' : 'client', reason, 'booking.cancelled', refundTo);
    });
  }

  /**
   * "Cancel this and all later occurrences": this booking under the single-cancel rules, then every
   * later pending/accepted booking of its series, each released and refunded like a single cancel —
   * all in one transaction.
   */
  cancelFollowing(user: AuthUser, id: string, reason: string, refundTo: RefundDestination = 'card'): Promise<CancelFollowingResponse> {
    return this.locked(user, id, async (locked) => {
      const { manager, booking } = locked;
      if (!booking.seriesId) {
        throw new ConflictException({ code: 'not_in_series', message: 'This booking is not part of a recurring series' });
      }
      assertCancellable(locked);
      const actor = locked.relation === 'admin' ? 'admin' : 'client';
      const siblings = await manager.find(Booking, {
        where: { seriesId: booking.seriesId, clientId: booking.clientId },
        order: { startsAt: 'ASC' },
        lock: this.transactions.rowLock,
      });
      const later = siblings.filter((other) => other.startsAt > booking.startsAt && isChangeable(other.status));
      const cancelled = [await this.callOff(locked, actor, reason, 'booking.cancelled', refundTo)];
      for (const other of later) cancelled.push(await this.callOff({ ...locked, booking: other }, actor, reason, 'booking.cancelled', refundTo));
      return { cancelled };
    });
  }

  /** Moves the booking to another slot (same length), swapping its hour claims in one transaction. */
  reschedule(user: AuthUser, id: string, slot: SlotDto): Promise<BookingDto> {
    return this.locked(user, id, async ({ manager, booking, provider, relation, now }) => {
      if (relation === 'provider') {
        throw new ForbiddenException({ code: 'forbidden', message: 'Only the client can reschedule a booking' });
      }
      if (!isChangeable(booking.status)) {
        throw new ConflictException({ code: 'booking_not_reschedulable', message: `A ${booking.status} booking cannot be rescheduled` });
      }
      if (!beforeCutoff(booking, now)) throw tooLate();
      await this.bookableService(manager, booking.serviceId);
      const context = await this.calendar.day(manager, provider, slot.scheduledDate, claimedHours(booking.duration), now, booking.id);
      this.assertSlot(slot.scheduledTime, context);

      const previous = { scheduledDate: booking.scheduledDate, scheduledTime: booking.scheduledTime };
      await manager.delete(BookingSlot, { bookingId: booking.id });
      Object.assign(booking, { ...slot, startsAt: slotStartsAt(context, slot.scheduledTime) });
      await this.claim(manager, booking);
      const saved = await this.save(manager, booking);
      await this.publish(manager, 'booking.rescheduled', saved, provider, relation === 'admin' ? 'admin' : 'client', { previous });
      return toBookingDto(saved, provider, relation, now);
    });
  }

  /** accept / decline / start / complete: the provider's (or an admin's) moves along the status chain. */
  transition(user: AuthUser, id: string, move: ProviderMove, reason?: string): Promise<BookingDto | CancelBookingResponse> {
    return this.locked(user, id, async (locked) => {
      const { manager, booking, provider, relation, now } = locked;
      if (relation === 'client') {
        throw new ForbiddenException({ code: 'forbidden', message: 'Only the provider can do this' });
      }
      const rule = TRANSITIONS[move];
      if (!(rule.from as readonly string[]).includes(booking.status)) {
        throw new ConflictException({
          code: 'invalid_transition',
          message: `A ${booking.status} booking cannot be moved to ${rule.to}`,
          params: { from: booking.status, to: rule.to },
        });
      }
      const actor: BookingActor = relation === 'admin' ? 'admin' : 'provider';
      if (move === 'decline') return this.callOff(locked, actor, reason ?? null, 'booking.declined');
      booking.status = rule.to;
      if (move === 'complete') booking.completedAt = now;
      const saved = await this.save(manager, booking);
      if (move === 'complete') await manager.increment(Provider, { id: provider.id }, 'completedJobs', 1);
      await this.publish(manager, rule.event, saved, provider, actor);
      return toBookingDto(saved, provider, relation, now);
    });
  }

  /** Cancel or decline: releases the hours and refunds a paid booking, with one event. */
  private async callOff(
    { manager, booking, provider, relation, now }: Locked,
    actor: BookingActor,
    reason: string | null,
    event: BookingEventType,
    refundTo: RefundDestination = 'card',
  ): Promise<CancelBookingResponse> {
    let refund: CancelBookingResponse['refund'] = null;
    if (booking.paymentStatus === 'paid') {
      // What was actually paid (after any promo discount): the credit part back to credit, the card part as chosen.
      const { amount, toCard, toCredit } = await refundPayment(manager, booking, now, { to: refundTo });
      refund = { amount, toCard, toCredit };
    }
    Object.assign(booking, { status: 'cancelled', cancellationReason: reason, cancelledBy: actor });
    await manager.delete(BookingSlot, { bookingId: booking.id });
    const saved = await this.save(manager, booking);
    await this.publish(manager, event, saved, provider, actor, { reason, refundedAmount: refund?.amount ?? null });
    return { ...toBookingDto(saved, provider, relation, now), refund };
  }

  /**
   * Runs a change on the booking row locked for this transaction: concurrent changes of one booking
   * queue up and each sees the other's result.
   */
  private locked<T>(user: AuthUser, id: string, change: (locked: Locked) => Promise<T>): Promise<T> {
    return this.transactions.run(async (manager) => {
      const visible = await this.visible(manager, user, id, this.transactions.rowLock);
      return change({ manager, ...visible, now: this.clock.now() });
    });
  }

  /** The booking, its provider and the caller's side; strangers get the same 404 as for a missing booking. */
  private async visible(manager: EntityManager, user: AuthUser, id: string, lock?: BookingTransactions['rowLock']) {
    const booking = await manager.findOne(Booking, { where: { id }, lock });
    if (!booking) throw bookingNotFound();
    const provider = await manager.findOneByOrFail(Provider, { id: booking.providerId });
    const relation = relationTo(booking, provider, user);
    if (relation === 'none') throw bookingNotFound();
    return { booking, provider, relation };
  }

  /** Locks and returns the booking a client may pay (used by payments in its own transaction). */
  async lockForPayment(manager: EntityManager, user: AuthUser, id: string): Promise<{ booking: Booking; provider: Provider }> {
    const booking = await manager.findOne(Booking, { where: { id }, lock: this.transactions.rowLock });
    if (!booking || booking.clientId !== user.id) throw bookingNotFound();
    return { booking, provider: await manager.findOneByOrFail(Provider, { id: booking.providerId }) };
  }

  async save(manager: EntityManager, booking: Booking): Promise<Booking> {
    // TypeORM's update bumps `version` and `updatedAt` itself.
    const { id, version: _version, createdAt: _created, updatedAt: _updated, ...fields } = booking;
    await manager.update(Booking, { id }, fields);
    return manager.findOneByOrFail(Booking, { id });
  }

  /** Writes a booking event in the caller's transaction: it leaves only if the change commits. */
  async publish(
    manager: EntityManager,
    type: BookingEventType,
    booking: Booking,
    provider: Provider,
    actor: BookingActor,
    extra: Pick<BookingEventPayload, 'previous' | 'reason' | 'refundedAmount'> = {},
  ): Promise<void> {
    await this.outbox.publishEvent(manager, type, { ...bookingEventPayload(booking, provider, actor, extra) });
  }

  /** Inserts a new booking under a fresh random number, drawing again in the rare case it is taken. */
  private async insertNumbered(manager: EntityManager, booking: Omit<Booking, 'bookingNumber' | 'createdAt' | 'updatedAt' | 'version'>) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await manager.insert(Booking, { ...booking, bookingNumber: newBookingNumber() });
      } catch (error) {
        if (!isDuplicateKey(error) || attempt >= BOOKING_NUMBER_ATTEMPTS) throw error;
      }
    }
  }

  /** The active listing of an approved provider, or 404 (a series plans against it too). */
  async bookableService(manager: EntityManager, serviceId: string) {
    const service = await manager.findOneBy(ServiceListing, { id: serviceId });
    const provider = service && (await manager.findOneBy(Provider, { id: service.providerId }));
    if (!service || !provider || service.status !== 'active' || provider.status !== 'approved') throw serviceUnavailable();
    return { service, provider };
  }

  private assertSlot(time: string, context: SlotContext) {
    const problem = slotProblem(time, context);
    if (problem === 'taken') throw slotTaken();
    if (problem) throw new ConflictException({ code: 'slot_unavailable', message: SLOT_PROBLEMS[problem], params: { reason: problem } });
  }

  /**
   * Claims every hour the booking covers. The (provider, day, hour) key decides races: of two
   * transactions claiming one hour, the second fails here and rolls back whole.
   */
  private async claim(manager: EntityManager, booking: Booking) {
    try {
      await manager.insert(BookingSlot, slotClaims(booking));
    } catch (error) {
      if (isDuplicateKey(error)) throw slotTaken();
      throw error;
    }
  }
}

/** The single-cancel rules: the client's (or an admin's) call, a changeable status, before the cut-off. */
function assertCancellable({ booking, relation, now }: Locked) {
  if (relation === 'provider') {
    throw new ForbiddenException({ code: 'forbidden', message: 'Providers decline bookings instead of cancelling them' });
  }
  if (!isChangeable(booking.status)) {
    throw new ConflictException({ code: 'booking_not_cancellable', message: `A ${booking.status} booking cannot be cancelled` });
  }
  if (!beforeCutoff(booking, now)) throw tooLate();
}

const tooLate = () =>
  new ConflictException({
    code: 'cancellation_too_late',
    message: 'Bookings can be cancelled or rescheduled up to 2 hours before the start.',
  });
