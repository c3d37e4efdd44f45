import type { INestApplicationContext } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import type { ServiceConfig } from '../config/service-config.js';
import { bearerMatches, METRICS_PATH } from './http-metrics.js';
import { Metrics } from './metrics.service.js';

/**
 * A worker has no HTTP app: this listener serves only GET /metrics (bearer `token` when set) on its
 * own port, and closes with the application.
 */
export async function startMetricsServer(app: INestApplicationContext, port: number, host: string, token?: string): Promise<Server> {
  const metrics = app.get(Metrics);
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://worker').pathname;
    if (request.method !== 'GET' || path !== METRICS_PATH || (token && !bearerMatches(request.headers.authorization, token))) {
      response.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (error: unknown) => response.writeHead(500).end(error instanceof Error ? error.message : String(error)),
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  return server;
}

/**
 * A worker entry point's metrics, on METRICS_PORT when the deployment sets one (and METRICS_ENABLED).
 * No default port: replicas of a worker sharing a host (a cluster test, two stacks on one machine)
 * would fight over it, and the second would not start.
 */
export async function serveWorkerMetrics(app: INestApplicationContext, config: ServiceConfig) {
  if (!config.METRICS_ENABLED || config.METRICS_PORT === undefined) return undefined;
  return startMetricsServer(app, config.METRICS_PORT, config.HOST, config.METRICS_TOKEN);
}
