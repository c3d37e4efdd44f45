import type { RateLimitRule } from '@khidma/nest-kit';

const HOUR = 3600;

/** Booking's request limits (docs/security.md has the table); the unverified-account cap is in BookingsService. */
export const BOOKING_LIMITS = {
  contact: [{ name: 'contact-ip', by: 'ip', points: 5, duration: HOUR }],
  bookingCreate: [
    { name: 'booking-create-user', by: 'user', points: 10, duration: HOUR },
    { name: 'booking-create-ip', by: 'ip', points: 30, duration: HOUR },
  ],
  /** A plan reads up to 12 days' claims plus a week of alternatives for each conflict. */
  seriesPreview: [
    { name: 'series-preview-user', by: 'user', points: 60, duration: HOUR },
    { name: 'series-preview-ip', by: 'ip', points: 120, duration: HOUR },
  ],
  payment: [
    { name: 'payment-user', by: 'user', points: 10, duration: 10 * 60 },
    { name: 'payment-ip', by: 'ip', points: 30, duration: 10 * 60 },
  ],
  /** Promo code previews: enough to fix a typo or two, too few to guess codes. */
  promoCheck: [
    { name: 'promo-check-user', by: 'user', points: 20, duration: 10 * 60 },
    { name: 'promo-check-ip', by: 'ip', points: 60, duration: 10 * 60 },
  ],
  /** Routes whose bodies carry images (applications, service photos). */
  upload: [
    { name: 'upload-user', by: 'user', points: 20, duration: HOUR },
    { name: 'upload-ip', by: 'ip', points: 60, duration: HOUR },
  ],
} satisfies Record<string, RateLimitRule[]>;
