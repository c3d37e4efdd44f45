import { HttpException, Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { ApiErrorBody } from '@khidma/contracts';
import {
  bearerToken,
  FallbackSessionRevocations,
  JwksAccessTokenVerifier,
  METRICS_PATH,
  SERVICE_CONFIG,
  sessionRevocationsFor,
} from '@khidma/nest-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config.js';

/**
 * Request headers only the platform may set: a browser sending them must not be believed by anyone
 * behind the gateway (spec §7's X-Is-Admin-Email grants nothing; x-khidma-* is reserved for us).
 */
export const isReservedHeader = (name: string) => name === 'x-is-admin-email' || name.startsWith('x-khidma-');

/**
 * The gateway's token check, before anything is forwarded: a request carrying a bearer token that
 * fails verification (signature against identity's JWKS, ES256 only, issuer, audience, expiry,
 * revoked session) gets a 401 here. The Authorization header itself travels on unchanged and every
 * service verifies it again. Requests without a token pass; the services decide what is public.
 */
@Injectable()
export class GatewayAuth implements OnApplicationShutdown {
  private readonly revocations: ReturnType<typeof sessionRevocationsFor>;
  private readonly verifier: JwksAccessTokenVerifier;

  constructor(@Inject(SERVICE_CONFIG) config: GatewayConfig) {
    this.revocations = sessionRevocationsFor(config);
    this.verifier = new JwksAccessTokenVerifier(config.IDENTITY_JWKS_URL, this.revocations);
  }

  register(fastify: FastifyInstance) {
    // A callback hook, not an async one: most requests carry no token and pass without a promise.
    fastify.addHook('onRequest', (request, reply, done) => {
      const headers = request.raw.headers;
      for (const name in headers) if (isReservedHeader(name)) delete headers[name];
      // /metrics checks its own bearer (METRICS_TOKEN), which is no access token.
      if (request.routeOptions.url === METRICS_PATH) return done();
      const token = bearerToken(headers.authorization);
      if (!token) return done();
      this.verifier.verify(token).then(
        () => done(),
        (error: unknown) => void this.refuse(request, reply, error),
      );
    });
  }

  /** Answers for a token that failed verification; the request goes no further. */
  private refuse(request: FastifyRequest, reply: FastifyReply, error: unknown) {
    // Neither Redis nor identity could check the session: try again later, not "signed out".
    if (error instanceof HttpException && error.getStatus() === 503) {
      const { code, message, params } = error.getResponse() as Pick<ApiErrorBody, 'code' | 'message' | 'params'>;
      return reply.code(503).send({ statusCode: 503, code, message, params, requestId: String(request.id) } satisfies ApiErrorBody);
    }
    const body: ApiErrorBody = {
      statusCode: 401,
      code: 'unauthorized',
      message: 'Invalid or expired access token',
      requestId: String(request.id),
    };
    return reply.code(401).send(body);
  }

  async onApplicationShutdown() {
    if (this.revocations instanceof FallbackSessionRevocations) await this.revocations.onApplicationShutdown();
  }
}
