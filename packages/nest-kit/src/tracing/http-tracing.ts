import { context, propagation, ROOT_CONTEXT, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { withRequestId } from '../logging/request-context.js';
import { currentTraceparent, TRACERESPONSE_HEADER, tracer } from './trace-context.js';

const spans = new WeakMap<FastifyRequest, Span>();

/**
 * One server span per request, child of the caller's `traceparent` when it sends one (the browser at
 * the gateway, the gateway at a service); the rest of the request runs in its context (which also
 * carries the request id), and the answer names it in `traceresponse`.
 */
export function traceHttpRequests(fastify: FastifyInstance) {
  fastify.addHook('onRequest', (request, _reply, done) => {
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const route = request.routeOptions.url ?? 'unmatched';
    const span = tracer().startSpan(
      `${request.method} ${route}`,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method, 'http.route': route, 'url.path': request.url.split('?')[0] } },
      parent,
    );
    spans.set(request, span);
    const { traceId, spanId } = span.spanContext();
    // Fastify's own request lines ("request completed") are written outside this context: bind the ids
    // to the request's logger (Fastify's pino child, shared with the reply) rather than make a second
    // child of it per request.
    (request.log as Logger).setBindings({ trace_id: traceId, span_id: spanId });
    context.with(withRequestId(trace.setSpan(parent, span), String(request.id)), done);
  });
  // At send, after a proxied answer's headers were copied: the trace is this process's to name.
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const span = spans.get(request);
    if (span) reply.header(TRACERESPONSE_HEADER, currentTraceparent(trace.setSpan(ROOT_CONTEXT, span)));
    done(null, payload);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
}
