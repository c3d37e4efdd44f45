import type { PagedResponse } from './supply.js';

/**
 * Account credit (issue 17 §3, docs/promotions.md "Account credit"): a client's Khidma credit is a
 * ledger of signed entries; the balance is their sum and never goes below zero. Amounts are dollars
 * as decimal strings ("20.00").
 */
export const CREDIT_REASONS = ['goodwill', 'refund', 'spent', 'spend_reversed'] as const;
/** goodwill: granted by an admin; refund: a card payment refunded as credit; spent: used at payment; spend_reversed: credit given back when its booking was refunded. */
export type CreditReason = (typeof CREDIT_REASONS)[number];

/** Bounds of an admin's goodwill grant, checked by the server and the admin form alike. */
export const CREDIT_RULES = {
  grantMin: 1,
  grantMax: 500,
  noteMin: 3,
  noteMax: 500,
} as const;

export interface CreditEntryDto {
  id: string;
  /** Signed: credit received is positive ("20.00"), credit spent negative ("-20.00"). */
  amount: string;
  reason: CreditReason;
  bookingId: string | null;
  /** The booking's readable number when the entry belongs to one. */
  bookingNumber: string | null;
  /** The admin who granted goodwill credit (admin views only; null for the client). */
  adminId: string | null;
  note: string | null;
  createdAt: string;
}

/** `GET /api/credit` (own) and `GET /api/admin/users/{id}/credit`: the balance and the newest entries first. */
export interface CreditAccountDto {
  clientId: string;
  balance: string;
  entries: PagedResponse<CreditEntryDto>;
}

/** `POST /api/admin/users/{id}/credit` */
export interface GrantCreditRequest {
  /** Dollars, CREDIT_RULES.grantMin to grantMax. */
  amount: number | string;
  /** Why (required; shown to the client with the entry and kept in the audit log). */
  note: string;
}
export interface GrantCreditResponse {
  entry: CreditEntryDto;
  balance: string;
}

/** Where a cancelled paid booking's card part goes: back to the card (default) or instantly to credit. */
export const REFUND_DESTINATIONS = ['card', 'credit'] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];

/** Refusals of the credit routes and of a payment with credit (ApiErrorBody.code), translated by the frontends. */
export const CREDIT_ERROR_CODES = ['credit_insufficient'] as const;
export type CreditErrorCode = (typeof CREDIT_ERROR_CODES)[number];
