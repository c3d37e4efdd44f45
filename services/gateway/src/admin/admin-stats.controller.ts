import { Controller, Get, Headers, HttpException, Inject, UnauthorizedException } from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';
import { type AdminStatsDto, type ApiErrorBody, REQUEST_ID_HEADER } from '@khidma/contracts';
import { Answers, bearerToken, currentRequestId, SERVICE_CONFIG } from '@khidma/nest-kit';
import type { GatewayConfig, Upstream } from '../config.js';
import { upstreamErrorBody } from '../proxy/upstream-error.js';
import { Upstreams } from '../proxy/upstreams.js';

export const ADMIN_STATS_PATH = '/api/admin/stats';

type Answer = { upstream: Upstream; status: number; body: unknown };

/**
 * `GET /api/admin/stats`: the dashboard's figures come from two services — booking's (providers,
 * bookings, revenue, the daily series) and identity's user count — so the gateway asks both with the
 * caller's own Authorization header. Each re-checks that the caller is an admin; a refusal from
 * either is passed on as it came, and nothing is answered from one service alone.
 */
@Controller()
export class AdminStatsController {
  constructor(
    private readonly upstreams: Upstreams,
    @Inject(SERVICE_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get(ADMIN_STATS_PATH)
  @ApiBearerAuth()
  @Answers(200, 'AdminStatsDto', 'totalUsers (identity) with booking’s figures')
  async stats(@Headers('authorization') authorization?: string): Promise<AdminStatsDto> {
    // A token that is present was already verified by the gateway's check; none at all is a 401 here.
    if (!bearerToken(authorization)) throw new UnauthorizedException({ code: 'unauthorized', message: 'Sign-in required' });
    const [booking, identity] = await Promise.all([
      this.ask('booking', ADMIN_STATS_PATH, authorization!),
      this.ask('identity', '/api/admin/users?limit=1', authorization!),
    ]);
    for (const answer of [booking, identity]) this.passOnFailure(answer);
    const users = identity.body as { total?: unknown };
    if (typeof users.total !== 'number') throw this.unavailable('identity');
    return { totalUsers: users.total, ...(booking.body as Omit<AdminStatsDto, 'totalUsers'>) };
  }

  private async ask(upstream: Upstream, path: string, authorization: string): Promise<Answer> {
    const replicas = this.upstreams.replicasOf(upstream);
    const replica = replicas[this.upstreams.nextIndex(upstream)]!;
    const requestId = currentRequestId();
    try {
      const answer = await this.upstreams.getJson(replica, path, this.config.UPSTREAM_TIMEOUT_MS, {
        authorization,
        ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}),
      });
      return { upstream, ...answer };
    } catch {
      throw this.unavailable(upstream);
    }
  }

  /** A service's refusal (401, 403 …) is the answer; its own ApiErrorBody travels on. */
  private passOnFailure(answer: Answer) {
    if (answer.status === 200) return;
    const body = answer.body as Partial<ApiErrorBody> | undefined;
    if (answer.status >= 500 || typeof body?.code !== 'string') throw this.unavailable(answer.upstream);
    throw new HttpException({ code: body.code, message: body.message ?? 'Request refused', ...(body.params ? { params: body.params } : {}) }, answer.status);
  }

  /** The proxy's own answer for an upstream it cannot reach. */
  private unavailable(upstream: Upstream) {
    const { statusCode, ...body } = upstreamErrorBody(upstream, false);
    return new HttpException(body, statusCode);
  }
}
