import { randomUUID } from 'node:crypto';
import type { BookingEventType, DomainEvent } from '@khidma/contracts';
import { startFakeIdentity } from '@khidma/nest-kit/testing';
import type { BookingEventPayload } from '../src/bookings/booking.events.js';
import { DomainEventsConsumer } from '../src/notifications/domain-events.consumer.js';
import { bookingTestConfig, startBooking, startBookingWorker } from './support.js';

/**
 * The booking app as it runs in this profile: with Redis the HTTP app only produces and streams, and
 * the notifications worker (a separate Nest context, as notifications-worker.main.ts starts it)
 * consumes; without, the app does everything.
 */
export async function startNotificationsStack(settings: { NOTIFICATION_HEARTBEAT_MS?: number } = {}) {
  const identity = await startFakeIdentity();
  const config = { ...bookingTestConfig(), IDENTITY_JWKS_URL: identity.jwksUrl, ...settings };
  const { app, url } = await startBooking(config);
  const worker = await startBookingWorker(config);
  return {
    app,
    url,
    worker,
    config,
    identity,
    /** The consumer that handles this profile's events: the worker's with Redis, the app's otherwise. */
    consumer: () => (worker ?? app).get(DomainEventsConsumer),
    close: async () => {
      await worker?.close();
      await app.close();
      await identity.close();
      await config.cleanup();
    },
  };
}

/** A booking event as the bookings module publishes it; the parties' ids are fresh unless given. */
export function bookingEvent(
  type: BookingEventType,
  overrides: Partial<BookingEventPayload> = {},
): DomainEvent<BookingEventPayload> {
  const payload: BookingEventPayload = {
    bookingId: randomUUID(),
    bookingNumber: 'KH-7Q4M-2XPA',
    providerId: randomUUID(),
    serviceTitle: 'Deep home cleaning',
    serviceTitleAr: 'تنظيف منزلي عميق',
    scheduledDate: '2026-12-03',
    scheduledTime: '10:00',
    totalAmount: '40.00',
    client: { userId: randomUUID(), name: 'Sara Haddad', email: 'sara@example.com', language: 'en' },
    provider: { userId: randomUUID(), name: 'Sparkle Cleaning', email: 'sparkle@example.com', language: 'ar' },
    actor: 'client',
    ...overrides,
  };
  return { id: randomUUID(), type, source: 'booking', occurredAt: new Date().toISOString(), payload: payload as never };
}


export interface StreamEvent {
  event: string;
  data: unknown;
}

/**
 * Opens `GET <url>` as the web client does (fetch streaming with a bearer header, not EventSource)
 * and collects its events; comments (heartbeats) are counted apart.
 */
export async function openEventStream(url: string, token: string) {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, signal: abort.signal });
  const events: StreamEvent[] = [];
  let comments = 0;
  let ended = false;
  const reading = (async () => {
    if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          if (lines.every((line) => line.startsWith(':'))) {
            comments++;
            continue;
          }
          const field = (name: string) => lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
          events.push({ event: field('event') ?? 'message', data: JSON.parse(field('data') ?? 'null') });
        }
      }
    } catch {
      // Aborted by close().
    } finally {
      ended = true;
    }
  })();
  return {
    response,
    events,
    comments: () => comments,
    ended: () => ended,
    /** Events of one name received so far. */
    named: <T = unknown>(event: string) => events.filter((e) => e.event === event).map((e) => e.data as T),
    close: async () => {
      abort.abort();
      await reading;
    },
  };
}
