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
  claimedHours,
  type PriceType,
  type SlotUnavailableReason,
  type WeekDay,
  type WeeklyAvailability,
} from '@khidma/contracts';
import type { AuthUser } from '@khidma/nest-kit';
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

/** The HH:00 times a booking starting at `time` for `hours` hours covers. */
export const coveredTimes = (time: string, hours: number) =>
  Array.from({ length: hours }, (_, i) => hhmm(toMinutes(time) + i * 60));

/** The provider hours a booking holds, one row per hour (the unique key that decides races). */
export const slotClaims = (booking: Pick<Booking, 'id' | 'providerId' | 'scheduledDate' | 'scheduledTime' | 'duration'>) =>
  coveredTimes(booking.scheduledTime, claimedHours(booking.duration)).map((slotTime) => ({
    providerId: booking.providerId,
    slotDate: booking.scheduledDate,
    slotTime,
    bookingId: booking.id,
  }));

export interface SlotContext {
  date: string;
  weekday: WeekDay;
  availability: WeeklyAvailability;
  hours: number;
  /** Start instant of each slot time on `date`. */
  startsAt: (time: string) => Date;
  now: Date;
  /** Hours already claimed that day (HH:00), not counting the booking being moved. */
  taken: ReadonlySet<string>;
}

/** Why a booking cannot start at `time`, or null when it can. */
export function slotProblem(time: string, context: SlotContext): SlotUnavailableReason | null {
  if (context.startsAt(time).getTime() <= context.now.getTime()) return 'past';
  const opening = context.availability[context.weekday];
  const start = toMinutes(time);
  if (!opening || start < toMinutes(opening[0]) || start >= toMinutes(opening[1])) return 'closed';
  if (start + context.hours * 60 > toMinutes(opening[1])) return 'too_long';
  if (coveredTimes(time, context.hours).some((hour) => context.taken.has(hour))) return 'taken';
  return null;
}

/** The picker's view of a day: every bookable start time and why the others are not. */
export function daySlots(context: SlotContext): BookingSlotDto[] {
  return BOOKING_SLOTS.map((time) => {
    const reason = slotProblem(time, context);
    return reason ? { time, available: false, reason } : { time, available: true };
  });
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
