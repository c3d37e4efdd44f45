import { Controller, Get, HttpCode, Inject, Optional, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { HealthReport } from '@khidma/contracts';
import type { DataSource } from 'typeorm';
import { SERVICE_CONFIG, type ServiceConfig } from '../config/service-config.js';
import { Public } from '../auth/decorators.js';
import { RedisProbe } from './redis-probe.js';

const CHECK_TIMEOUT_MS = 1500;

/** HealthReport (contracts) for the OpenAPI document: probes and the fuzzer read it. */
export const HEALTH_REPORT_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['status', 'service', 'checks'],
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: ['ok', 'error'] },
    service: { type: 'string' },
    checks: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['status'],
        additionalProperties: false,
        properties: { status: { type: 'string', enum: ['up', 'down'] }, message: { type: 'string' } },
      },
    },
  },
};

const withTimeout = <T>(promise: Promise<T>) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS).unref()),
  ]);

// Probes (load balancers, the gateway) carry no token: the global JwtAuthGuard must let them in.
@Public()
@Controller()
export class HealthController {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    private readonly redis: RedisProbe,
    @Optional() @Inject(getDataSourceToken()) private readonly dataSource?: DataSource,
  ) {}

  /** Liveness: the process answers. */
  @Get('healthz')
  @ApiOkResponse({ description: 'The process answers', schema: HEALTH_REPORT_SCHEMA })
  healthz(): HealthReport {
    return { status: 'ok', service: this.config.SERVICE.name, checks: {} };
  }

  /** Readiness: the database and Redis this service depends on answer too. */
  @Get('readyz')
  @HttpCode(200)
  @ApiOkResponse({ description: 'The database and Redis answer too', schema: HEALTH_REPORT_SCHEMA })
  async readyz(): Promise<HealthReport> {
    const checks: HealthReport['checks'] = {};
    if (this.dataSource) checks.database = await this.check(() => this.dataSource!.query('SELECT 1'));
    if (this.redis.enabled) checks.redis = await this.check(() => this.redis.ping());
    const report: HealthReport = {
      status: Object.values(checks).every((c) => c.status === 'up') ? 'ok' : 'error',
      service: this.config.SERVICE.name,
      checks,
    };
    if (report.status !== 'ok') {
      throw new ServiceUnavailableException({ code: 'service_unavailable', message: 'Not ready', params: { checks: JSON.stringify(checks) } });
    }
    return report;
  }

  private async check(probe: () => Promise<unknown>) {
    try {
      await withTimeout(probe());
      return { status: 'up' as const };
    } catch (error) {
      return { status: 'down' as const, message: error instanceof Error ? error.message : String(error) };
    }
  }
}
