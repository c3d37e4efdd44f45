export const ROLES = ['client', 'provider', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const BOOKING_STATUSES = ['pending', 'accepted', 'in_progress', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_METHODS = ['card', 'apple_pay'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PRICE_TYPES = ['hourly', 'per_job'] as const;
export type PriceType = (typeof PRICE_TYPES)[number];

export const NOTIFICATION_TYPES = ['booking', 'chat', 'provider_application', 'other'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const CONTACT_TYPES = ['general', 'support', 'provider', 'business', 'technical', 'feedback'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];
