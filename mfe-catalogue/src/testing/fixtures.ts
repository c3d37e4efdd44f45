import type { ReviewDto, ServiceCategoryDto, ServiceDetailDto, ServiceListResponse, ServiceReviewsResponse, ServiceSummaryDto } from '@khidma/contracts';
import { fakeFetch, fetchCall, type FetchMock } from '@khidma/web-kit/testing';

/** Test data in the shapes of packages/contracts/src/catalogue.ts. */
export const categories: ServiceCategoryDto[] = [
  { id: 1, slug: 'cleaning', name: 'Cleaning', nameAr: 'التنظيف', description: 'Homes and offices', descriptionAr: 'المنازل والمكاتب', icon: 'sparkles', color: '#10B981', startingPrice: 25, providerCount: 3 },
  { id: 2, slug: 'plumbing', name: 'Plumbing', nameAr: 'السباكة', description: 'Leaks and pipes', descriptionAr: 'التسربات والأنابيب', icon: 'wrench', color: '#3B82F6', startingPrice: 40, providerCount: 2 },
];

export function summary(overrides: Partial<ServiceSummaryDto> = {}): ServiceSummaryDto {
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
    location: 'Riyadh',
    locationAr: 'الرياض',
    rating: 4.6,
    reviewCount: 12,
    imageUrl: null,
    createdAt: '2025-01-10T10:00:00.000Z',
    provider: { id: 'prov-1', name: 'Ahmed Salem', nameAr: 'أحمد سالم', avatar: null, rating: 4.9, completedJobs: 231, verified: true },
    ...overrides,
  };
}

export const plumbingService = summary({
  id: 'svc-2',
  slug: 'leak-repair',
  categoryId: 2,
  categorySlug: 'plumbing',
  title: 'Leak Repair',
  titleAr: 'إصلاح التسربات',
  price: 40,
  priceType: 'per_job',
  duration: 60,
});

export const list = (services: ServiceSummaryDto[], total = services.length, page = 1, totalCapped = false): ServiceListResponse => ({
  services,
  total,
  totalCapped,
  page,
  limit: 20,
});

export function detail(overrides: Partial<ServiceDetailDto> = {}): ServiceDetailDto {
  const base = summary();
  return {
    ...base,
    features: ['Eco-friendly products', 'Insured staff'],
    featuresAr: ['منتجات صديقة للبيئة', 'فريق مؤمَّن عليه'],
    images: [],
    category: { id: 1, slug: 'cleaning', name: 'Cleaning', nameAr: 'التنظيف', icon: 'sparkles', color: '#10B981' },
    provider: {
      ...base.provider,
      bio: 'Ten years of home cleaning.',
      bioAr: 'عشر سنوات في تنظيف المنازل.',
      city: 'Riyadh',
      cityAr: 'الرياض',
      responseTimeMinutes: 20,
      phone: null,
      languages: ['Arabic', 'English'],
      joinedAt: '2023-02-11',
      disputes: { resolved: 2, refunded: 1 },
      weeklyAvailability: {
        sunday: null,
        monday: ['09:00', '17:00'],
        tuesday: ['09:00', '17:00'],
        wednesday: ['09:00', '17:00'],
        thursday: ['09:00', '17:00'],
        friday: null,
        saturday: ['10:00', '14:00'],
      },
    },
    reviews: [
      reviewFixture(),
      reviewFixture({ id: 'r2', rating: 4, comment: 'عمل ممتاز وسريع.', language: 'ar', authorName: 'خالد', createdAt: '2025-02-14T09:00:00.000Z' }),
    ],
    similar: [summary({ id: 'svc-3', slug: 'deep-cleaning', title: 'Deep Cleaning', titleAr: 'تنظيف عميق' })],
    ...overrides,
  };
}

export function reviewFixture(overrides: Partial<ReviewDto> = {}): ReviewDto {
  const createdAt = overrides.createdAt ?? '2025-03-02T09:00:00.000Z';
  return { id: 'r1', rating: 5, comment: 'Spotless flat, on time.', language: 'en', authorName: 'Sara K.', createdAt, updatedAt: createdAt, reply: null, ...overrides };
}

/** One page of `GET /api/services/{id}/reviews`. */
export function reviewsPage(overrides: Partial<ServiceReviewsResponse> = {}): ServiceReviewsResponse {
  return {
    reviews: [
      reviewFixture({ reply: { comment: 'Thank you, Sara!', createdAt: '2025-03-03T09:00:00.000Z' } }),
      reviewFixture({ id: 'r2', rating: 4, comment: 'عمل ممتاز وسريع.', language: 'ar', authorName: 'خالد', createdAt: '2025-02-14T09:00:00.000Z' }),
    ],
    total: 12,
    page: 1,
    pageSize: 10,
    average: 4.6,
    histogram: { 5: 8, 4: 3, 3: 0, 2: 1, 1: 0 },
    ...overrides,
  };
}

type Route = (url: URL) => Response | undefined | Promise<Response | undefined>;
export type { FetchMock };

/**
 * Replaces fetch with an answer per API path; records every URL asked for. Unknown paths answer
 * 404 so a test notices a call it did not expect.
 */
export function mockApi(route: Route): FetchMock {
  return fakeFetch((call) => route(call.url)).mock;
}

/** The /api/services queries fetch was called with, as URLSearchParams. */
export const serviceQueries = (mock: FetchMock): URLSearchParams[] =>
  mock.mock.calls
    .map(([input]) => fetchCall(input).url)
    .filter((url) => url.pathname === '/api/services')
    .map((url) => url.searchParams);
