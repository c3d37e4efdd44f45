import type { INestApplication } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { bearerToken } from '../auth/access-token.js';
import { Metrics } from './metrics.service.js';

/** Where every process serves its metrics: outside /api, like /healthz. */
export const METRICS_PATH = '/metrics';

export interface MetricsAccess {
  /** Bearer token a scrape must present; unset: any caller that can reach the port may scrape. */
  token?: string;
  /** On a public port (the gateway) metrics are served only to the token's holder; without a token, not at all. */
  publicPort?: boolean;
}

/**
 * Whether an `authorization` header's bearer token (read by the shared parser, as for access tokens:
 * any case of `Bearer`, any spacing) is `token`; the comparison takes the same time wherever they differ.
 */
export const bearerMatches = (authorization: string | undefined, token: string) => {
  const given = bearerToken(authorization);
  if (given === undefined) return false;
  // Equal-length digests: timingSafeEqual needs equal lengths, and the token's length stays unrevealed.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
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
