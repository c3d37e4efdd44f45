import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse } from '@nestjs/swagger';
import { type HealthReport, SERVICE_NAMES, type ServiceName } from '@khidma/contracts';
import type { FastifyReply } from 'fastify';
import { Upstreams } from '../proxy/upstreams.js';
import { HEALTH_REPORT_SCHEMA, Public } from '@khidma/nest-kit';

const PROBE_TIMEOUT_MS = 1500;

/**
 * The gateway's own health endpoints (nest-kit's readiness only knows databases and Redis, which the
 * gateway has none of). Ready means every service behind it has a replica whose /readyz answers 200.
 */
@Public()
@Controller()
export class GatewayHealthController {
  constructor(private readonly upstreams: Upstreams) {}

  /** Liveness: the process answers. */
  @Get('healthz')
  @ApiOkResponse({ description: 'The process answers', schema: HEALTH_REPORT_SCHEMA })
  healthz(): HealthReport {
    return { status: 'ok', service: 'gateway', checks: {} };
  }

  @Get('readyz')
  @ApiOkResponse({ description: 'Every service has a ready replica', schema: HEALTH_REPORT_SCHEMA })
  @ApiServiceUnavailableResponse({ description: 'Some service has no ready replica; `checks` names it', schema: HEALTH_REPORT_SCHEMA })
  async readyz(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReport> {
    const states = await Promise.all(SERVICE_NAMES.map(async (service) => [service, await this.probe(service)] as const));
    const checks: HealthReport['checks'] = Object.fromEntries(states);
    const ready = states.every(([, state]) => state.status === 'up');
    void reply.code(ready ? 200 : 503);
    return { status: ready ? 'ok' : 'error', service: 'gateway', checks };
  }

  /** Up when any replica is ready; otherwise says what each replica answered. */
  private async probe(service: ServiceName): Promise<HealthReport['checks'][string]> {
    const replicas = this.upstreams.replicasOf(service);
    const answers = await Promise.all(
      replicas.map(async (replica) => {
        try {
          const { status } = await this.upstreams.getJson(replica, '/readyz', PROBE_TIMEOUT_MS);
          return { replica, ok: status === 200, detail: `HTTP ${status}` };
        } catch (error) {
          const code = (error as { code?: string }).code;
          return { replica, ok: false, detail: code ?? (error instanceof Error ? error.message : String(error)) };
        }
      }),
    );
    const ready = answers.filter((answer) => answer.ok).length;
    if (ready === answers.length) return { status: 'up' };
    if (ready > 0) return { status: 'up', message: `${ready} of ${answers.length} replicas ready` };
    return { status: 'down', message: answers.map((answer) => `${answer.replica}: ${answer.detail}`).join('; ') };
  }
}
