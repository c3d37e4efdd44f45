import type { Role } from '@khidma/contracts';
import { Clock } from '@khidma/nest-kit';
import { DEMO_ACCOUNTS, PROVIDER_USERS } from '@khidma/demo-data';
import { type FakeIdentityOptions, fetchJson, startFakeIdentity } from '@khidma/nest-kit/testing';
import { jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import type { BookingConfig } from '../src/config.js';
import { ServiceListing } from '../src/catalogue/entities/service-listing.entity.js';
import { seedCatalogue } from '../src/seed/seed-catalogue.js';
import { bookingTestConfig, startBooking, startBookingWorker } from './support.js';

export interface TestUser {
  id: string;
  email: string;
  role: Role;
}

/** The cast of every booking test: the booking's client, a stranger client, its provider, another provider, an admin. */
export const PEOPLE = {
  client: DEMO_ACCOUNTS.client,
  otherClient: { id: '00000000-0000-4000-8000-000000000901', email: 'other@example.test', role: 'client' },
  provider: DEMO_ACCOUNTS.provider,
  otherProvider: PROVIDER_USERS[0]!,
  admin: DEMO_ACCOUNTS.admin,
} as const satisfies Record<string, TestUser>;
export type Person = keyof typeof PEOPLE;

/** A Monday 06:00 UTC = 09:00 in Asia/Amman: the marketplace clock the suites start from. */
export const MONDAY_9AM = new Date('2030-01-07T06:00:00Z');
export const TUESDAY = '2030-01-08';
export const WEDNESDAY = '2030-01-09';
export const FRIDAY = '2030-01-11';

/** The notifications worker with an e-mail consumer beside it (the mailer service's job), as in production. */
/**
 * Settings for a world whose test sends many requests at once. They and the fake identity that checks
 * their sessions share this process's event loop, and on SQLite (the embedded profile) every transaction
 * holds it: a check due mid-burst waits behind the burst, which on a loaded machine took longer than the
 * 2 s a deployment allows (503 instead of the answer under test). Identity is its own process in a
 * deployment; here that bound would time the test, not the code.
 */
export const CONCURRENT_REQUESTS_SETTINGS = { SESSION_CHECK_TIMEOUT_MS: 60_000 } satisfies Partial<BookingConfig>;

/**
 * The booking app with the demo catalogue, a settable clock and tokens for PEOPLE signed like
 * identity's (the real guard verifies them; their e-mail is `<user id>@example.test`). `settings`
 * overrides config; `withWorker` also starts, with Redis, the notifications worker and an e-mail
 * consumer (without Redis the app consumes its own jobs). `identity` adds routes to the fake identity.
 */
export async function startBookingWorld(options: { settings?: Partial<BookingConfig>; withWorker?: boolean; identity?: FakeIdentityOptions } = {}) {
  const identity = await startFakeIdentity(options.identity);
  const config = { ...bookingTestConfig(), IDENTITY_JWKS_URL: identity.jwksUrl, ...options.settings };
  const { app, url } = await startBooking(config);
  const worker = options.withWorker ? await startBookingWorker(config, { mailer: true }) : undefined;
  const dataSource = app.get(DataSource);
  await seedCatalogue(dataSource);
  const clock = app.get(Clock);
  const setNow = (instant: Date) => jest.spyOn(clock, 'now').mockImplementation(() => new Date(instant));
  setNow(MONDAY_9AM);
  const tokens = Object.fromEntries(
    await Promise.all(Object.entries(PEOPLE).map(async ([name, user]) => [name, await identity.token(user.id, user.role)] as const)),
  ) as Record<Person, string>;
  const serviceId = async (slug: string) => (await dataSource.getRepository(ServiceListing).findOneByOrFail({ slug })).id;

  const call = (method: string, path: string, as?: Person, json?: unknown, headers: Record<string, string> = {}) =>
    fetchJson(`${url}/api${path}`, {
      method,
      json,
      headers: { ...(as ? { authorization: `Bearer ${tokens[as]}` } : {}), ...headers },
    });

  return {
    app,
    worker,
    identity,
    url,
    config,
    tokens,
    dataSource,
    setNow,
    serviceId,
    call,
    post: (path: string, as: Person | undefined, json: unknown = {}, headers?: Record<string, string>) => call('POST', path, as, json, headers),
    get: (path: string, as?: Person) => call('GET', path, as),
    close: async () => {
      await worker?.close();
      await app.close();
      await identity.close();
      await config.cleanup();
    },
  };
}
export type BookingWorld = Awaited<ReturnType<typeof startBookingWorld>>;

/** A valid create payload for `serviceId` on `date` at `time`. */
export const bookingRequest = (serviceId: string, date: string, time: string, extra: Record<string, unknown> = {}) => ({
  serviceId,
  scheduledDate: date,
  scheduledTime: time,
  clientAddress: '12 Rainbow Street, Amman',
  clientPhone: '+962 79 123 4567',
  ...extra,
});
