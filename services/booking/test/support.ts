import { eventually, testServiceConfig } from '@khidma/nest-kit/testing';
import { EmailConsumer } from '@khidma/nest-kit';
import { type DynamicModule, type INestApplication, type INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { type BookingConfig, bookingSettingsSchema } from '../src/config.js';
import { createBookingApp } from '../src/http-app.js';
import { seedCatalogue } from '../src/seed/seed-catalogue.js';
import { WorkerModule } from '../src/worker.module.js';

/** A throwaway booking config: nest-kit's test database/queue profile plus booking's defaults. */
export function bookingTestConfig(extra: { SMTP_URL?: string; CATALOGUE_CACHE_MS?: number; CATALOGUE_QUERY_TIMEOUT_MS?: number; CATALOGUE_MAX_COUNTED?: number } = {}) {
  return testServiceConfig('booking', { ...bookingSettingsSchema.parse({}), ...extra });
}

/** The real booking HTTP app (global prefix and all, as main.ts builds it) on a free port. */
export async function startBooking(config: ReturnType<typeof bookingTestConfig>) {
  const app: INestApplication = await createBookingApp(config);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  return { app, url: `http://127.0.0.1:${port}` };
}

/** The notifications worker beside an e-mail consumer (the mailer service's job), as production runs them. */
@Module({})
class WorkerWithMailer {
  static forRoot(config: BookingConfig): DynamicModule {
    return { module: WorkerWithMailer, imports: [WorkerModule.forRoot(config)], providers: [EmailConsumer] };
  }
}

/**
 * Booking's notifications worker, a separate Nest context as notifications-worker.main.ts starts it,
 * from the app's config; `mailer` also consumes the e-mail jobs. Without Redis (inline jobs) the app
 * does that work itself and there is no worker: undefined.
 */
export async function startBookingWorker(config: BookingConfig, options: { mailer?: boolean } = {}): Promise<INestApplicationContext | undefined> {
  if (config.SERVICE.inlineJobs) return undefined;
  const module = options.mailer ? WorkerWithMailer.forRoot(config) : WorkerModule.forRoot(config);
  const worker = await NestFactory.createApplicationContext(module, { logger: false });
  await worker.init();
  return worker;
}

/**
 * A booking app on a throwaway database holding the demo catalogue, for the enclosing describe block
 * (the migration suites undo and redo their migration over it). Read `url` and `dataSource` inside tests.
 */
export function bookingWithCatalogue(config = bookingTestConfig()): { readonly url: string; readonly dataSource: DataSource } {
  let started: Awaited<ReturnType<typeof startBooking>> | undefined;
  beforeAll(async () => {
    started = await startBooking(config);
    await seedCatalogue(started.app.get(DataSource));
  });
  afterAll(async () => {
    await started?.app.close();
    await config.cleanup();
  });
  return {
    get url() {
      return started!.url;
    },
    get dataSource() {
      return started!.app.get(DataSource);
    },
  };
}

/** `eventually` for probes that answer null/undefined until ready: resolves to the non-null value. */
export async function waitFor<T>(probe: () => Promise<T | null | undefined> | T | null | undefined): Promise<T> {
  return (await eventually(probe)) as T;
}

/** Undoes migrations, latest first, until `name` is no longer applied (later ones go with it). */
export async function undoThrough(dataSource: DataSource, name: string): Promise<void> {
  for (;;) {
    const [last] = await dataSource.query('SELECT name FROM migrations ORDER BY timestamp DESC LIMIT 1');
    await dataSource.undoLastMigration();
    if (last.name === name) return;
  }
}
