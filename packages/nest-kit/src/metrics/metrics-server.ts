import type { INestApplicationContext } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
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
