import type { Language } from './constants.js';

/** Spec-free rules of reviews, shared by the booking service and the forms so both agree. */
export const REVIEW_RULES = {
  minRating: 1,
  maxRating: 5,
  commentMaxLength: 2000,
  replyMaxLength: 2000,
  hideReasonMaxLength: 500,
  /** The author may change a review this long after writing it. */
  editWindowDays: 7,
  defaultPageSize: 10,
  maxPageSize: 50,
} as const;

/** Error codes of the review routes beyond the contracts' common list. */
export const REVIEW_ERROR_CODES = [
  'booking_not_completed',
  'already_reviewed',
  'review_edit_closed',
  'already_replied',
] as const;

/** The provider's one public answer to a review. */
export interface ReviewReplyDto {
  comment: string;
  createdAt: string;
}

/** A review as the public reads it: shown in the language it was written in. */
export interface ReviewDto {
  id: string;
  /** Whole stars, 1-5. */
  rating: number;
  comment: string;
  language: Language;
  authorName: string;
  createdAt: string;
  /** Later than createdAt when the author edited it. */
  updatedAt: string;
  reply: ReviewReplyDto | null;
}

/** What the caller may do with a review now (computed by the server, like BookingActions). */
export interface ReviewActions {
  edit: boolean;
  reply: boolean;
}

/** A review as its author, the booking's provider and admins read it. */
export interface ReviewDetailDto extends ReviewDto {
  serviceId: string;
  serviceTitle: string;
  serviceTitleAr: string;
  /** Null for reviews from before bookings could be reviewed. */
  bookingId: string | null;
  /** Until when the author may edit it. */
  editableUntil: string;
  hidden: boolean;
  hiddenReason: string | null;
  hiddenAt: string | null;
  actions: ReviewActions;
}

/** Stars 1-5 -> how many visible reviews gave them. */
export type RatingHistogram = Record<'1' | '2' | '3' | '4' | '5', number>;

/** `GET /api/services/{id}/reviews?page=&pageSize=` (public, visible reviews, newest first). */
export interface ServiceReviewsResponse {
  reviews: ReviewDto[];
  total: number;
  page: number;
  pageSize: number;
  /** Mean of the visible reviews' stars (two decimals); null before the first. */
  average: number | null;
  histogram: RatingHistogram;
}

/** `GET /api/bookings/{id}/review`: the booking's review, if any, and whether the caller may write one. */
export interface BookingReviewResponse {
  review: ReviewDetailDto | null;
  canReview: boolean;
}

/** `POST /api/bookings/{id}/review` (the booking's client, once, completed bookings only). */
export interface CreateReviewRequest {
  rating: number;
  comment?: string;
  /** The language the comment is written in. */
  language: Language;
}

/** `PATCH /api/reviews/{id}` (the author, within REVIEW_RULES.editWindowDays). */
export type UpdateReviewRequest = Partial<CreateReviewRequest>;

/** `POST /api/reviews/{id}/reply` (the booking's provider, once). */
export interface ReplyToReviewRequest {
  comment: string;
}

/** `PATCH /api/admin/reviews/{id}/hide` (admin): hide with a reason, or show again. */
export interface HideReviewRequest {
  hidden: boolean;
  reason?: string;
}

/** `GET /api/provider/reviews?page=&pageSize=` and `GET /api/admin/reviews?hidden=&search=&page=&limit=`. */
export interface ReviewListResponse {
  items: ReviewDetailDto[];
  total: number;
  page: number;
  limit: number;
}
