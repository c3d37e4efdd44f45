import { BOOKING_TABS, type BookingDto, type BookingListResponse } from '@khidma/contracts';
import { DEMO_ACCOUNTS } from '@khidma/demo-data';
import { Clock } from '@khidma/nest-kit';
import { fetchJson, startFakeIdentity, testServiceConfig } from '@khidma/nest-kit/testing';
import { jest } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
// The real booking service, started in-process as its own tests start it: the assistant reaches it
// over HTTP only, with the caller's token, exactly as it reaches the gateway in production.
import { bookingSettingsSchema } from '../../booking/src/config.js';
import { createBookingApp } from '../../booking/src/http-app.js';
import { seedCatalogue } from '../../booking/src/seed/seed-catalogue.js';
import { startBookingWorker } from '../../booking/test/support.js';
import { createApp } from '../src/app.js';
import { assistantSettingsSchema } from '../src/config.js';

/** Monday 2030-01-07 09:00 in Asia/Amman (06:00 UTC): "tomorrow" is Tuesday the 8th. */
export const MONDAY_9AM = new Date('2030-01-07T06:00:00Z');

export const PEOPLE = {
  client: DEMO_ACCOUNTS.client,
  otherClient: { id: '00000000-0000-4000-8000-000000000901', role: 'client' },
  provider: DEMO_ACCOUNTS.provider,
  admin: DEMO_ACCOUNTS.admin,
} as const;
export type Person = keyof typeof PEOPLE;

/** A throwaway assistant config: nest-kit's test profile over the assistant's defaults. */
export function assistantTestConfig<T extends object>(extra: T) {
  const defaults = assistantSettingsSchema.parse({});
  return testServiceConfig('assistant', { ...defaults, ...extra });
}

async function listen(app: INestApplication) {
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  return `http://127.0.0.1:${port}`;
}

/** The assistant alone on a free port for the enclosing describe block; read `url` inside tests. */
export function assistantAlone(config: ReturnType<typeof assistantTestConfig>): { readonly url: string; readonly app: INestApplication } {
  let app: INestApplication | undefined;
  let url = '';
  beforeAll(async () => {
    app = await createApp(config);
    url = await listen(app);
  });
  afterAll(async () => {
    await app?.close();
    await config.cleanup();
  });
  return {
    get url() {
      return url;
    },
    get app() {
      return app!;
    },
  };
}

/**
 * How long a suite may take to start its world: booking's demo catalogue is seeded (about 75,000 search
 * term rows), which takes 10–20 s on a quiet machine and several times that for the shifted-clock pass,
 * which runs at the lowest CPU priority beside the e2e (scripts/test.mjs).
 */
export const WORLD_START_TIMEOUT_MS = 180_000;

/** Identity (fake, real JWTs), booking (real, seeded) and the assistant acting through booking's API, clocks pinned. */
export async function startAssistantWorld(extra: Record<string, unknown> = {}) {
  const identity = await startFakeIdentity();
  const bookingConfig = { ...testServiceConfig('booking', bookingSettingsSchema.parse({})), IDENTITY_JWKS_URL: identity.jwksUrl };
  const booking = await createBookingApp(bookingConfig);
  const bookingUrl = await listen(booking);
  const bookingData = booking.get(DataSource);
  await seedCatalogue(bookingData);
  // With Redis, booking's events become notifications in its worker, as in the assembled app.
  const bookingWorker = await startBookingWorker(bookingConfig);
  // Every request of a suite comes from 127.0.0.1: the rate limit has its own test.
  const config = assistantTestConfig({ IDENTITY_JWKS_URL: identity.jwksUrl, GATEWAY_URL: bookingUrl, ASSISTANT_RATE_PER_IP: 100_000, ASSISTANT_RATE_PER_USER: 100_000, ...extra });
  const app = await createApp(config);
  const url = await listen(app);
  const clocks = [booking.get(Clock, { strict: false }), app.get(Clock, { strict: false })];
  const setNow = (instant: Date) => {
    for (const clock of clocks) jest.spyOn(clock, 'now').mockImplementation(() => new Date(instant));
  };
  setNow(MONDAY_9AM);
  const tokens = Object.fromEntries(
    await Promise.all(Object.entries(PEOPLE).map(async ([name, user]) => [name, await identity.token(user.id, user.role)] as const)),
  ) as Record<Person, string>;
  const auth = (as?: Person): Record<string, string> => (as ? { authorization: `Bearer ${tokens[as]}` } : {});
  return {
    url,
    app,
    bookingUrl,
    bookingData,
    dataSource: app.get(DataSource),
    setNow,
    tokens,
    /** POST /api/ai/chat as `as` (anonymous when undefined). */
    chat: (message: string, sessionId: string, as?: Person, language: 'en' | 'ar' = 'en') =>
      fetchJson(`${url}/api/ai/chat`, { method: 'POST', json: { message, sessionId, language }, headers: auth(as) }),
    post: (path: string, json: unknown, as?: Person) => fetchJson(`${url}/api${path}`, { method: 'POST', json, headers: auth(as) }),
    get: (path: string, as?: Person) => fetchJson(`${url}/api${path}`, { headers: auth(as) }),
    /** Booking's own API, as the pages see it. */
    booking: (path: string, as: Person) => fetchJson(`${bookingUrl}/api${path}`, { headers: auth(as) }),
    /** Every booking of `as` (a client) from booking's API: each My Bookings tab, page by page. */
    clientBookings: async (as: Person): Promise<BookingDto[]> => {
      const all: BookingDto[] = [];
      for (const tab of Object.keys(BOOKING_TABS)) {
        let after: string | null = null;
        do {
          const page: BookingListResponse = (
            await fetchJson(`${bookingUrl}/api/bookings/client/${PEOPLE[as].id}?tab=${tab}&limit=50${after ? `&after=${after}` : ''}`, { headers: auth(as) })
          ).body;
          all.push(...page.bookings);
          after = page.nextCursor;
        } while (after);
      }
      return all;
    },
    close: async () => {
      await app.close();
      await bookingWorker?.close();
      await booking.close();
      await identity.close();
      await config.cleanup();
      await bookingConfig.cleanup();
    },
  };
}
export type AssistantWorld = Awaited<ReturnType<typeof startAssistantWorld>>;
