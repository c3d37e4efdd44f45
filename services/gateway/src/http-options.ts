import type { HttpAppOptions } from '@khidma/nest-kit';
import type { GatewayConfig } from './config.js';
import { registerCompression } from './delivery/compression.js';

/** How the gateway's HTTP app is built, by the entry point and the tests alike. */
export const gatewayHttpOptions = (config: GatewayConfig): HttpAppOptions => ({
  name: 'gateway',
  logLevel: config.LOG_LEVEL,
  trustProxy: config.TRUSTED_PROXIES,
  beforeRoutes: registerCompression,
  // The gateway's port is the internet's: its /metrics answers only a METRICS_TOKEN bearer.
  publicPort: true,
});
