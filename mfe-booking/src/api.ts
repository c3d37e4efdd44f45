import {
  IDEMPOTENCY_KEY_HEADER,
  type AvailabilityResponse,
  type BookingDto,
  type BookingReviewResponse,
  type BookingDisputeResponse,
  type DisputeDto,
  type DisputeReplyRequest,
  type OpenDisputeRequest,
  type CreateReviewRequest,
  type BookingListQuery,
  type BookingListResponse,
  type CancelBookingRequest,
  type CancelBookingResponse,
  type CancelFollowingResponse,
  type CreditAccountDto,
  type CreateSeriesRequest,
  type CreateSeriesResponse,
  type SeriesPlanRequest,
  type SeriesPreviewResponse,
  type CreateBookingRequest,
  type CreateBookingResponse,
  type PriceBreakdown,
  type ProcessPaymentRequest,
  type ProcessPaymentResponse,
  type RescheduleBookingRequest,
  type ReviewDetailDto,
  type ServiceDetailDto,
  type ServiceListResponse,
  type ServiceSummaryDto,
  type UpdateReviewRequest,
} from '@khidma/contracts';
import { apiFetch } from '@khidma/web-kit';

/** Every call this remote makes, in one place (paths of spec §7 and packages/contracts/src/bookings.ts). */

const id = (value: string) => encodeURIComponent(value);

export const getService = (idOrSlug: string, signal?: AbortSignal) =>
  apiFetch<ServiceDetailDto>(`/services/${id(idOrSlug)}`, { signal });

/** Spec §7: the booking form picks the first service of a category (`limit=1`); null when there is none. */
export async function firstServiceOf(category: string, signal?: AbortSignal): Promise<ServiceSummaryDto | null> {
  const query = new URLSearchParams({ category, limit: '1' });
  const answer = await apiFetch<ServiceListResponse>(`/services?${query.toString()}`, { signal });
  return answer.services[0] ?? null;
}

export interface AvailabilityQuery {
  serviceId: string;
  date: string;
  duration?: number;
  /** The booking being moved: its own slot counts as free. */
  excludeBookingId?: string;
}

export function getAvailability(query: AvailabilityQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({ serviceId: query.serviceId, date: query.date });
  if (query.duration) params.set('duration', String(query.duration));
  if (query.excludeBookingId) params.set('excludeBookingId', query.excludeBookingId);
  return apiFetch<AvailabilityResponse>(`/bookings/availability?${params.toString()}`, { signal });
}

export const createBooking = (request: CreateBookingRequest) =>
  apiFetch<CreateBookingResponse>('/bookings/create', { method: 'POST', json: request });

/** A recurring plan's dates, each with whether it can be booked and, if not, the nearest free slots. */
export const previewSeries = (request: SeriesPlanRequest) =>
  apiFetch<SeriesPreviewResponse>('/bookings/series/preview', { method: 'POST', json: request });

export const createSeries = (request: CreateSeriesRequest) =>
  apiFetch<CreateSeriesResponse>('/bookings/series/create', { method: 'POST', json: request });

/** Cancels this occurrence and every later pending/accepted one of its series. */
export const cancelFollowing = (bookingId: string, request: CancelBookingRequest) =>
  apiFetch<CancelFollowingResponse>(`/bookings/${id(bookingId)}/cancel-following`, { method: 'POST', json: request });

/** One page of one My Bookings tab; `after` is the previous page's `nextCursor`. */
export const listMyBookings = (userId: string, { tab, after }: Pick<BookingListQuery, 'tab' | 'after'>, signal?: AbortSignal) => {
  const params = new URLSearchParams({ tab, ...(after ? { after } : {}) });
  return apiFetch<BookingListResponse>(`/bookings/client/${id(userId)}?${params.toString()}`, { signal });
};

export const getBooking = (bookingId: string, signal?: AbortSignal) =>
  apiFetch<BookingDto>(`/bookings/${id(bookingId)}`, { signal });

export const cancelBooking = (bookingId: string, request: CancelBookingRequest) =>
  apiFetch<CancelBookingResponse>(`/bookings/${id(bookingId)}/cancel`, { method: 'POST', json: request });

export const rescheduleBooking = (bookingId: string, request: RescheduleBookingRequest) =>
  apiFetch<BookingDto>(`/bookings/${id(bookingId)}/reschedule`, { method: 'POST', json: request });

/** `idempotencyKey` names one payment attempt: the server answers a repeat with the first result. */
export const processPayment = (request: ProcessPaymentRequest, idempotencyKey: string) =>
  apiFetch<ProcessPaymentResponse>('/payments/process', {
    method: 'POST',
    json: request,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });

/** What a promo code takes off the booking (nothing is held until the payment succeeds). */
export const checkPromoCode = (bookingId: string, code: string) =>
  apiFetch<PriceBreakdown>('/promotions/check', { method: 'POST', json: { bookingId, code } });

/** The client's own Khidma credit: balance and the newest entries. */
export const getMyCredit = (limit: number, signal?: AbortSignal) => apiFetch<CreditAccountDto>(`/credit?limit=${limit}`, { signal });

export const getBookingReview = (bookingId: string, signal?: AbortSignal) =>
  apiFetch<BookingReviewResponse>(`/bookings/${id(bookingId)}/review`, { signal });

export const createReview = (bookingId: string, request: CreateReviewRequest) =>
  apiFetch<ReviewDetailDto>(`/bookings/${id(bookingId)}/review`, { method: 'POST', json: request });

export const updateReview = (reviewId: string, request: UpdateReviewRequest) =>
  apiFetch<ReviewDetailDto>(`/reviews/${id(reviewId)}`, { method: 'PATCH', json: request });

/** The booking's dispute (or whether one may be opened, until when, for how much). */
export const getBookingDispute = (bookingId: string, signal?: AbortSignal) =>
  apiFetch<BookingDisputeResponse>(`/bookings/${id(bookingId)}/dispute`, { signal });

export const openDispute = (bookingId: string, request: OpenDisputeRequest) =>
  apiFetch<DisputeDto>(`/bookings/${id(bookingId)}/dispute`, { method: 'POST', json: request });

export const replyToDispute = (disputeId: string, request: DisputeReplyRequest) =>
  apiFetch<DisputeDto>(`/disputes/${id(disputeId)}/messages`, { method: 'POST', json: request });
