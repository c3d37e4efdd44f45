import cors from '@fastify/cors';
import helmet from 'helmet';
import { REMOTE_NAMES, REQUEST_ID_HEADER } from '@khidma/contracts';
import type { FastifyInstance } from 'fastify';
import { type GatewayEnv, manifestOverride } from '../config.js';

/** Origins of remotes served from elsewhere (a CDN): the shell loads their scripts, styles and assets. */
const remoteOrigins = (config: GatewayEnv): string[] => [
  ...new Set(
    REMOTE_NAMES.map((remote) => manifestOverride(config, remote))
      .filter((url): url is string => Boolean(url))
      .map((url) => new URL(url).origin),
  ),
];

/**
 * Security headers on every answer (proxied ones too) and the CORS allow-list. The CSP lets the shell
 * load remotes from 'self' and any configured remote origin; styles may be inline because antd writes
 * CSS-in-JS at run time (Swagger UI sets inline styles too).
 *
 * helmet itself rather than @fastify/helmet: the plugin rebuilds helmet's middleware (CSP parsing
 * included) on every request, this builds it once; the headers it sets on the raw response are kept
 * unless an upstream answer sets the same header.
 */
export async function registerSecurity(fastify: FastifyInstance, config: GatewayEnv) {
  const remotes = remoteOrigins(config);
  const secure = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...remotes],
        connectSrc: ["'self'", ...remotes],
        styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
        imgSrc: ["'self'", 'data:', 'blob:', ...remotes],
        fontSrc: ["'self'", 'data:', ...remotes],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Google sign-in opens a popup that must be able to report back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });
  fastify.addHook('onRequest', (request, reply, done) => secure(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));
  // Without a list nothing is allowed cross-origin: the app is served same-origin through the gateway.
  if (!config.CORS_ORIGINS.length) return;
  await fastify.register(cors, {
    origin: config.CORS_ORIGINS,
    credentials: true,
    exposedHeaders: [REQUEST_ID_HEADER],
    maxAge: 600,
  });
}
