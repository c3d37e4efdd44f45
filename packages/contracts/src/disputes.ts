/**
 * Disputes after a job (issue 17 part 4, docs/disputes.md): the client of a completed booking reports
 * a problem, the provider answers, an admin decides, and a refund moves through payments.
 */

/** Why the client opens a dispute (translated by the frontends). */
export const DISPUTE_REASONS = ['not_done', 'poor_quality', 'damage', 'no_show', 'overcharged', 'other'] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

/** open → provider_responded (the provider's first answer) → resolved (an admin's decision). */
export const DISPUTE_STATUSES = ['open', 'provider_responded', 'resolved'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const DISPUTE_OUTCOMES = ['full_refund', 'partial_refund', 'no_refund'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];

/** Who wrote a message of a dispute. */
export type DisputeSide = 'client' | 'provider' | 'admin';

export const DISPUTE_RULES = {
  /** A completed booking may be disputed this long after it was marked completed. */
  windowHours: 72,
  descriptionMinLength: 10,
  descriptionMaxLength: 2000,
  messageMaxLength: 2000,
  noteMaxLength: 1000,
  /** Photos per message (the opening one and each answer). */
  maxPhotos: 3,
} as const;

/** Error codes of the dispute routes beyond the contracts' common list. */
export const DISPUTE_ERROR_CODES = [
  'booking_not_completed',
  'dispute_window_closed',
  'dispute_exists',
  'dispute_resolved',
  'refund_too_large',
  'booking_not_paid',
] as const;

export interface DisputeMessageDto {
  id: string;
  side: DisputeSide;
  /** The writer's display name (the client's, the provider's business, or "Khidma support"). */
  authorName: string;
  text: string;
  /** Paths of the evidence photos (`/api/disputes/:id/photos/:photoId`), served to parties and admins only. */
  photos: string[];
  createdAt: string;
}

/** A dispute without its conversation (lists). Amounts are dollars as "40.00". */
export interface DisputeSummaryDto {
  id: string;
  bookingId: string;
  bookingNumber: string;
  serviceTitle: string;
  serviceTitleAr: string;
  clientName: string;
  providerName: string;
  reason: DisputeReason;
  status: DisputeStatus;
  outcome: DisputeOutcome | null;
  requestedAmount: string;
  /** What the client paid for the booking. */
  paidAmount: string;
  /** Refunded by this dispute's decision (null before it, "0.00" for no refund). */
  refundedAmount: string | null;
  decisionNote: string | null;
  createdAt: string;
  respondedAt: string | null;
  resolvedAt: string | null;
}

/** What the caller may do with the dispute now. */
export interface DisputeActions {
  /** The booking's client or provider, until it is resolved. */
  reply: boolean;
  /** Admins, until it is resolved. */
  decide: boolean;
}

/** A dispute with its conversation (oldest first, kept after the decision) and evidence. */
export interface DisputeDto extends DisputeSummaryDto {
  messages: DisputeMessageDto[];
  actions: DisputeActions;
  /** The most an admin may refund now: paid minus what was already refunded. */
  refundableAmount: string;
}

/** `GET /api/bookings/:id/dispute`: the booking's dispute, or whether one may be opened and until when. */
export interface BookingDisputeResponse {
  dispute: DisputeDto | null;
  canOpen: boolean;
  /** End of the 72 h window (ISO), null when the booking is not completed. */
  openUntil: string | null;
  /** What may still be asked back: paid minus refunded ("0.00" when unpaid). */
  refundableAmount: string;
}

/** `POST /api/bookings/:id/dispute`. Photos are base64 data URLs (JPEG, PNG or WebP, UPLOADS.maxImageBytes each). */
export interface OpenDisputeRequest {
  reason: DisputeReason;
  description: string;
  requestedAmount: number;
  photos?: string[];
}

/** `POST /api/disputes/:id/messages` (client or provider). */
export interface DisputeReplyRequest {
  text: string;
  photos?: string[];
}

/** `POST /api/admin/disputes/:id/decide`; `amount` only (and required) for a partial refund. */
export interface DecideDisputeRequest {
  outcome: DisputeOutcome;
  amount?: number;
  note: string;
}

/** `GET /api/provider/disputes`, `GET /api/admin/disputes?status=`: newest first. */
export interface DisputeListResponse {
  disputes: DisputeSummaryDto[];
}

/** A provider's resolved disputes, shown as they are beside the rating (never folded into it). */
export interface ProviderDisputeRecord {
  resolved: number;
  /** Resolved with a full or partial refund. */
  refunded: number;
}
