import { loadConfig } from '@khidma/nest-kit';
import { startTestApp } from '@khidma/nest-kit/testing';
import { type GatewayConfig, gatewaySchema } from '../src/config.js';
import { GatewayModule } from '../src/gateway.module.js';
import { gatewayHttpOptions } from '../src/http-options.js';

/** The gateway's config from test env vars (silent logs unless TEST_LOG_LEVEL says otherwise). */
export function gatewayConfig(env: Record<string, string>): GatewayConfig {
  const parsed = loadConfig(gatewaySchema, { NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', ...env });
  return { ...parsed, SERVICE: { name: 'gateway', inlineJobs: true } };
}

/** The gateway built as its entry point builds it, on a free port. */
export function startGateway(env: Record<string, string>) {
  const config = gatewayConfig(env);
  return startTestApp(GatewayModule.forRoot(config), 'gateway', gatewayHttpOptions(config));
}
