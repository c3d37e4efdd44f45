/**
 * The supply side: provider applications, the provider dashboard and admin moderation
 * (spec §3 Provider application, provider stats, admin stats, pending approvals; §7).
 */
import type { BookingDto } from './bookings.js';
import type { WeeklyAvailability } from './catalogue.js';
import type { Language } from './constants.js';
import type { BookingStatus, PaymentStatus, PriceType } from './enums.js';

/** Business categories offered on the application form (spec §3). */
export const APPLICATION_CATEGORIES = [
  'cleaning',
  'plumbing',
  'electrical',
  'delivery',
  'maintenance',
  'gardening',
  'beauty',
  'tutoring',
  'tech',
  'other',
] as const;
export type ApplicationCategory = (typeof APPLICATION_CATEGORIES)[number];

export const EXPERIENCE_BANDS = ['1-2', '3-5', '6-10', '10+'] as const;
export type ExperienceBand = (typeof EXPERIENCE_BANDS)[number];

export type BusinessDoc =
  | { type: 'id_card'; side: 'front' | 'back'; dataUrl: string }
  | { type: 'certification'; dataUrl: string }
  | { type: 'description'; text: string };

/** The applicant's business details: sent with the application and shown back with it. */
export interface ApplicantDetails {
  businessName: string;
  ownerName: string;
  email: string;
  phone: string;
  businessAddress: string;
  city: string;
  businessType: ApplicationCategory;
  experience: ExperienceBand;
  licenseNumber: string | null;
  insuranceInfo: string;
}

/** `POST /api/providers/apply` (JSON; images as JPEG data URLs shrunk in the browser). */
export interface ProviderApplicationRequest extends ApplicantDetails {
  hasLicense: boolean;
  hasInsurance: boolean;
  agreedToTerms: boolean;
  businessDocs: BusinessDoc[];
  /** The applicant's language, for the review's notification and e-mail (default `en`). */
  language?: Language;
}

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export interface ApplicationDocumentDto {
  id: string;
  kind: 'id_card_front' | 'id_card_back' | 'certification';
  contentType: string;
  bytes: number;
  /** Served only to the applicant and admins. */
  url: string;
}

export interface ProviderApplicationDto extends ApplicantDetails {
  id: string;
  userId: string;
  status: ApplicationStatus;
  description: string;
  documents: ApplicationDocumentDto[];
  rejectionReason: string | null;
  createdAt: string;
  reviewedAt: string | null;
}

/** `GET /api/providers/application` — the caller's latest application, or null. */
export interface MyApplicationResponse {
  application: ProviderApplicationDto | null;
}

/** Spec §3 provider stats: `GET /api/provider/stats`. */
export interface ProviderStatsDto {
  totalBookings: number;
  /** Dollars, decimal string. */
  totalEarnings: string;
  averageRating: number | null;
  activeServices: number;
}

export const EARNINGS_PERIODS = ['week', 'month', 'year'] as const;
export type EarningsPeriod = (typeof EARNINGS_PERIODS)[number];
/** `GET /api/provider/earnings?period=month` — completed and paid work per bucket. */
export interface EarningsSeriesDto {
  period: EarningsPeriod;
  points: { bucket: string; earnings: string; bookings: number }[];
}

/** Spec §3 provider booking row, with what the dashboard needs to act on it. */
export interface ProviderBookingRowDto {
  id: string;
  bookingNumber: string;
  clientName: string;
  clientAvatar: string | null;
  service: string;
  serviceAr: string;
  date: string;
  time: string;
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  /** The list price. */
  amount: string;
  /** What the client actually paid and got refunded (discount and credit noted); null until paid. */
  paid: BookingDto['paid'];
  /** "Weekly · 3 of 6" when the booking is one occurrence of a recurring series. */
  series: BookingDto['series'];
  actions: BookingDto['actions'];
}
/** `GET /api/provider/bookings?period=month` (spec default month; `all` for everything). */
export interface ProviderBookingsResponse {
  bookings: ProviderBookingRowDto[];
}

export const SERVICE_STATUSES = ['active', 'pending', 'inactive', 'rejected'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

/** Spec §3 provider-view service: the fields a provider edits (their live values), and its standing. */
export interface ProviderServiceDto extends ProviderServiceRequest {
  id: string;
  bookings: number;
  rating: number | null;
  status: ServiceStatus;
  /** Why an admin refused the service (status `rejected`) or its latest proposed change. */
  rejectionReason: string | null;
  /**
   * A change of an approved service awaiting review: until an admin approves it, the fields above
   * (what the catalogue shows) stay as they were.
   */
  pendingRevision?: (ProviderServiceRequest & { submittedAt: string }) | null;
}
/** `POST /api/provider/services`, `PUT /api/provider/services/:id` (both send the service to review). */
export interface ProviderServiceRequest {
  categoryId: number;
  title: string;
  titleAr: string;
  description: string;
  descriptionAr: string;
  price: number;
  priceType: PriceType;
  duration: number;
}
/** Bounds of a provider's service (server checks, form hints). Price in dollars, duration in minutes. */
export const PROVIDER_SERVICE_LIMITS = {
  titleMaxLength: 200,
  descriptionMaxLength: 2000,
  maxPrice: 10_000,
  duration: { min: 30, max: 480, step: 30 },
} as const;

/** `GET|PUT /api/provider/availability` */
export interface AvailabilityDto {
  weeklyAvailability: WeeklyAvailability;
}

/** Spec §3 admin stats: `GET /api/admin/stats` (the gateway adds totalUsers from identity). */
export interface AdminStatsDto {
  totalUsers: number;
  activeProviders: number;
  completedBookings: number;
  /** Dollars, decimal string: paid, not refunded. */
  revenue: string;
  /** Bookings and revenue per day over the last 30 days, for the dashboard chart. */
  series: { day: string; bookings: number; revenue: string }[];
}

/** Spec §3 pending approvals: `GET /api/admin/pending-approvals`. */
export interface PendingApprovalsResponse {
  providers: (ProviderApplicationDto & { createdAt: string })[];
  /**
   * New services, and changes of live ones (`changed`: the fields are the live values, the proposal
   * is in `pendingRevision`).
   */
  services: (ProviderServiceDto & { providerId: string; providerName: string; createdAt: string; changed: boolean })[];
  counts: { providers: number; services: number };
}
/** `POST /api/admin/approve-provider` (providerId = the application's id), `/api/admin/approve-service`. */
export interface ApproveProviderRequest {
  providerId: string;
  approved: boolean;
  reason?: string;
}
export interface ApproveServiceRequest {
  serviceId: string;
  approved: boolean;
  reason?: string;
}
export interface ModerationResponse {
  message: string;
}

/**
 * Admin lists: `GET /api/admin/{providers|services|bookings}?search=&page=&limit=`, items
 * AdminProviderRowDto, AdminServiceRowDto and BookingDto; each also takes an optional `status=`.
 */
export interface PagedResponse<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}
export const ADMIN_LIST_LIMITS = { defaultLimit: 20, maxLimit: 100 } as const;
/** The admin lists by name: the OpenAPI answer schemas are generated from named types. */
export type AdminProvidersPage = PagedResponse<AdminProviderRowDto>;
export type AdminServicesPage = PagedResponse<AdminServiceRowDto>;
export type AdminBookingsPage = PagedResponse<BookingDto>;
/** Booking's share of `GET /api/admin/stats`: the gateway adds `totalUsers` from identity. */
export type BookingAdminStats = Omit<AdminStatsDto, 'totalUsers'>;

export const PROVIDER_STATUSES = ['approved', 'pending', 'rejected'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

/**
 * Codes `POST /api/provider-applications` answers with besides `validation_failed`; the provider app
 * has its own words for each.
 */
export const APPLICATION_ERROR_CODES = [
  'terms_required',
  'missing_fields',
  'id_card_required',
  'too_many_id_files',
  'certification_required',
  'admin_cannot_apply',
  'application_pending',
  'already_provider',
  'image_too_large',
  'invalid_image',
  'payload_too_large',
] as const;
export type ApplicationErrorCode = (typeof APPLICATION_ERROR_CODES)[number];

/** A row of `GET /api/admin/providers?status=` (PagedResponse<AdminProviderRowDto>), as booking's AdminService answers it. */
export interface AdminProviderRowDto {
  id: string;
  userId: string;
  businessName: string;
  businessNameAr: string;
  city: string;
  /** The city in Arabic; empty when the provider gave none (the UI falls back to `city`). */
  cityAr: string;
  categoryId: number | null;
  status: ProviderStatus;
  /** Null until the first review. */
  rating: number | null;
  completedJobs: number;
  verified: boolean;
  email: string | null;
  phone: string | null;
  joinedAt: string;
}

/** A row of `GET /api/admin/services?status=` (PagedResponse<AdminServiceRowDto>). */
export type AdminServiceRowDto = ProviderServiceDto & { slug: string; providerId: string; providerName: string; createdAt: string };
