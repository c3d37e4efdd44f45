import type {
  AvailabilityDto,
  DisputeListResponse,
  BookingDto,
  EarningsPeriod,
  EarningsSeriesDto,
  MyApplicationResponse,
  ProviderApplicationDto,
  ProviderApplicationRequest,
  ProviderBookingsResponse,
  ProviderServiceDto,
  ProviderServiceRequest,
  ProviderRegionDto,
  ProviderStatsDto,
  RegionCode,
  ReplyToReviewRequest,
  ReviewDetailDto,
  ReviewListResponse,
  ServiceCategoryDto,
  SpecialHoursDto,
  SpecialHoursListResponse,
  SpecialHoursRequest,
} from '@khidma/contracts';
import { apiFetch } from '@khidma/web-kit';

/** Every call this remote makes, in one place (spec §7 and packages/contracts/src/supply.ts). */

const id = (value: string) => encodeURIComponent(value);

export const applyAsProvider = (request: ProviderApplicationRequest) =>
  apiFetch<ProviderApplicationDto>('/providers/apply', { method: 'POST', json: request });

export const getMyApplication = (signal?: AbortSignal) => apiFetch<MyApplicationResponse>('/providers/application', { signal });

export const getStats = (signal?: AbortSignal) => apiFetch<ProviderStatsDto>('/provider/stats', { signal });

export const getEarnings = (period: EarningsPeriod, signal?: AbortSignal) =>
  apiFetch<EarningsSeriesDto>(`/provider/earnings?period=${period}`, { signal });

/** Periods of the bookings list: the earnings periods, plus everything. */
export const BOOKING_PERIODS = ['week', 'month', 'year', 'all'] as const;
export type BookingPeriod = (typeof BOOKING_PERIODS)[number];

export const getBookings = (period: BookingPeriod, signal?: AbortSignal) =>
  apiFetch<ProviderBookingsResponse>(`/provider/bookings?period=${period}`, { signal });

export type BookingTransition = 'accept' | 'decline' | 'start' | 'complete';

export const transitionBooking = (bookingId: string, transition: BookingTransition, reason?: string) =>
  apiFetch<BookingDto>(`/bookings/${id(bookingId)}/${transition}`, {
    method: 'POST',
    json: transition === 'decline' ? (reason ? { reason } : {}) : {},
  });

export const getCategories = (signal?: AbortSignal) => apiFetch<ServiceCategoryDto[]>('/service-categories', { signal });

/** The provider's own services; read as a list or as `{ services }` (spec §7 lists take both forms). */
export async function listServices(signal?: AbortSignal): Promise<ProviderServiceDto[]> {
  const answer = await apiFetch<ProviderServiceDto[] | { services: ProviderServiceDto[] }>('/provider/services', { signal });
  return Array.isArray(answer) ? answer : answer.services;
}

export const createService = (request: ProviderServiceRequest) =>
  apiFetch<ProviderServiceDto>('/provider/services', { method: 'POST', json: request });

export const updateService = (serviceId: string, request: ProviderServiceRequest) =>
  apiFetch<ProviderServiceDto>(`/provider/services/${id(serviceId)}`, { method: 'PUT', json: request });

export const setServiceActive = (serviceId: string, active: boolean) =>
  apiFetch<ProviderServiceDto>(`/provider/services/${id(serviceId)}/${active ? 'activate' : 'deactivate'}`, { method: 'POST' });

export const getAvailability = (signal?: AbortSignal) => apiFetch<AvailabilityDto>('/provider/availability', { signal });

export const saveAvailability = (request: AvailabilityDto) =>
  apiFetch<AvailabilityDto>('/provider/availability', { method: 'PUT', json: request });

export const listMyReviews = (page: number, pageSize: number, signal?: AbortSignal) =>
  apiFetch<ReviewListResponse>(`/provider/reviews?page=${page}&pageSize=${pageSize}`, { signal });

export const replyToReview = (reviewId: string, request: ReplyToReviewRequest) =>
  apiFetch<ReviewDetailDto>(`/reviews/${id(reviewId)}/reply`, { method: 'POST', json: request });

export const getSpecialHours = (signal?: AbortSignal) => apiFetch<SpecialHoursListResponse>('/provider/special-hours', { signal });

export const declareSpecialHours = (request: SpecialHoursRequest) =>
  apiFetch<SpecialHoursDto>('/provider/special-hours', { method: 'POST', json: request });

export const removeSpecialHours = (specialHoursId: string) =>
  apiFetch<void>(`/provider/special-hours/${id(specialHoursId)}`, { method: 'DELETE' });

export const setProviderRegion = (region: RegionCode) => apiFetch<ProviderRegionDto>('/provider/region', { method: 'PUT', json: { region } });
/** Disputes about the provider's jobs (the case itself is answered on the booking's page). */
export const listMyDisputes = (signal?: AbortSignal) => apiFetch<DisputeListResponse>('/provider/disputes', { signal });
