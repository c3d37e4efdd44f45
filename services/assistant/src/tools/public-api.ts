import type {
  ApiErrorBody,
  AvailabilityResponse,
  BookingDto,
  BookingListQuery,
  BookingListResponse,
  CancelBookingResponse,
  CreateBookingRequest,
  CreateBookingResponse,
  NotificationListResponse,
  PendingApprovalsResponse,
  ProviderBookingsResponse,
  RescheduleBookingRequest,
  ServiceDetailDto,
  ServiceListQuery,
  ServiceListResponse,
} from '@khidma/contracts';
import { internalFetch } from '@khidma/nest-kit';

/** A refusal of the public API, carried with its status and error body so the assistant can explain it. */
export class PublicApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ApiErrorBody>,
  ) {
    super(body.message ?? `HTTP ${status}`);
  }
}

const TIMEOUT_MS = 10_000;

/**
 * Khidma's public API as the signed-in user sees it: every call goes to the gateway's `/api/...`
 * with that user's own bearer token (or none, for an anonymous visitor), so each rule the pages
 * obey holds for the assistant too. No other way into another service exists here.
 */
export class PublicApi {
  constructor(
    private readonly baseUrl: string,
    private readonly bearer?: string,
    private readonly requestId?: string,
  ) {}

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const response = await internalFetch(`${this.baseUrl}/api${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.bearer ? { authorization: `Bearer ${this.bearer}` } : {}),
        ...(this.requestId ? { 'x-request-id': this.requestId } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await response.text();
    const parsed = text ? (JSON.parse(text) as unknown) : undefined;
    if (!response.ok) throw new PublicApiError(response.status, (parsed ?? {}) as Partial<ApiErrorBody>);
    return parsed as T;
  }

  searchServices(query: ServiceListQuery): Promise<ServiceListResponse> {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
    return this.call('GET', `/services?${params}`);
  }

  service(idOrSlug: string): Promise<ServiceDetailDto> {
    return this.call('GET', `/services/${encodeURIComponent(idOrSlug)}`);
  }

  availability(serviceId: string, date: string, excludeBookingId?: string): Promise<AvailabilityResponse> {
    const params = new URLSearchParams({ serviceId, date, ...(excludeBookingId ? { excludeBookingId } : {}) });
    return this.call('GET', `/bookings/availability?${params}`);
  }

  createBooking(request: CreateBookingRequest): Promise<CreateBookingResponse> {
    return this.call('POST', '/bookings/create', request);
  }

  /** One page of one My Bookings tab. */
  myBookings(userId: string, query: BookingListQuery): Promise<BookingListResponse> {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
    return this.call('GET', `/bookings/client/${encodeURIComponent(userId)}?${params}`);
  }

  booking(id: string): Promise<BookingDto> {
    return this.call('GET', `/bookings/${encodeURIComponent(id)}`);
  }

  cancelBooking(id: string, cancellationReason: string): Promise<CancelBookingResponse> {
    return this.call('POST', `/bookings/${encodeURIComponent(id)}/cancel`, { cancellationReason });
  }

  rescheduleBooking(id: string, slot: RescheduleBookingRequest): Promise<BookingDto> {
    return this.call('POST', `/bookings/${encodeURIComponent(id)}/reschedule`, slot);
  }

  providerTransition(id: string, action: 'accept' | 'start' | 'complete'): Promise<BookingDto> {
    return this.call('POST', `/bookings/${encodeURIComponent(id)}/${action}`, {});
  }

  notifications(limit = 5): Promise<NotificationListResponse> {
    return this.call('GET', `/notifications?limit=${limit}`);
  }

  providerBookings(): Promise<ProviderBookingsResponse> {
    return this.call('GET', '/provider/bookings?period=all');
  }

  pendingApprovals(): Promise<PendingApprovalsResponse> {
    return this.call('GET', '/admin/pending-approvals');
  }
}
