import { context, propagation, ROOT_CONTEXT, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentTraceparent, TRACERESPONSE_HEADER, tracer } from './trace-context.js';

const spans = new WeakMap<FastifyRequest, Span>();

/**
 * One server span per request, child of the caller's `traceparent` when it sends one (the browser at
 * the gateway, the gateway at a service); the rest of the request runs in its context, and the answer
 * names it in `traceresponse`.
 */
export function traceHttpRequests(fastify: FastifyInstance) {
  fastify.addHook('onRequest', (request, reply, done) => {
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const route = request.routeOptions.url ?? 'unmatched';
    const span = tracer().startSpan(
      `${request.method} ${route}`,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method, 'http.route': route, 'url.path': request.url.split('?')[0] } },
      parent,
    );
    spans.set(request, span);
    const { traceId, spanId } = span.spanContext();
    // Fastify's own request lines ("request completed") are written outside this context: bind the ids.
    request.log = request.log.child({ trace_id: traceId, span_id: spanId });
    reply.log = request.log;
    context.with(trace.setSpan(parent, span), done);
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
