import type { INestApplication } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { Metrics } from './metrics.service.js';

/** Where every process serves its metrics: outside /api, like /healthz. */
export const METRICS_PATH = '/metrics';

export interface MetricsAccess {
  /** Bearer token a scrape must present; unset: any caller that can reach the port may scrape. */
  token?: string;
  /** On a public port (the gateway) metrics are served only to the token's holder; without a token, not at all. */
  publicPort?: boolean;
}

/** Constant-time check of an `authorization` header against `Bearer <token>`. */
export const bearerMatches = (authorization: string | undefined, token: string) => {
  const given = Buffer.from(authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/** Times every response into the request histogram and serves the registry at /metrics. */
export function exposeHttpMetrics(app: INestApplication, fastify: FastifyInstance, access: MetricsAccess) {
  const metrics = app.get(Metrics);
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.observeHttp(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  fastify.get(METRICS_PATH, async (request, reply) => {
    const allowed = access.token ? bearerMatches(request.headers.authorization, access.token) : !access.publicPort;
    // A 404, as for any unknown path: the internet learns nothing about what is scraped here.
    if (!allowed) return reply.code(404).send({ code: 'not_found', message: 'Not found' });
    return reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
