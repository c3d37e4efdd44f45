import replyFrom from '@fastify/reply-from';
import { type ApiErrorBody, REQUEST_ID_HEADER } from '@khidma/contracts';
import { currentTraceparent, TRACEPARENT_HEADER } from '@khidma/nest-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import type { Upstream } from '../config.js';
import { forwardedPath, resolveRoute } from '../routing/route-table.js';
import { staticCacheControl } from '../delivery/static-caching.js';
import { declaresTooLarge, limitedBody, sendPayloadTooLarge, wasCutOff } from './body-limit.js';
import { classifyUpstreamError, sendUpstreamError } from './upstream-error.js';
import type { Upstreams } from './upstreams.js';

/**
 * OPTIONS is not forwarded: preflights are the gateway's to answer (the CORS plugin does, when any
 * origin is allowed); services never serve cross-origin callers themselves.
 */
const PROXIED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Methods a request may be repeated with on another replica; only when it has no body to replay. */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

/** What the upstream learns about the original request; the headers object is reply-from's own copy. */
function forwardingHeaders(request: FastifyRequest, headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const prior = headers['x-forwarded-for'];
  headers[REQUEST_ID_HEADER] = String(request.id);
  // The service's span is a child of the gateway's (which continues the browser's traceparent, if any).
  const traceparent = currentTraceparent();
  if (traceparent) headers[TRACEPARENT_HEADER] = traceparent;
  else delete headers[TRACEPARENT_HEADER];
  headers['x-forwarded-for'] = prior ? `${String(prior)}, ${request.ip}` : request.ip;
  headers['x-forwarded-proto'] = request.protocol;
  if (request.headers.host) headers['x-forwarded-host'] = request.headers.host;
  return headers;
}

function notFound(request: FastifyRequest, reply: FastifyReply) {
  const body: ApiErrorBody = {
    statusCode: 404,
    code: 'not_found',
    message: `Cannot ${request.method} ${request.url.split('?')[0]}`,
    requestId: String(request.id),
  };
  return reply.code(404).send(body);
}

/**
 * Forwards every request no gateway route answers to the upstream the route table names. Bodies are
 * never parsed here: the request stream is piped upstream and the answer streamed back.
 */
export async function proxyPlugin(scope: FastifyInstance, upstreams: Upstreams) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (request, payload, done) => done(null, limitedBody(request, payload)));
  await scope.register(replyFrom, { undici: upstreams.proxyDispatcher, disableRequestLogging: true });

  function forward(request: FastifyRequest, reply: FastifyReply, upstream: Upstream, path: string, start: number, attempt: number) {
    const replicas = upstreams.liveReplicasOf(upstream);
    const replica = replicas[(start + attempt) % replicas.length]!;
    return reply.from(`${replica}${path}`, {
      rewriteRequestHeaders: (_request, headers) => forwardingHeaders(request, headers),
      onResponse: (_request, _reply, res) => {
        const cacheControl = staticCacheControl(upstream, path, reply.statusCode);
        if (cacheControl) reply.header('cache-control', cacheControl);
        return reply.send(res.stream);
      },
      onError: (_reply, { error }) => {
        if (wasCutOff(request)) return sendPayloadTooLarge(request, reply);
        const { unreachable, timedOut } = classifyUpstreamError(error);
        if (unreachable) upstreams.pauseRefusingReplica(replica);
        const retry = unreachable && attempt + 1 < replicas.length && IDEMPOTENT_METHODS.has(request.method) && !hasBody(request);
        request.log.warn({ upstream, replica, err: error, retry }, 'upstream request failed');
        if (retry) forward(request, reply, upstream, path, start, attempt + 1);
        else sendUpstreamError(reply, upstream, timedOut);
      },
    });
  }

  scope.route({
    method: PROXIED_METHODS,
    url: '/*',
    handler: (request, reply) => {
      const url = request.raw.url ?? '/';
      const queryAt = url.indexOf('?');
      const rawPath = queryAt < 0 ? url : url.slice(0, queryAt);
      const rule = resolveRoute(rawPath);
      if (rule.to === 'gateway' || (rule.methods && !rule.methods.includes(request.method))) return notFound(request, reply);
      if (declaresTooLarge(request)) return sendPayloadTooLarge(request, reply);
      try {
        return forward(request, reply, rule.to, forwardedPath(rule, rawPath), upstreams.nextIndex(rule.to), 0);
      } catch (error) {
        // reply-from refuses paths that climb out of the upstream's root (`/..`) before sending anything.
        if ((error as { statusCode?: number }).statusCode !== 400) throw error;
        return reply.code(400).send({
          statusCode: 400,
          code: 'validation_failed',
          message: 'Invalid request path',
          requestId: String(request.id),
        } satisfies ApiErrorBody);
      }
    },
  });
}
