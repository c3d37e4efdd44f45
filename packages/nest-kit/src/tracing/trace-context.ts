import { context, type Context, propagation, ROOT_CONTEXT, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';

/** W3C Trace Context header a request or a stored message carries its trace in. */
export const TRACEPARENT_HEADER = 'traceparent';
/** W3C Trace Context (level 2) response header: the trace the answer belongs to. */
export const TRACERESPONSE_HEADER = 'traceresponse';

export const tracer = () => trace.getTracer('@khidma/nest-kit');

/** `trace_id` and `span_id` of the active span, for every log line written inside a request or job. */
export function traceLogFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getSpan(context.active())?.spanContext();
  return span && trace.isSpanContextValid(span) ? { trace_id: span.traceId, span_id: span.spanId } : {};
}

/** The active span as a `traceparent` value (to store with an outbox row or send upstream). */
export function currentTraceparent(active: Context = context.active()): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(active, carrier);
  return carrier[TRACEPARENT_HEADER];
}

/** The context a carried `traceparent` continues (the root when none, or when malformed). */
export const contextFrom = (traceparent: string | null | undefined): Context =>
  traceparent ? propagation.extract(ROOT_CONTEXT, { [TRACEPARENT_HEADER]: traceparent }) : ROOT_CONTEXT;

/**
 * Runs `work` in a new span, child of the carried `traceparent` (a new trace without one), and ends
 * the span with its outcome.
 */
export function inSpanFrom<T>(traceparent: string | null | undefined, name: string, kind: SpanKind, work: (span: Span) => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, { kind }, contextFrom(traceparent), async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

export { SpanKind };
