import { Body, Controller, Injectable, Module, type OnApplicationBootstrap, Post } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { trace } from '@opentelemetry/api';
import { IsString } from 'class-validator';
import { type DomainEvent, QUEUES } from '@khidma/contracts';
import { createServer, type Server } from 'node:http';
import { DataSource } from 'typeorm';
import {
  CoreModule,
  CreateOutbox1763700000000,
  DatabaseModule,
  JobQueue,
  OUTBOX_ENTITIES,
  OutboxModule,
  OutboxService,
  OutboxTraceparent1765000000000,
  traceLogFields,
  Tracing,
} from '../src/index.js';
import { eventually, startTestApp, testServiceConfig } from '../src/testing/index.js';

interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  service?: string;
}

/** A real OTLP/HTTP peer: records every span posted to /v1/traces (the exporter's JSON encoding). */
async function startCollector() {
  const spans: ExportedSpan[] = [];
  const posts: string[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      posts.push(`${request.method} ${request.url} ${request.headers['content-type']}`);
      const payload = JSON.parse(body) as {
        resourceSpans: { resource: { attributes: { key: string; value: { stringValue?: string } }[] }; scopeSpans: { spans: ExportedSpan[] }[] }[];
      };
      for (const { resource, scopeSpans } of payload.resourceSpans) {
        const service = resource.attributes.find((attribute) => attribute.key === 'service.name')?.value.stringValue;
        for (const scope of scopeSpans) for (const span of scope.spans) spans.push({ ...span, service });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, spans, posts, close: () => new Promise((resolve) => server.close(resolve)) };
}

class ThingDto {
  @IsString() name!: string;
}

/** What the consumer saw of the trace while handling each event, by event id. */
const seenInJobs = new Map<string, ReturnType<typeof traceLogFields>>();

@Injectable()
class TraceRecordingConsumer implements OnApplicationBootstrap {
  constructor(private readonly jobs: JobQueue) {}
  onApplicationBootstrap() {
    this.jobs.process<DomainEvent>(QUEUES.domainEvents, async (job) => {
      seenInJobs.set(job.data.id, traceLogFields());
    });
  }
}

@Controller('things')
class ThingsController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
  ) {}
  @Post()
  async create(@Body() body: ThingDto) {
    const id = await this.dataSource.transaction((manager) => this.outbox.publishEvent(manager, 'thing.created', { name: body.name }));
    return { id };
  }
}

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_SPAN_ID = '00f067aa0ba902b7';
/** The outbox test's own trace: the first test's request published an event in TRACE_ID too. */
const JOB_TRACE_ID = '0af7651916cd43dd8448eb211c80319c';

describe('tracing: W3C traceparent through HTTP, outbox and queue; OTLP export when configured', () => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let config: ReturnType<typeof testServiceConfig>;
  let url: string;
  let close: () => Promise<void>;
  let tracing: Tracing;

  beforeAll(async () => {
    collector = await startCollector();
    config = testServiceConfig('trace', { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url });
    @Module({
      imports: [
        CoreModule.forRoot({ config }),
        DatabaseModule.forService({
          service: 'trace',
          entities: OUTBOX_ENTITIES,
          migrations: [CreateOutbox1763700000000, OutboxTraceparent1765000000000],
        }),
        OutboxModule,
      ],
      controllers: [ThingsController],
      providers: [TraceRecordingConsumer],
    })
    class TraceTestModule {}
    const started = await startTestApp(TraceTestModule, 'trace');
    url = started.url;
    tracing = started.app.get(Tracing);
    close = async () => {
      await started.app.close();
      await config.cleanup();
    };
  });
  afterAll(async () => {
    await close();
    await collector.close();
  });

  const post = (headers: Record<string, string> = {}) =>
    fetch(`${url}/things`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ name: 'x' }) });

  it("continues the caller's traceparent, names the trace in traceresponse and exports the server span", async () => {
    const response = await post({ traceparent: `00-${TRACE_ID}-${PARENT_SPAN_ID}-01` });
    expect(response.status).toBe(201);
    const [, traceId, spanId, flags] = response.headers.get('traceresponse')!.split('-');
    expect(traceId).toBe(TRACE_ID);
    expect(spanId).not.toBe(PARENT_SPAN_ID);
    expect(flags).toBe('01');
    await tracing.provider.forceFlush();
    const server = (await eventually(() => collector.spans.find((span) => span.spanId === spanId)))!;
    expect(server).toMatchObject({ traceId: TRACE_ID, parentSpanId: PARENT_SPAN_ID, name: 'POST /things', service: 'trace' });
    expect(collector.posts[0]).toBe('POST /v1/traces application/json');
  });

  it('starts a new trace when the caller sends none, or a malformed one', async () => {
    for (const headers of [{}, { traceparent: '00-zz-not-a-trace' }] as Record<string, string>[]) {
      const traceresponse = (await post(headers)).headers.get('traceresponse')!;
      expect(traceresponse).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
      expect(traceresponse).not.toContain(TRACE_ID);
    }
  });

  it("runs the outbox event's job in the request's trace (stored with the row, carried by the queue)", async () => {
    const response = await post({ traceparent: `00-${JOB_TRACE_ID}-${PARENT_SPAN_ID}-01` });
    const { id } = (await response.json()) as { id: string };
    const requestSpanId = response.headers.get('traceresponse')!.split('-')[2];
    const inJob = (await eventually(() => seenInJobs.get(id)))!;
    expect(inJob.trace_id).toBe(JOB_TRACE_ID);
    expect(inJob.span_id).toMatch(/^[0-9a-f]{16}$/);
    expect(inJob.span_id).not.toBe(requestSpanId);
    await tracing.provider.forceFlush();
    const publish = (await eventually(() => collector.spans.find((span) => span.name === `outbox publish ${QUEUES.domainEvents}` && span.traceId === JOB_TRACE_ID)))!;
    expect(publish.parentSpanId).toBe(requestSpanId);
  });

  it('exports nothing when no endpoint is configured, though ids are still made', async () => {
    await tracing.provider.forceFlush();
    const before = collector.posts.length;
    // The SDK's own variable names the collector too: only the typed config may switch export on.
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = collector.url;
    try {
      const quiet = new Tracing({ service: 'quiet' });
      const span = trace.getTracer('test').startSpan('unexported');
      expect(trace.isSpanContextValid(span.spanContext())).toBe(true);
      span.end();
      await quiet.provider.forceFlush();
      await quiet.onApplicationShutdown();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(collector.posts.length).toBe(before);
    } finally {
      delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    }
  });
});
