import type {
  AdminProviderRowDto,
  AdminServiceRowDto,
  AdminStatsDto,
  AdminUsersResponse,
  BookingDto,
  PagedResponse,
  PendingApprovalsResponse,
  ServiceCategoryDto,
  UserDto,
} from '@khidma/contracts';
import { useSession } from '@khidma/web-kit';
import { fakeFetch, fakeResponse, fetchCall, testUser, type FetchMock } from '@khidma/web-kit/testing';

/** Test data in the shapes of packages/contracts (auth.ts, supply.ts, bookings.ts). */
export const admin = testUser({
  id: 'u-admin',
  email: 'admin@khidma.test',
  firstName: 'Mona',
  lastName: 'Haddad',
  role: 'admin',
});

export const usersPage = (
  users: UserDto[],
  total = users.length,
  page = 1,
  limit = 20,
): AdminUsersResponse => ({ users, total, page, limit });
export const paged = <T>(
  items: T[],
  total = items.length,
  page = 1,
  limit = 20,
): PagedResponse<T> => ({ items, total, page, limit });

export const stats: AdminStatsDto = {
  totalUsers: 1234,
  activeProviders: 56,
  completedBookings: 789,
  revenue: '12345.50',
  series: Array.from({ length: 30 }, (_, i) => ({
    day: `2026-10-${String(i + 1).padStart(2, '0')}`,
    bookings: i % 5,
    revenue: String((i % 5) * 40),
  })),
};

export const categories: ServiceCategoryDto[] = [
  {
    id: 1,
    slug: 'cleaning',
    name: 'Cleaning',
    nameAr: 'التنظيف',
    description: '',
    descriptionAr: '',
    icon: 'sparkles',
    color: '#10B981',
    startingPrice: 25,
    providerCount: 3,
  },
  {
    id: 2,
    slug: 'plumbing',
    name: 'Plumbing',
    nameAr: 'السباكة',
    description: '',
    descriptionAr: '',
    icon: 'wrench',
    color: '#3B82F6',
    startingPrice: 40,
    providerCount: 2,
  },
];

type Application = PendingApprovalsResponse['providers'][number];
type PendingService = PendingApprovalsResponse['services'][number];

export const application: Application = {
  id: 'app-1',
  userId: 'u-9',
  status: 'pending',
  businessName: 'Sparkle Homes',
  ownerName: 'Omar Nasser',
  email: 'omar@sparkle.test',
  phone: '+966500000001',
  businessAddress: '12 King Fahd Road',
  city: 'Riyadh',
  businessType: 'cleaning',
  experience: '3-5',
  description: 'Home and office cleaning with our own eco products.',
  licenseNumber: 'LIC-2025-77',
  insuranceInfo: '',
  documents: [
    {
      id: 'doc-1',
      kind: 'id_card_front',
      contentType: 'image/jpeg',
      bytes: 2048,
      url: '/api/providers/documents/doc-1',
    },
    {
      id: 'doc-2',
      kind: 'certification',
      contentType: 'image/jpeg',
      bytes: 4096,
      url: '/api/providers/documents/doc-2',
    },
  ],
  rejectionReason: null,
  createdAt: '2026-11-20T08:30:00.000Z',
  reviewedAt: null,
};

export const newService: PendingService = {
  id: 'svc-new',
  categoryId: 1,
  title: 'Window Cleaning',
  titleAr: 'تنظيف النوافذ',
  description: 'Inside and out.',
  descriptionAr: 'من الداخل والخارج.',
  price: 30,
  priceType: 'per_job',
  duration: 90,
  bookings: 0,
  rating: null,
  status: 'pending',
  rejectionReason: null,
  providerId: 'prov-1',
  providerName: 'Fresh Start',
  createdAt: '2026-11-19T10:00:00.000Z',
  changed: false,
};

export const changedService: PendingService = {
  ...newService,
  id: 'svc-changed',
  categoryId: 2,
  title: 'Leak Repair',
  titleAr: 'إصلاح التسربات',
  price: 45,
  priceType: 'hourly',
  changed: true,
  // The live values above; the provider's proposal waits for review.
  pendingRevision: {
    categoryId: 2,
    title: 'Leak Repair Pro',
    titleAr: 'إصلاح التسربات',
    description: newService.description,
    descriptionAr: newService.descriptionAr,
    price: 50,
    priceType: 'hourly',
    duration: 90,
    submittedAt: '2026-11-20T10:00:00.000Z',
  },
};

export const pending = (
  overrides: Partial<PendingApprovalsResponse> = {},
): PendingApprovalsResponse => {
  const providers = overrides.providers ?? [application];
  const services = overrides.services ?? [newService, changedService];
  return {
    providers,
    services,
    counts: { providers: providers.length, services: services.length },
    ...overrides,
  };
};

export const providerRow = (overrides: Partial<AdminProviderRowDto> = {}): AdminProviderRowDto => ({
  id: 'prov-1',
  userId: 'u-5',
  businessName: 'Fresh Start Cleaning',
  businessNameAr: 'البداية المنعشة للتنظيف',
  city: 'Jeddah',
  cityAr: 'جدة',
  categoryId: 1,
  status: 'approved',
  verified: true,
  rating: 4.7,
  completedJobs: 1520,
  email: 'fresh@example.com',
  phone: null,
  joinedAt: '2025-01-10',
  ...overrides,
});

export const serviceRow = (overrides: Partial<AdminServiceRowDto> = {}): AdminServiceRowDto => ({
  id: 'svc-1',
  slug: 'deep-cleaning',
  categoryId: 1,
  title: 'Deep Cleaning',
  titleAr: 'تنظيف عميق',
  description: 'Top to bottom.',
  descriptionAr: 'من الأعلى إلى الأسفل.',
  providerId: 'prov-1',
  providerName: 'Fresh Start Cleaning',
  price: 1250,
  priceType: 'per_job',
  duration: 240,
  bookings: 12,
  rating: 4.8,
  status: 'active',
  rejectionReason: null,
  createdAt: '2025-01-10T10:00:00.000Z',
  ...overrides,
});

export function booking(overrides: Partial<BookingDto> = {}): BookingDto {
  return {
    id: 'bk-1',
    bookingNumber: 'KH-7Q4M-2XPA',
    serviceId: 'svc-1',
    service: {
      id: 'svc-1',
      title: 'Deep Cleaning',
      titleAr: 'تنظيف عميق',
      price: 1250,
      priceType: 'per_job',
      categorySlug: 'cleaning',
      imageUrl: null,
    },
    providerId: 'prov-1',
    provider: {
      id: 'prov-1',
      businessName: 'Fresh Start Cleaning',
      businessNameAr: 'البداية المنعشة للتنظيف',
      email: null,
      phone: null,
      city: 'Jeddah',
      cityAr: 'جدة',
    },
    clientId: 'u-client',
    clientName: 'Sara Khalil',
    scheduledDate: '2026-12-05',
    scheduledTime: '14:00',
    startsAt: '2026-12-05T11:00:00.000Z',
    duration: 60,
    clientAddress: 'Olaya St',
    clientPhone: '+966500000002',
    totalAmount: '1250.00',
    paid: null,
    status: 'accepted',
    paymentStatus: 'paid',
    specialInstructions: null,
    cancellationReason: null,
    cancelledBy: null,
    series: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    actions: {
      cancel: false,
      reschedule: false,
      pay: false,
      accept: false,
      decline: false,
      start: false,
      complete: false,
    },
    ...overrides,
  };
}

type Route = (url: URL, init: RequestInit | undefined) => Response | Promise<Response> | undefined;
export type { FetchMock };

/**
 * Replaces fetch with an answer per API path; records every call. The session's own user lookup
 * (after a sign-in) answers the signed-in user unless the route answers it. Unknown paths answer
 * 404 so a test notices a call it did not expect.
 */
export function mockApi(route: Route): FetchMock {
  return fakeFetch(async (call, init) => {
    const answer = await route(call.url, init);
    const { user } = useSession.getState();
    return answer ?? (call.url.pathname === '/api/auth/me' && user ? fakeResponse(200, { user }) : undefined);
  }).mock;
}

/** The calls made to `pathname`: their query and, for writes, method and JSON body. */
export const callsTo = (mock: FetchMock, pathname: string) =>
  mock.mock.calls
    .map(([input, init]) => fetchCall(input, init))
    .filter(({ url }) => url.pathname === pathname)
    .map(({ url, method, body }) => ({ query: url.searchParams, method, body }));
