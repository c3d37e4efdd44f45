import { Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { REQUEST_ID_HEADER } from '@khidma/contracts';
import { currentRequestId, SERVICE_CONFIG } from '@khidma/nest-kit';
import type { BookingConfig } from '../config.js';

const IDENTITY_TIMEOUT_MS = 5_000;

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
    const requestId = currentRequestId();
    try {
      const response = await fetch(`${this.baseUrl}/api/admin/users/${encodeURIComponent(userId)}`, {
        method: 'PATCH',
        headers: {
          authorization,
          'content-type': 'application/json',
          ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}),
        },
        body: JSON.stringify({ role: 'provider' }),
        signal: AbortSignal.timeout(IDENTITY_TIMEOUT_MS),
      });
      if (response.ok) return;
      this.logger.warn(`Identity answered ${response.status} to the provider role change of ${userId}: ${await response.text()}`);
    } catch (error) {
      this.logger.warn(`Identity unreachable for the provider role change of ${userId}: ${(error as Error).message}`);
    }
    throw new ServiceUnavailableException({
      code: 'service_unavailable',
      message: 'The account service could not make this user a provider, so nothing was changed. Please try again.',
    });
  }
}
