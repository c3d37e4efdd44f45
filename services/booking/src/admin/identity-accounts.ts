import { HttpException, Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { type ApiErrorBody, type MeResponse, REQUEST_ID_HEADER, type UpdateAccountRequest } from '@khidma/contracts';
import { currentRequestId, internalFetch, SERVICE_CONFIG } from '@khidma/nest-kit';
import type { BookingConfig } from '../config.js';

const IDENTITY_TIMEOUT_MS = 5_000;

/** Identity refused the change itself (unknown account, an admin demoting themselves...): its answer stands. */
const isRefusal = (status: number) => status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429;

/**
 * Identity's admin API as booking uses it. Calls carry the admin's own Authorization header, so
 * identity applies its own admin check to the very person who decided.
 */
@Injectable()
export class IdentityAccounts {
  private readonly logger = new Logger('IdentityAccounts');
  private readonly baseUrl: string;

  constructor(@Inject(SERVICE_CONFIG) config: BookingConfig) {
    this.baseUrl = config.IDENTITY_URL ?? new URL(config.IDENTITY_JWKS_URL).origin;
  }

  /**
   * Gives the user the provider role. Idempotent (setting the same role again changes nothing), so a
   * retry after a later failure is safe. Anything but a 2xx is a 503: the caller then changes nothing.
   */
  async makeProvider(userId: string, authorization: string): Promise<void> {
    const answer = await this.patch(userId, { role: 'provider' }, authorization);
    if (answer?.ok) return;
    throw new ServiceUnavailableException({
      code: 'service_unavailable',
      message: 'The account service could not make this user a provider, so nothing was changed. Please try again.',
    });
  }

  /**
   * Changes an account's role or activation. Identity's own refusal (400, 403, 404) is passed on as it
   * answered; an unreachable or failing identity is a 503, and then nothing was changed.
   */
  async updateAccount(userId: string, change: UpdateAccountRequest, authorization: string): Promise<MeResponse> {
    const answer = await this.patch(userId, change, authorization);
    if (answer?.ok) return answer.body as MeResponse;
    if (answer && isRefusal(answer.status)) throw new HttpException(answer.body as ApiErrorBody, answer.status);
    throw new ServiceUnavailableException({
      code: 'service_unavailable',
      message: 'The account service could not change this account, so nothing was changed. Please try again.',
    });
  }

  /**
   * The account `userId` as identity has it (its role, whether it is active). Identity's 404 (no such
   * account) is passed on as it answered; an unreachable or failing identity is a 503.
   */
  async account(userId: string, authorization: string): Promise<MeResponse['user']> {
    const answer = await this.call('GET', userId, undefined, authorization);
    if (answer?.ok) return (answer.body as MeResponse).user;
    if (answer && isRefusal(answer.status)) throw new HttpException(answer.body as ApiErrorBody, answer.status);
    throw new ServiceUnavailableException({
      code: 'service_unavailable',
      message: 'The account service could not be asked about this account, so nothing was changed. Please try again.',
    });
  }

  private patch(userId: string, change: UpdateAccountRequest, authorization: string) {
    return this.call('PATCH', userId, change, authorization);
  }

  /** Identity's answer (status and JSON body) to its admin route for `userId`, or undefined when it could not be reached. */
  private async call(method: 'GET' | 'PATCH', userId: string, change: UpdateAccountRequest | undefined, authorization: string) {
    const requestId = currentRequestId();
    try {
      const response = await internalFetch(`${this.baseUrl}/api/admin/users/${encodeURIComponent(userId)}`, {
        method,
        headers: {
          authorization,
          ...(change ? { 'content-type': 'application/json' } : {}),
          ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}),
        },
        ...(change ? { body: JSON.stringify(change) } : {}),
        signal: AbortSignal.timeout(IDENTITY_TIMEOUT_MS),
      });
      const text = await response.text();
      if (!response.ok) this.logger.warn(`Identity answered ${response.status} to ${method} of the account ${userId}: ${text}`);
      return { ok: response.ok, status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
    } catch (error) {
      this.logger.warn(`Identity unreachable for ${method} of the account ${userId}: ${(error as Error).message}`);
      return undefined;
    }
  }
}
