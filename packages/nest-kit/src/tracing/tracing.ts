import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';

export interface TracingOptions {
  /** `service.name` of the spans. */
  service: string;
  /** OTLP/HTTP collector base URL (`…:4318`); spans go to `<endpoint>/v1/traces`. Unset: nothing leaves the process. */
  endpoint?: string;
}

/** The OTLP/HTTP traces URL of a collector base URL, as the OTel spec derives it from OTEL_EXPORTER_OTLP_ENDPOINT. */
export const otlpTracesUrl = (endpoint: string) => `${endpoint.replace(/\/+$/, '')}/v1/traces`;

/**
 * The process's tracer provider. Trace and span ids are always made (logs carry them, traceparent
 * travels on), spans are exported only when an endpoint is configured. Manual spans, no require
 * hooks: the services are ESM, which the instrumentation libraries' monkey-patching does not reach
 * without a loader flag.
 */
@Injectable()
export class Tracing implements OnApplicationShutdown {
  readonly provider: BasicTracerProvider;

  constructor(options: TracingOptions) {
    const spanProcessors: SpanProcessor[] = options.endpoint
      ? [new BatchSpanProcessor(new OTLPTraceExporter({ url: otlpTracesUrl(options.endpoint) }))]
      : [];
    this.provider = new BasicTracerProvider({ resource: resourceFromAttributes({ 'service.name': options.service }), spanProcessors });
    // Once per process: a second registration (a test starting several apps) keeps the first manager.
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    // The newest app's provider is the global one (tests start several apps in one process).
    trace.disable();
    trace.setGlobalTracerProvider(this.provider);
  }

  /** Flushes spans still batched, then stops exporting. */
  async onApplicationShutdown() {
    await this.provider.shutdown();
  }
}
