import {
  ADMIN_RECENT_USERS,
  AUTH_PATHS,
  type ApproveProviderRequest,
  type ApproveServiceRequest,
  type ConversationMessageDto,
  type CreatePromoCodeRequest,
  type CreditAccountDto,
  type GrantCreditRequest,
  type GrantCreditResponse,
  type DecideDisputeRequest,
  type DisputeDto,
  type PromoCodeDto,
  type ServiceCategoryDto,
  type HideReviewRequest,
  type MeResponse,
  type ModerationResponse,
  type ReviewDetailDto,
  type Role,
} from '@khidma/contracts';
import { apiBlob, apiFetch } from '@khidma/web-kit';

/** Every call the admin panel makes, in one place (spec §7 and packages/contracts/src/supply.ts). */

export interface ListQuery {
  search: string;
  page: number;
  limit: number;
  /** One of the list's statuses; empty for all. */
  status?: string;
}

/** `?search=&page=&limit=` with empty values left out, so the server applies its defaults. */
export function listQuery({ search, page, limit, status }: ListQuery): string {
  const params = new URLSearchParams();
  if (search.trim()) params.set('search', search.trim());
  if (status) params.set('status', status);
  params.set('page', String(page));
  params.set('limit', String(limit));
  return params.toString();
}

export const statsPath = '/admin/stats';
export const pendingPath = '/admin/pending-approvals';
export const recentUsersPath = `${AUTH_PATHS.adminUsers}?${listQuery({ search: '', page: 1, limit: ADMIN_RECENT_USERS })}`;

export const usersPath = (query: ListQuery) => `${AUTH_PATHS.adminUsers}?${listQuery(query)}`;
export const providersPath = (query: ListQuery) => `/admin/providers?${listQuery(query)}`;
export const servicesPath = (query: ListQuery) => `/admin/services?${listQuery(query)}`;
export const bookingsPath = (query: ListQuery) => `/admin/bookings?${listQuery(query)}`;
/** The reviews list filters by visibility (`status` visible/hidden in the panel, `hidden=` on the server). */
export const reviewsPath = ({ status, ...query }: ListQuery) =>
  `/admin/reviews?${listQuery(query)}${status ? `&hidden=${status === 'hidden'}` : ''}`;

export const decideProvider = (request: ApproveProviderRequest) =>
  apiFetch<ModerationResponse>('/admin/approve-provider', { method: 'POST', json: request });

export const decideService = (request: ApproveServiceRequest) =>
  apiFetch<ModerationResponse>('/admin/approve-service', { method: 'POST', json: request });

/** A client's Khidma credit (balance and newest entries) and the admin's goodwill grant. */
export const getUserCredit = (userId: string, signal?: AbortSignal) =>
  apiFetch<CreditAccountDto>(`/admin/users/${encodeURIComponent(userId)}/credit?limit=5`, { signal });
export const grantCredit = (userId: string, request: GrantCreditRequest) =>
  apiFetch<GrantCreditResponse>(`/admin/users/${encodeURIComponent(userId)}/credit`, { method: 'POST', json: request });

export const updateUser = (id: string, change: { role?: Role; isActive?: boolean }) =>
  apiFetch<MeResponse>(`${AUTH_PATHS.adminUsers}/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: change,
  });

/** An applicant's document: served only with the admin's bearer, so it is fetched rather than linked. */
export const fetchDocument = (url: string, signal?: AbortSignal) => apiBlob(url, { signal });

/** Reported conversations (issue 13): the list, a thread as the admin reads it, and hiding a reported message. */
export const reportedConversationsPath = '/admin/conversations/reported';
export const conversationMessagesPath = (id: string) => `/conversations/${encodeURIComponent(id)}/messages`;
export const hideConversationMessage = (messageId: string, hidden: boolean) =>
  apiFetch<ConversationMessageDto>(`/admin/conversations/messages/${encodeURIComponent(messageId)}/hide`, { method: 'POST', json: { hidden } });
/** The audit log's own filters besides search, page and `status` (the action). Empty values are left out. */
export interface AuditFilters {
  actor: string;
  from: string;
  to: string;
}
export const auditLogPath = ({ status, ...query }: ListQuery, { actor, from, to }: AuditFilters) => {
  const params = new URLSearchParams(listQuery(query));
  if (status) params.set('action', status);
  if (actor.trim()) params.set('actor', actor.trim());
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  return `/admin/audit-log?${params.toString()}`;
};
export const hideReview = (reviewId: string, request: HideReviewRequest) =>
  apiFetch<ReviewDetailDto>(`/admin/reviews/${encodeURIComponent(reviewId)}/hide`, { method: 'PATCH', json: request });

/** Promo codes (issue 17): the list, a new code, and stopping one. */
export const promoCodesPath = (query: ListQuery) => `/admin/promo-codes?${listQuery(query)}`;
export const createPromoCode = (request: CreatePromoCodeRequest) =>
  apiFetch<PromoCodeDto>('/admin/promo-codes', { method: 'POST', json: request });
export const deactivatePromoCode = (id: string) =>
  apiFetch<PromoCodeDto>(`/admin/promo-codes/${encodeURIComponent(id)}/deactivate`, { method: 'POST' });
export const getCategories = (signal?: AbortSignal) => apiFetch<ServiceCategoryDto[]>('/service-categories', { signal });

/** Disputes (issue 17 part 4): the list (by status), one case with its conversation, the decision. */
export const disputesPath = (status?: string) => `/admin/disputes${status ? `?status=${encodeURIComponent(status)}` : ''}`;
export const disputePath = (id: string) => `/disputes/${encodeURIComponent(id)}`;
export const decideDispute = (id: string, request: DecideDisputeRequest) =>
  apiFetch<DisputeDto>(`/admin/disputes/${encodeURIComponent(id)}/decide`, { method: 'POST', json: request });
