import cors from '@fastify/cors';
import helmet from 'helmet';
import { REMOTE_NAMES, REQUEST_ID_HEADER } from '@khidma/contracts';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
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
 * The headers a helmet middleware sets, recorded once: with no per-request directives (no nonces)
 * they depend on the options alone, so each request gets the list rather than a run of its eleven
 * middlewares.
 */
function helmetHeaders(options: Parameters<typeof helmet>[0]): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let error: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (failure?: unknown) => (error = failure));
  if (error) throw error;
  return [...headers];
}

/**
 * Security headers on every answer (proxied ones too) and the CORS allow-list. The CSP lets the shell
 * load remotes from 'self' and any configured remote origin; styles may be inline because antd writes
 * CSS-in-JS at run time (Swagger UI sets inline styles too).
 *
 * helmet itself rather than @fastify/helmet: the plugin rebuilds helmet's middleware (CSP parsing
 * included) on every request, this computes its headers once; they are set on the raw response, so
 * they are kept unless an upstream answer sets the same header.
 */
export async function registerSecurity(fastify: FastifyInstance, config: GatewayEnv) {
  const remotes = remoteOrigins(config);
  const securityHeaders = helmetHeaders({
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
  fastify.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
    done();
  });
  // Without a list nothing is allowed cross-origin: the app is served same-origin through the gateway.
  if (!config.CORS_ORIGINS.length) return;
  await fastify.register(cors, {
    origin: config.CORS_ORIGINS,
    credentials: true,
    exposedHeaders: [REQUEST_ID_HEADER],
    maxAge: 600,
  });
}
