import type { PagedResponse } from './supply.js';

/**
 * The admin action audit log (`GET /api/admin/audit-log`): one entry per admin decision, written in
 * the same transaction as the decision itself.
 */
export const ADMIN_AUDIT_ACTIONS = [
  'provider_application.approved',
  'provider_application.rejected',
  'service.approved',
  'service.rejected',
  'service_revision.approved',
  'service_revision.rejected',
  'review.hidden',
  'review.shown',
  'message.hidden',
  'message.shown',
  'account.made_client',
  'account.made_provider',
  'account.made_admin',
  'account.deactivated',
  'account.reactivated',
  'promo_code.created',
  'promo_code.deactivated',
  'credit.granted',
  'dispute.decided',
] as const;
export type AdminAuditAction = (typeof ADMIN_AUDIT_ACTIONS)[number];

export const ADMIN_AUDIT_TARGETS = ['provider_application', 'service', 'review', 'conversation_message', 'account', 'promo_code', 'dispute'] as const;
export type AdminAuditTargetType = (typeof ADMIN_AUDIT_TARGETS)[number];

export interface AdminAuditEntryDto {
  id: string;
  action: AdminAuditAction;
  /** The admin's account id and e-mail as their access token carried them at the time. */
  actorId: string;
  actorEmail: string;
  targetType: AdminAuditTargetType;
  targetId: string;
  /** What was acted on, in words (a business name, a service title, a review's or message's opening, a person). */
  summary: string;
  /** The Arabic of `summary` where the target has one (a service's Arabic title); null otherwise. */
  summaryAr: string | null;
  /** The reason the admin gave, where the action takes one. */
  reason: string | null;
  createdAt: string;
}

/** One page of the audit log, newest first. */
export type AdminAuditPage = PagedResponse<AdminAuditEntryDto>;
