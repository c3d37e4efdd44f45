import type { AvailabilityResponse, BookingDto, BookingListResponse, BookingTab, ServiceDetailDto } from '@khidma/contracts';
import { BOOKING_LIST_LIMITS, BOOKING_SLOTS, BOOKING_TABS } from '@khidma/contracts';
import { fakeFetch, fakeResponse, testDay, testUser, type FetchCall } from '@khidma/web-kit/testing';

/** Test data in the shapes of packages/contracts (bookings.ts, catalogue.ts, auth.ts). */

/** Days of the week the tests run in, from the pinned now (TEST_NOW: a Saturday in the marketplace). */
export const TODAY = testDay(0);
export const TUESDAY = testDay(3);
export const WEDNESDAY = testDay(4);
export const FRIDAY = testDay(6);

// The id its bookings name as clientId.
export const client = testUser({ id: 'user-1' });

export function service(overrides: Partial<ServiceDetailDto> = {}): ServiceDetailDto {
  return {
    id: 'svc-1',
    slug: 'standard-home-cleaning',
    categoryId: 1,
    categorySlug: 'cleaning',
    title: 'Standard Home Cleaning',
    titleAr: 'تنظيف منزلي اعتيادي',
    description: 'Weekly or one-off cleaning.',
    descriptionAr: 'تنظيف أسبوعي أو لمرة واحدة.',
    price: 25,
    priceType: 'hourly',
    duration: 120,
    location: 'Amman',
    locationAr: 'عمّان',
    rating: 4.6,
    reviewCount: 12,
    imageUrl: null,
    createdAt: '2025-01-10T10:00:00.000Z',
    provider: {
      id: 'prov-1',
      name: 'Sparkle Co',
      nameAr: 'شركة اللمعان',
      avatar: null,
      rating: 4.9,
      completedJobs: 231,
      verified: true,
      bio: '',
      bioAr: '',
      city: 'Amman',
      cityAr: 'عمّان',
      responseTimeMinutes: 20,
      phone: null,
      languages: ['Arabic'],
      joinedAt: '2023-02-11',
      disputes: { resolved: 2, refunded: 1 },
      weeklyAvailability: { sunday: null, monday: null, tuesday: null, wednesday: null, thursday: null, friday: null, saturday: null },
    },
    features: [],
    featuresAr: [],
    images: [],
    category: { id: 1, slug: 'cleaning', name: 'Cleaning', nameAr: 'التنظيف', icon: 'sparkles', color: '#10B981' },
    reviews: [],
    similar: [],
    ...overrides,
  };
}

/** The marketplace's answer for `date`, as of TODAY; the provider is closed on Fridays. */
export function availability(date: string, taken: string[] = [], overrides: Partial<AvailabilityResponse> = {}): AvailabilityResponse {
  return {
    serviceId: 'svc-1',
    date,
    timeZone: 'Asia/Amman',
    region: 'JO',
    today: TODAY,
    openWeekdays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'saturday'],
    slots: BOOKING_SLOTS.map((time) => (taken.includes(time) ? { time, available: false, reason: 'taken' as const } : { time, available: true })),
    ...overrides,
  };
}

const noActions = { cancel: false, reschedule: false, pay: false, accept: false, decline: false, start: false, complete: false };

export function booking(overrides: Partial<BookingDto> = {}): BookingDto {
  return {
    id: 'bk-1',
    bookingNumber: 'KH-7Q4M-2XPA',
    serviceId: 'svc-1',
    service: { id: 'svc-1', title: 'Standard Home Cleaning', titleAr: 'تنظيف منزلي اعتيادي', price: 25, priceType: 'hourly', categorySlug: 'cleaning', imageUrl: null },
    providerId: 'prov-1',
    provider: { id: 'prov-1', businessName: 'Sparkle Co', businessNameAr: 'شركة اللمعان', email: 'hello@sparkle.test', phone: '+962 7 9000 1111', city: 'Amman', cityAr: 'عمّان' },
    clientId: 'user-1',
    clientName: 'Sara Khalil',
    scheduledDate: '2026-11-24',
    scheduledTime: '10:00',
    startsAt: '2026-11-24T08:00:00.000Z',
    duration: 120,
    clientAddress: '12 Rainbow St, Amman',
    clientPhone: '+962 79 555 0101',
    totalAmount: '50.00',
    paid: null,
    status: 'pending',
    paymentStatus: 'pending',
    specialInstructions: 'Ring twice',
    cancellationReason: null,
    cancelledBy: null,
    series: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    actions: { ...noActions, cancel: true, reschedule: true, pay: true },
    ...overrides,
  };
}

export type Call = FetchCall;

type Route = (call: Call) => Response | Promise<Response> | undefined;

/**
 * Replaces fetch with an answer per request and records every call (method, URL, headers, JSON body).
 * Unknown requests answer 404 so a test notices a call it did not expect; the session's user lookup
 * is answered with the test client.
 */
export function mockApi(route: Route): Call[] {
  return fakeFetch(route, { me: () => client }).calls;
}

export const apiError = (status: number, code: string, message = code) => fakeResponse(status, { statusCode: status, code, message });

/** Calls to one path (and method). */
export const callsTo = (calls: Call[], path: string, method = 'GET') =>
  calls.filter((call) => call.url.pathname === path && call.method === method);

const inTab = (tab: BookingTab, bookings: BookingDto[]) => bookings.filter((b) => (BOOKING_TABS[tab] as readonly string[]).includes(b.status));

/**
 * The server's answer to `GET /api/bookings/client/user-1?tab=&after=` over `bookings` (in list order):
 * a page of the tab asked for with every tab's count; the cursor here is the next page's offset.
 */
export function myBookingsPage(call: Call, bookings: BookingDto[], pageSize: number = BOOKING_LIST_LIMITS.defaultLimit): BookingListResponse {
  const tab = call.url.searchParams.get('tab') as BookingTab;
  const from = Number(call.url.searchParams.get('after') ?? 0);
  const all = inTab(tab, bookings);
  return {
    bookings: all.slice(from, from + pageSize),
    nextCursor: from + pageSize < all.length ? String(from + pageSize) : null,
    counts: { upcoming: inTab('upcoming', bookings).length, completed: inTab('completed', bookings).length, cancelled: inTab('cancelled', bookings).length },
  };
}
