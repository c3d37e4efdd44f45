import type { Language } from './constants.js';
import type { PriceBreakdown } from './promotions.js';
import type { BookingStatus, PaymentMethod, PaymentStatus, PriceType } from './enums.js';
import type { WeekDay } from './catalogue.js';
import type { RegionCode } from './regions.js';
import type { BookingSeriesInfo } from './series.js';
import type { RefundDestination } from './credit.js';

/**
 * An hourly booking lasts whole hours, 1 to 8 (in minutes, as requests carry it). The booking service
 * enforces it and the booking form offers exactly these hours, so the two never disagree.
 */
export const HOURLY_DURATION = { min: 60, max: 480 } as const;

/**
 * A phone number as people type it: an optional "+", then digits with blanks, brackets or dashes.
 * The services check it and the forms check the same rule, so a number a form accepts is never refused.
 */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{4,28}$/;

/** Who acted on a booking; recorded with cancellations and carried by booking events. */
export type BookingActor = 'client' | 'provider' | 'admin';

/** The service as a booking shows it (a snapshot of the listing at booking time). */
export interface BookingServiceDto {
  id: string;
  title: string;
  titleAr: string;
  price: number;
  priceType: PriceType;
  categorySlug: string;
  imageUrl: string | null;
}

export interface BookingProviderDto {
  id: string;
  businessName: string;
  businessNameAr: string;
  email: string | null;
  phone: string | null;
  city: string;
  cityAr: string;
}

/** What the caller may do with a booking now; computed by the server so the UI never disagrees with it. */
export interface BookingActions {
  cancel: boolean;
  reschedule: boolean;
  pay: boolean;
  accept: boolean;
  decline: boolean;
  start: boolean;
  complete: boolean;
}

/** Spec §3 Booking, plus a readable number and the server's view of allowed actions. */
export interface BookingDto {
  id: string;
  /** Readable reference shown to people, e.g. `KH-7Q4M-2XPA`. */
  bookingNumber: string;
  serviceId: string;
  service: BookingServiceDto;
  providerId: string;
  provider: BookingProviderDto;
  clientId: string;
  clientName: string;
  /** `YYYY-MM-DD` in the marketplace's time zone. */
  scheduledDate: string;
  /** `HH:MM` in the marketplace's time zone. */
  scheduledTime: string;
  /** The same moment as an ISO instant, for countdowns and calendars. */
  startsAt: string;
  /** Minutes. */
  duration: number;
  clientAddress: string;
  clientPhone: string;
  /** The list price: decimal string with two places, e.g. `"40.00"` (dollars). */
  totalAmount: string;
  /** What was actually paid and refunded; null until a payment succeeded. */
  paid: BookingPaidDto | null;
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  specialInstructions: string | null;
  cancellationReason: string | null;
  cancelledBy: BookingActor | null;
  createdAt: string;
  updatedAt: string;
  /** Set when the booking is one occurrence of a recurring series. */
  series: BookingSeriesInfo | null;
  actions: BookingActions;
}

/** A paid booking's money: list price less the promo discount is what was paid, by credit and card. */
export interface BookingPaidDto {
  /** Paid in all: `totalAmount` less `discount` (= `credit` + `card`). */
  amount: string;
  discount: string;
  promoCode: string | null;
  /** Paid from the client's Khidma credit. */
  credit: string;
  /** Charged to the card (or Apple Pay). */
  card: string;
  /** Refunded in all ("0.00" while not refunded) and the part of it that went to credit. */
  refunded: string;
  refundedToCredit: string;
}

/** `POST /api/bookings/create` (spec §3 payload; the amount is computed by the server). */
export interface CreateBookingRequest {
  serviceId: string;
  scheduledDate: string;
  scheduledTime: string;
  /** Minutes; hourly services may book whole hours, per-job services always take the listing's duration. */
  duration?: number;
  clientAddress: string;
  clientPhone: string;
  specialInstructions?: string;
  /** Name to address the client by; defaults to the account's e-mail local part. */
  clientName?: string;
  /** Language of the client's notifications and e-mails. */
  language?: Language;
}
export type CreateBookingResponse = BookingDto & { serviceTitle: string };

/** `GET /api/bookings/client/{userId}?tab=&limit=&after=`: one page of one My Bookings tab. */
export interface BookingListQuery {
  tab: BookingTab;
  limit?: number;
  /** The `nextCursor` of the previous page of the same tab. */
  after?: string;
}
export const BOOKING_LIST_LIMITS = { defaultLimit: 20, maxLimit: 50 } as const;

/** A page of the tab, latest appointment first; `nextCursor` is null on the last page. */
export interface BookingListResponse {
  bookings: BookingDto[];
  nextCursor: string | null;
  /** How many bookings each tab holds in all (the tab labels show them). */
  counts: Record<BookingTab, number>;
}

/** `POST /api/bookings/{id}/cancel` */
export interface CancelBookingRequest {
  cancellationReason: string;
  /** A paid booking's card part goes back to the card (default) or instantly to Khidma credit; a credit part always returns to credit. */
  refundTo?: RefundDestination;
}
/** `POST /api/bookings/{id}/decline` (provider) */
export interface DeclineBookingRequest {
  reason?: string;
}
/** Answer of cancel and decline: the booking, and the refund when it had been paid. */
export type CancelBookingResponse = BookingDto & { refund: BookingRefund | null };
/** What a cancellation gave back: `amount` in all, of it `toCredit` to Khidma credit and `toCard` to the card. */
export interface BookingRefund {
  amount: string;
  toCard: string;
  toCredit: string;
}
/** `POST /api/bookings/{id}/{accept,decline,start,complete}`: the booking; a decline of a paid one also tells the refund. */
export type ProviderMoveResponse = BookingDto | CancelBookingResponse;

/** `POST /api/bookings/{id}/reschedule` */
export interface RescheduleBookingRequest {
  scheduledDate: string;
  scheduledTime: string;
}

export type SlotUnavailableReason = 'past' | 'closed' | 'taken' | 'too_long';
export interface BookingSlot {
  time: string;
  available: boolean;
  reason?: SlotUnavailableReason;
  /**
   * The calendar date of a slot of the asked day's evening that runs past midnight (declared
   * 20:00–02:00: 00:00 and 01:00 are on the next date); book it with this date. Absent: the asked date.
   */
  date?: string;
}
/** `GET /api/bookings/availability?serviceId=&date=YYYY-MM-DD[&duration=][&excludeBookingId=]` (public). */
export interface AvailabilityResponse {
  serviceId: string;
  date: string;
  /** The provider's region zone: slot times are wall-clock times there. */
  timeZone: string;
  /** The provider's region (its weekend and zone). */
  region: RegionCode;
  /** Today in the provider's zone, so the date picker disables earlier days. */
  today: string;
  openWeekdays: WeekDay[];
  slots: BookingSlot[];
}

/** `POST /api/payments/process` (header `Idempotency-Key` makes retries safe). */
export interface ProcessPaymentRequest {
  bookingId: string;
  /** Dollars charged to the card/Apple Pay: the booking's total, less the promo discount, less `creditAmount`. */
  amount: number | string;
  /** Dollars of the client's credit to spend (at most the balance and the discounted total); 0 or absent: none. When it covers the whole total, `amount` is 0 and no card is needed. */
  creditAmount?: number | string;
  paymentMethod: PaymentMethod;
  /** A promo code (any case); it is redeemed only if the payment succeeds. */
  promoCode?: string;
  /**
   * Card only. The built-in test processor needs the number to pick its answer; the server keeps only
   * the last four digits and the expiry, never the number or the CVV.
   */
  cardDetails?: { number: string; holder: string; expiry: string; cvv: string };
}
export type PaymentDeclineCode = 'card_declined' | 'insufficient_funds' | 'expired_card';
export interface PaymentDto {
  id: string;
  bookingId: string;
  status: 'succeeded' | 'declined' | 'refunded';
  amount: string;
  paymentMethod: PaymentMethod;
  last4: string | null;
  declineCode: PaymentDeclineCode | null;
  createdAt: string;
}
/** 200 on success; a decline answers 402 with an ApiErrorBody whose `code` is the decline code. */
export interface ProcessPaymentResponse {
  payment: PaymentDto;
  /** What was charged: the booking's total, the code's discount and the amount paid (`total`, credit included). */
  charge: PriceBreakdown;
  /** Of `charge.total`, what came from credit and what the card paid (= `payment.amount`). */
  credit: string;
  booking: Pick<BookingDto, 'id' | 'paymentStatus' | 'status'>;
}

/** Test cards of the built-in processor (documented on the payment page and in docs/). */
export const TEST_CARDS: Readonly<Record<string, 'succeeds' | PaymentDeclineCode>> = {
  '4242424242424242': 'succeeds',
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
};
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** Error codes of the booking and payment routes (ApiErrorBody.code), translated by the frontends. */
export const BOOKING_ERROR_CODES = [
  'slot_taken',
  'slot_unavailable',
  'booking_not_cancellable',
  'cancellation_too_late',
  'booking_not_reschedulable',
  'invalid_transition',
  'already_paid',
  'amount_mismatch',
  'idempotency_key_reused',
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'unverified_booking_limit',
  // Recurring series (series.ts)
  'series_conflicts',
  'series_end_required',
  'series_too_long',
  'series_too_short',
  'series_empty',
  'series_resolution_invalid',
  'not_in_series',
] as const;
export type BookingErrorCode = (typeof BOOKING_ERROR_CODES)[number];

/** Pending bookings an account may hold before its e-mail is verified (403 unverified_booking_limit past it). */
export const UNVERIFIED_PENDING_BOOKINGS_MAX = 2;

/** Tabs of My Bookings (spec §2) and which statuses each holds. */
export const BOOKING_TABS = {
  upcoming: ['pending', 'accepted', 'in_progress'],
  completed: ['completed'],
  cancelled: ['cancelled'],
} as const satisfies Record<string, readonly BookingStatus[]>;
export type BookingTab = keyof typeof BOOKING_TABS;
