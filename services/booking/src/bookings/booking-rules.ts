import { randomBytes } from 'node:crypto';
import {
  BOOKING,
  BOOKING_SLOTS,
  type BookingActions,
  type BookingDto,
  type BookingPaidDto,
  type BookingSeriesInfo,
  type BookingSlot as BookingSlotDto,
  type BookingStatus,
  addCalendarDays,
  claimedHours,
  type PriceType,
  type SlotUnavailableReason,
  type WeeklyAvailability,
} from '@khidma/contracts';
import { type AuthUser, weekdayOf, zonedToInstant } from '@khidma/nest-kit';
import type { ProviderSpecialHours } from '../regional/provider-special-hours.entity.js';
import type { Provider } from '../catalogue/entities/provider.entity.js';
import type { ServiceCategory } from '../catalogue/entities/service-category.entity.js';
import type { ServiceListing } from '../catalogue/entities/service-listing.entity.js';
import type { Booking } from './entities/booking.entity.js';
import { centsToMoney, toCents } from './money.js';

const HOUR_MS = 3_600_000;

/** Crockford's base32: no I, L, O or U, so a number read aloud or retyped is not misread. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A readable booking reference, `KH-XXXX-XXXX`, from the low 5 bits of eight bytes. */
export function bookingNumberOf(bytes: Uint8Array): string {
  const chars = [...bytes.subarray(0, 8)].map((byte) => CROCKFORD[byte & 31]).join('');
  return `KH-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/** A new booking's reference: 40 random bits (unique index behind it). */
export const newBookingNumber = (): string => bookingNumberOf(randomBytes(8));

/**
 * Minutes a booking lasts: a per-job service takes its listing's duration, an hourly one what the
 * client asked for (whole hours, validated by the DTO).
 */
export function bookingDuration(
  service: { priceType: PriceType; durationMinutes: number | null },
  requested: number | undefined,
): number {
  if (service.priceType === 'per_job') return service.durationMinutes ?? BOOKING.defaultDurationMinutes;
  return requested ?? BOOKING.defaultDurationMinutes;
}

/** Computed on the server only: per job → the price, hourly → price × hours. */
export function bookingTotal(service: { priceType: PriceType; price: number }, minutes: number): string {
  const cents = toCents(service.price);
  return centsToMoney(service.priceType === 'per_job' ? cents : cents * (minutes / 60));
}

/** Minutes after midnight of an HH:MM time. */
export const toMinutes = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const DAY_MINUTES = 24 * 60;

/** The (date, HH:00) hours a booking starting at `time` on `date` covers; past midnight they fall on the next date. */
export const coveredSlots = (date: string, time: string, hours: number) =>
  Array.from({ length: hours }, (_, i) => {
    const minutes = toMinutes(time) + i * 60;
    return { date: addCalendarDays(date, Math.floor(minutes / DAY_MINUTES)), time: hhmm(minutes % DAY_MINUTES) };
  });

/** The provider hours a booking holds, one row per hour (the unique key that decides races). */
export const slotClaims = (booking: Pick<Booking, 'id' | 'providerId' | 'scheduledDate' | 'scheduledTime' | 'duration'>) =>
  coveredSlots(booking.scheduledDate, booking.scheduledTime, claimedHours(booking.duration)).map((slot) => ({
    providerId: booking.providerId,
    slotDate: slot.date,
    slotTime: slot.time,
    bookingId: booking.id,
  }));

/**
 * A working day's hours, in minutes after that day's midnight. `close` past 24:00 runs into the next
 * date (declared 20:00–02:00 is 1200–1560). `declared`: from special hours, not the weekly ones.
 */
export interface Opening {
  open: number;
  close: number;
  declared: boolean;
}

/** Special hours as the rules read them (the entity, or a test's literal). */
export type DeclaredHours = Pick<ProviderSpecialHours, 'startDate' | 'endDate' | 'opensAt' | 'closesAt'>;

/** The hours of working day `date`: declared special hours when a range covers it, else the weekly ones. */
export function openingOn(date: string, availability: WeeklyAvailability, declared: readonly DeclaredHours[]): Opening | null {
  const special = declared.find((range) => range.startDate <= date && date <= range.endDate);
  if (special) {
    if (!special.opensAt || !special.closesAt) return null;
    const open = toMinutes(special.opensAt);
    const close = toMinutes(special.closesAt);
    return { open, close: close <= open ? close + DAY_MINUTES : close, declared: true };
  }
  const weekly = availability[weekdayOf(date)];
  return weekly ? { open: toMinutes(weekly[0]), close: toMinutes(weekly[1]), declared: false } : null;
}

export interface SlotContext {
  /** The calendar date asked about, in the provider's region. */
  date: string;
  /** The provider's region zone: slot times are wall-clock times there. */
  zone: string;
  /** `date`'s own working hours. */
  opening: Opening | null;
  /** Minutes after `date`'s midnight that the day before's hours still run (0: they ended by midnight). */
  carriedOver: number;
  hours: number;
  now: Date;
  /** Hours already claimed on `date` and the day after, as `YYYY-MM-DD HH:00`, not counting the booking being moved. */
  taken: ReadonlySet<string>;
}

/** The instant a slot starting at `time` on the context's date begins. */
export const slotStartsAt = (context: Pick<SlotContext, 'date' | 'zone'>, time: string) => zonedToInstant(context.date, time, context.zone);

/** Minutes of `opening` that fall after the next midnight (what the next date inherits). */
export const carriedInto = (opening: Opening | null) => (opening ? Math.max(0, opening.close - DAY_MINUTES) : 0);

/**
 * Why a booking cannot start at `time` on the context's date, or null when it can. A time before
 * `carriedOver` belongs to the previous evening's hours (01:00 on the 10th of a 20:00–02:00 9th).
 */
export function slotProblem(time: string, context: SlotContext): SlotUnavailableReason | null {
  if (slotStartsAt(context, time).getTime() <= context.now.getTime()) return 'past';
  const start = toMinutes(time);
  const { opening } = context;
  const end =
    start < context.carriedOver ? context.carriedOver : opening && start >= opening.open && start < opening.close ? opening.close : null;
  if (end === null) return 'closed';
  if (start + context.hours * 60 > end) return 'too_long';
  if (coveredSlots(context.date, time, context.hours).some((slot) => context.taken.has(`${slot.date} ${slot.time}`))) return 'taken';
  return null;
}

const slotRow = (time: string, context: SlotContext): BookingSlotDto => {
  const reason = slotProblem(time, context);
  return reason ? { time, available: false, reason } : { time, available: true };
};

/**
 * The picker's view of working day `date`: the standard start times, the declared hours' own, and
 * those of its evening that run past midnight (with their calendar `date`, the next one).
 */
export function daySlots(context: SlotContext): BookingSlotDto[] {
  const { opening } = context;
  const declaredHours: number[] = [];
  if (opening?.declared) for (let m = Math.ceil(opening.open / 60) * 60; m + 60 <= opening.close; m += 60) declaredHours.push(m);
  const sameDay = [...new Set([...BOOKING_SLOTS, ...declaredHours.filter((m) => m < DAY_MINUTES).map(hhmm)])].sort();
  const rows = sameDay.map((time) => slotRow(time, context));
  const nextDate = addCalendarDays(context.date, 1);
  const next: SlotContext = { ...context, date: nextDate, opening: null, carriedOver: carriedInto(opening) };
  for (const m of declaredHours.filter((minutes) => minutes >= DAY_MINUTES)) {
    rows.push({ ...slotRow(hhmm(m - DAY_MINUTES), next), date: nextDate });
  }
  return rows;
}

/** Changes by the client stop this long before the start (spec: "up to 2 hours before"). */
export const beforeCutoff = (booking: Pick<Booking, 'startsAt'>, now: Date) =>
  booking.startsAt.getTime() - now.getTime() >= BOOKING.cancelCutoffHours * HOUR_MS;

const CHANGEABLE: readonly BookingStatus[] = ['pending', 'accepted'];
export const isChangeable = (status: BookingStatus) => CHANGEABLE.includes(status);

/** Provider moves: from which statuses each is allowed, and where it leads. */
export const TRANSITIONS = {
  accept: { from: ['pending'], to: 'accepted', event: 'booking.accepted' },
  decline: { from: ['pending', 'accepted'], to: 'cancelled', event: 'booking.declined' },
  start: { from: ['accepted'], to: 'in_progress', event: 'booking.started' },
  complete: { from: ['in_progress'], to: 'completed', event: 'booking.completed' },
} as const satisfies Record<string, { from: readonly BookingStatus[]; to: BookingStatus; event: string }>;
export type ProviderMove = keyof typeof TRANSITIONS;

/** How the caller relates to a booking; `none` never learns it exists. */
export type Relation = 'client' | 'provider' | 'admin' | 'none';
export function relationTo(booking: Pick<Booking, 'clientId'>, provider: Pick<Provider, 'userId'>, user: AuthUser | undefined): Relation {
  if (!user) return 'none';
  if (user.id === booking.clientId) return 'client';
  if (user.id === provider.userId) return 'provider';
  if (user.role === 'admin') return 'admin';
  return 'none';
}

/** What `user` may do with the booking now: the one rule set every response and check uses. */
export function allowedActions(booking: Booking, relation: Relation, now: Date): BookingActions {
  const clientSide = relation === 'client' || relation === 'admin';
  const providerSide = relation === 'provider' || relation === 'admin';
  const changeable = clientSide && isChangeable(booking.status) && beforeCutoff(booking, now);
  const can = (move: ProviderMove) => providerSide && (TRANSITIONS[move].from as readonly BookingStatus[]).includes(booking.status);
  return {
    cancel: changeable,
    reschedule: changeable,
    pay: relation === 'client' && booking.status !== 'cancelled' && (booking.paymentStatus === 'pending' || booking.paymentStatus === 'failed'),
    accept: can('accept'),
    decline: can('decline'),
    start: can('start'),
    complete: can('complete'),
  };
}

export function toBookingDto(booking: Booking, provider: Provider, relation: Relation, now: Date): BookingDto {
  return {
    id: booking.id,
    bookingNumber: booking.bookingNumber,
    serviceId: booking.serviceId,
    service: {
      id: booking.serviceId,
      title: booking.serviceTitle,
      titleAr: booking.serviceTitleAr,
      price: booking.servicePrice,
      priceType: booking.servicePriceType,
      categorySlug: booking.serviceCategorySlug,
      imageUrl: booking.serviceImageUrl,
    },
    providerId: booking.providerId,
    provider: {
      id: provider.id,
      businessName: provider.businessName,
      businessNameAr: provider.businessNameAr,
      email: provider.email,
      phone: provider.phone,
      city: provider.city,
      cityAr: provider.cityAr,
    },
    clientId: booking.clientId,
    clientName: booking.clientName,
    scheduledDate: booking.scheduledDate,
    scheduledTime: booking.scheduledTime,
    startsAt: booking.startsAt.toISOString(),
    duration: booking.duration,
    clientAddress: booking.clientAddress,
    clientPhone: booking.clientPhone,
    totalAmount: booking.totalAmount,
    paid: paidOf(booking),
    status: booking.status,
    paymentStatus: booking.paymentStatus,
    specialInstructions: booking.specialInstructions,
    cancellationReason: booking.cancellationReason,
    cancelledBy: booking.cancelledBy,
    createdAt: booking.createdAt.toISOString(),
    updatedAt: booking.updatedAt.toISOString(),
    series: seriesInfo(booking),
    actions: allowedActions(booking, relation, now),
  };
}

/** What the booking's payment took and gave back, or null while nothing was paid. */
export function paidOf(booking: Booking): BookingPaidDto | null {
  if (booking.paidAmount === null || booking.paidAmount === undefined) return null;
  const credit = booking.paidCredit ?? '0.00';
  return {
    amount: booking.paidAmount,
    discount: booking.paidDiscount ?? '0.00',
    promoCode: booking.paidPromoCode ?? null,
    credit,
    card: centsToMoney(toCents(booking.paidAmount) - toCents(credit)),
    refunded: booking.refundedAmount ?? '0.00',
    refundedToCredit: booking.refundedToCredit ?? '0.00',
  };
}

/** Where the booking sits in its series, or null for a one-off booking. */
export function seriesInfo(booking: Pick<Booking, 'seriesId' | 'seriesFrequency' | 'seriesIndex' | 'seriesSize'>): BookingSeriesInfo | null {
  if (!booking.seriesId || !booking.seriesFrequency || booking.seriesIndex === null || booking.seriesSize === null) return null;
  return { id: booking.seriesId, frequency: booking.seriesFrequency, index: booking.seriesIndex, size: booking.seriesSize };
}

/** What a booking keeps of its service as it was when booked (the listing may change later). */
export function serviceSnapshot(
  service: Pick<ServiceListing, 'title' | 'titleAr' | 'price' | 'priceType' | 'imageUrl'>,
  category: Pick<ServiceCategory, 'slug'>,
): Pick<Booking, 'serviceTitle' | 'serviceTitleAr' | 'servicePrice' | 'servicePriceType' | 'serviceCategorySlug' | 'serviceImageUrl'> {
  return {
    serviceTitle: service.title,
    serviceTitleAr: service.titleAr,
    servicePrice: service.price,
    servicePriceType: service.priceType,
    serviceCategorySlug: category.slug,
    serviceImageUrl: service.imageUrl,
  };
}
