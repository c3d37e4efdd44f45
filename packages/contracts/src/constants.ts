/** Business constants of spec §9, shared by the frontends and the services. */

export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const RTL_LANGUAGES: readonly Language[] = ['ar'];
export const LANGUAGE_STORAGE_KEY = 'preferred-language';
/** The product's name per language: the end of every page title. */
export const BRAND_NAME: Record<Language, string> = { en: 'Khidma', ar: 'خدمة' };
/**
 * The Intl locale of each language, wherever the product writes a date or a figure (pages, e-mails, the
 * assistant). Arabic keeps Latin digits so prices and figures read the same as in the data.
 */
export const INTL_LOCALES: Record<Language, string> = { en: 'en-US', ar: 'ar-EG-u-nu-latn' };

export const TOAST = { maxCount: 1, durationMs: 5000 } as const;
export const TESTIMONIAL_ROTATION_MS = 5000;
export const NOTIFICATIONS = { pollMs: 60_000, dropdownMax: 5, badgeCap: 99 } as const;
export const TOKEN_REFRESH_LEEWAY_MS = 30_000;
export const USER_REFETCH_DELAY_MS = 250;
export const POPUP = { width: 500, height: 600 } as const;

export const REDIRECT_DELAYS_MS = {
  admin: 1000,
  providerApply: 1500,
  paymentSubmit: 1500,
  paymentSuccess: 2000,
} as const;

export const BOOKING = {
  defaultDurationMinutes: 60,
  firstSlotHour: 9,
  lastSlotHour: 17,
  cancelReasonMinLength: 10,
  cancelCutoffHours: 2,
} as const;

/** Hourly slots a booking of `minutes` claims (a 90-minute job holds two). */
export const claimedHours = (minutes: number) => Math.max(1, Math.ceil(minutes / 60));

/** Hourly slots 09:00 … 17:00 as HH:MM. */
export const BOOKING_SLOTS: readonly string[] = Array.from(
  { length: BOOKING.lastSlotHour - BOOKING.firstSlotHour + 1 },
  (_, i) => `${String(BOOKING.firstSlotHour + i).padStart(2, '0')}:00`,
);

export const PRICE_RANGES = ['0-25', '25-50', '50-100', '100+'] as const;
export type PriceRange = (typeof PRICE_RANGES)[number];

export const SORT_OPTIONS = ['rating', 'price-low', 'price-high', 'newest'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export const DEFAULT_SORT: SortOption = 'rating';

export const DETAIL_PRICE_SPREAD = 10;
export const SERVICE_FEE = 0;
export const CURRENCY = 'USD';

export const UPLOADS = {
  maxIdFiles: 2,
  maxImageSidePx: 400,
  jpegQuality: 0.3,
  maxImageBytes: 1000 * 1024,
  maxTotalBytes: 10 * 1024 * 1024,
} as const;

/**
 * The largest request body each route takes: 1 MiB, except the routes that carry images inside their
 * JSON body (base64 grows bytes by 4/3). The gateway answers 413 past it before anything is sent on,
 * and the service enforces the same limit behind it.
 */
export const BODY_LIMITS = {
  defaultBytes: 1024 * 1024,
  uploads: [
    { method: 'POST', path: '/api/providers/apply', bytes: UPLOADS.maxTotalBytes },
    { method: 'POST', path: '/api/conversations/:id/messages', bytes: Math.ceil((UPLOADS.maxImageBytes * 4) / 3) + 64 * 1024 },
    // A dispute's opening or answer carries up to 3 photos (DISPUTE_RULES.maxPhotos).
    { method: 'POST', path: '/api/bookings/:id/dispute', bytes: 3 * Math.ceil((UPLOADS.maxImageBytes * 4) / 3) + 64 * 1024 },
    { method: 'POST', path: '/api/disputes/:id/messages', bytes: 3 * Math.ceil((UPLOADS.maxImageBytes * 4) / 3) + 64 * 1024 },
  ],
} as const;

/** The body limit of a request (`path` without its query); `:name` segments match any one segment. */
export function bodyLimitOf(method: string, path: string): number {
  const segments = path.split('/');
  const route = BODY_LIMITS.uploads.find((upload) => {
    const pattern = upload.path.split('/');
    return upload.method === method && pattern.length === segments.length && pattern.every((part, i) => part.startsWith(':') ? segments[i] !== '' : part === segments[i]);
  });
  return route?.bytes ?? BODY_LIMITS.defaultBytes;
}

export const PAYMENT_RULES = {
  cardDigits: 16,
  cardHolderMin: 3,
  expiryPattern: /^(0[1-9]|1[0-2])\/\d{2}$/,
  cvvPattern: /^\d{3,4}$/,
  testCard: '4242424242424242',
} as const;

export const ADMIN_RECENT_USERS = 5;
export const PROVIDER_REVIEW_HOURS = '24-48';
export const TERMS_LAST_UPDATED = '2025-01';

/** Display defaults when data is missing (spec §3). */
export const DISPLAY_DEFAULTS = {
  providerName: 'Professional Provider',
  providerRating: 4.8,
  completedJobs: 150,
  verified: true,
  serviceRating: 4.8,
  location: 'Your area',
  durationMinutes: 60,
  categoryName: 'Service',
  categoryIcon: 'wrench',
  categoryColor: '#3B82F6',
} as const;

/** Marketing figures of spec §1. */
export const MARKETING_STATS = {
  providers: '1200+',
  customers: '50,000+',
  services: '125,000+',
  categories: '12+',
  satisfaction: '98%',
  rating: '4.9/5',
} as const;
