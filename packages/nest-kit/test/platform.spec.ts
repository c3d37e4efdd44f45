import { Controller, Get, Injectable, Module, type OnApplicationBootstrap, Post, Body } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { IsEmail, IsString, MinLength } from 'class-validator';
import { type DomainEvent, QUEUES, REQUEST_ID_HEADER } from '@khidma/contracts';
import { DataSource } from 'typeorm';
import {
  CoreModule,
  CreateOutbox1763700000000,
  OutboxTraceparent1765000000000,
  DatabaseModule,
  JobQueue,
  OUTBOX_ENTITIES,
  OutboxModule,
  OutboxService,
  ProcessedMessage,
  loadConfig,
  baseServiceSchema,
  ConfigError,
} from '../src/index.js';
import { eventually, fetchJson, startTestApp, testServiceConfig } from '../src/testing/index.js';

class SignUpDto {
  @IsEmail() email!: string;
  @IsString() @MinLength(8) password!: string;
}

const handled: string[] = [];

@Injectable()
class Consumer implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: JobQueue,
    private readonly outbox: OutboxService,
  ) {}
  onApplicationBootstrap() {
    this.jobs.process<DomainEvent>(QUEUES.domainEvents, async (job) => {
      await this.outbox.once('test-consumer', job.data.id, async () => {
        handled.push(job.data.type);
      });
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
  async create(@Body() body: SignUpDto) {
    await this.dataSource.transaction((manager) => this.outbox.publishEvent(manager, 'thing.created', { email: body.email }));
    return { ok: true };
  }
  @Get('boom')
  boom() {
    throw new Error('secret internals');
  }
}

const config = testServiceConfig('kit');

@Module({
  imports: [
    CoreModule.forRoot({ config }),
    DatabaseModule.forService({ service: 'kit', entities: OUTBOX_ENTITIES, migrations: [CreateOutbox1763700000000, OutboxTraceparent1765000000000] }),
    OutboxModule,
  ],
  controllers: [ThingsController],
  providers: [Consumer],
})
class KitTestModule {}

/** Signal listeners before the app exists, to see which ones its shutdown hooks added. */
const signalListenersBefore = (signal: NodeJS.Signals) => process.listenerCount(signal);
const listenersBefore = { SIGTERM: signalListenersBefore('SIGTERM'), SIGINT: signalListenersBefore('SIGINT'), SIGUSR2: signalListenersBefore('SIGUSR2'), SIGHUP: signalListenersBefore('SIGHUP') };

describe('nest-kit platform', () => {
  let url: string;
  let close: () => Promise<void>;
  let dataSource: DataSource;
  let outbox: OutboxService;

  beforeAll(async () => {
    const started = await startTestApp(KitTestModule, 'kit');
    url = started.url;
    dataSource = started.app.get(DataSource);
    outbox = started.app.get(OutboxService);
    close = async () => {
      await started.app.close();
      await config.cleanup();
    };
  });
  afterAll(() => close());

  it('reports liveness and readiness with the database checked', async () => {
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const { status, body } = await fetchJson(`${url}/readyz`);
    expect(status).toBe(200);
    expect(body.checks.database.status).toBe('up');
    if (config.REDIS_URL) expect(body.checks.redis.status).toBe('up');
  });

  it('shuts down on SIGTERM and SIGINT only, so a diagnostic signal (a heap snapshot on SIGUSR2) leaves it running', () => {
    expect(process.listenerCount('SIGTERM')).toBe(listenersBefore.SIGTERM + 1);
    expect(process.listenerCount('SIGINT')).toBe(listenersBefore.SIGINT + 1);
    expect(process.listenerCount('SIGUSR2')).toBe(listenersBefore.SIGUSR2);
    expect(process.listenerCount('SIGHUP')).toBe(listenersBefore.SIGHUP);
  });

  it('echoes the caller request id and makes one up otherwise', async () => {
    const given = await fetch(`${url}/healthz`, { headers: { [REQUEST_ID_HEADER]: 'req-123' } });
    expect(given.headers.get(REQUEST_ID_HEADER)).toBe('req-123');
    const made = await fetch(`${url}/healthz`);
    expect(made.headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('publishes its OpenAPI document with its routes', async () => {
    const { status, body: document } = await fetchJson(`${url}/openapi.json`);
    expect(status).toBe(200);
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toContain('/things');
  });

  it('rejects unknown fields and names each bad field', async () => {
    const { status, body } = await fetchJson(`${url}/things`, {
      method: 'POST',
      json: { email: 'nope', password: 'short', admin: true },
    });
    expect(status).toBe(400);
    expect(body.code).toBe('validation_failed');
    expect(body.fields).toEqual({ email: 'isEmail', password: 'minLength', admin: 'whitelistValidation' });
    // The message says why, in words, for whoever reads the API.
    expect(body.message).toBe(
      'Invalid request: property admin should not exist; email must be an email; password must be longer than or equal to 8 characters',
    );
  });

  it('hides internals of unexpected errors', async () => {
    const { status, body } = await fetchJson(`${url}/things/boom`);
    expect(status).toBe(500);
    expect(body.code).toBe('internal_error');
    expect(JSON.stringify(body)).not.toContain('secret');
  });

  it('delivers an event written in a transaction through the outbox exactly once', async () => {
    const response = await fetch(`${url}/things`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co', password: 'long enough' }),
    });
    expect(response.status).toBe(201);
    await eventually(() => handled.includes('thing.created'));
    // A second relay of the same row (e.g. after a crash before it was marked) changes nothing.
    await dataSource.query('UPDATE outbox_messages SET publishedAt = NULL');
    await outbox.relay();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(handled.filter((type) => type === 'thing.created')).toHaveLength(1);
    expect(await dataSource.getRepository(ProcessedMessage).count()).toBe(1);
  });

  it('keeps nothing from a transaction that rolls back', async () => {
    await expect(
      dataSource.transaction(async (manager) => {
        await outbox.publishEvent(manager, 'never.sent', {});
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const rows = await dataSource.query("SELECT COUNT(*) AS n FROM outbox_messages WHERE name = 'never.sent'");
    expect(Number(rows[0].n)).toBe(0);
  });
});

describe('config validation', () => {
  it('names each bad variable', () => {
    expect(() => loadConfig(baseServiceSchema, { DATABASE_URL: 'postgres://x', LOG_LEVEL: 'loud' })).toThrow(ConfigError);
    try {
      loadConfig(baseServiceSchema, { DATABASE_URL: 'postgres://x', LOG_LEVEL: 'loud' });
    } catch (error) {
      expect((error as Error).message).toContain('DATABASE_URL');
      expect((error as Error).message).toContain('LOG_LEVEL');
    }
  });
  it('treats an empty URL as unset', () => {
    expect(loadConfig(baseServiceSchema, { REDIS_URL: '' }).REDIS_URL).toBeUndefined();
  });
});
