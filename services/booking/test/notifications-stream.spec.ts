import { randomUUID } from 'node:crypto';
import { NOTIFICATION_STREAM_EVENTS, type NotificationDto, type UnreadCountEvent } from '@khidma/contracts';
import { OutboxService } from '@khidma/nest-kit';
import { eventually, fetchJson } from '@khidma/nest-kit/testing';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { BookingEventPayload } from '../src/bookings/booking.events.js';
import { MAX_STREAMS_PER_USER, NotificationStreams } from '../src/notifications/live/notification-streams.js';
import { bookingEvent, openEventStream, startNotificationsStack } from './notifications-support.js';
import { startBooking } from './support.js';

const { notification: NOTIFICATION, unread: UNREAD } = NOTIFICATION_STREAM_EVENTS;

describe('live notification stream', () => {
  let stack: Awaited<ReturnType<typeof startNotificationsStack>>;
  /** With Redis a second booking replica on the same database and Redis; embedded there is one process. */
  let replica: { app: INestApplication; url: string } | undefined;
  const alice = randomUUID();
  const bob = randomUUID();
  let aliceToken: string;
  let bobToken: string;
  const streams: Awaited<ReturnType<typeof openEventStream>>[] = [];

  const open = async (url: string, token: string) => {
    const stream = await openEventStream(`${url}/api/notifications/stream`, token);
    streams.push(stream);
    // Ready once the opening unread count arrived.
    await eventually(() => stream.named(UNREAD).length > 0);
    return stream;
  };
  /** A booking change as the bookings module makes it: the event row commits, the outbox relays it, a consumer handles it. */
  const publish = async (payload: Partial<BookingEventPayload>) => {
    const { type, payload: full } = { ...bookingEvent('booking.created', payload) };
    await stack.app.get(DataSource).transaction((manager) => stack.app.get(OutboxService).publishEvent(manager, type, { ...full }));
  };
  const party = (userId: string) => ({ userId, name: 'Alice', email: null, language: 'en' as const });

  beforeAll(async () => {
    // A quick heartbeat, so a test sees several without waiting 25 s.
    stack = await startNotificationsStack({ NOTIFICATION_HEARTBEAT_MS: 100 });
    if (stack.worker) replica = await startBooking(stack.config);
    aliceToken = await stack.identity.token(alice);
    bobToken = await stack.identity.token(bob);
  });
  afterAll(async () => {
    await Promise.all(streams.map((stream) => stream.close()));
    await replica?.app.close();
    await stack.close();
  });

  it('answers text/event-stream at once, with the unread count first', async () => {
    const stream = await open(stack.url, aliceToken);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(stream.response.headers.get('x-request-id')).toBeTruthy();
    expect(stream.response.headers.get('content-encoding')).toBeNull();
    expect(stream.named(UNREAD)).toEqual([{ unreadCount: 0 }]);
    await stream.close();
    await eventually(() => stack.app.get(NotificationStreams).count(alice) === 0);
  });

  it("pushes a new notification to its user's stream only, as soon as the event is handled", async () => {
    const aliceStream = await open(stack.url, aliceToken);
    const bobStream = await open(stack.url, bobToken);

    await publish({ client: party(alice) });
    const [pushed] = (await eventually(() => aliceStream.named(NOTIFICATION).length && aliceStream.named(NOTIFICATION), 2_000)) as NotificationDto[];
    expect(pushed).toMatchObject({ type: 'booking', title: 'Booking request sent', isRead: false, metadata: { event: 'booking.created' } });
    await eventually(() => aliceStream.named(UNREAD).length === 2);
    expect(aliceStream.named(UNREAD)[1]).toEqual({ unreadCount: 1 });
    // The pushed notification is the stored one.
    const listed = await fetchJson(`${stack.url}/api/notifications`, { headers: { authorization: `Bearer ${aliceToken}` } });
    expect(listed.body.notifications[0]).toEqual(pushed);

    // Bob heard nothing of it; his own news does reach him (so his stream was listening all along).
    expect(bobStream.events).toEqual([{ event: UNREAD, data: { unreadCount: 0 } }]);
    await publish({ client: party(bob) });
    await eventually(() => bobStream.named(NOTIFICATION).length === 1, 2_000);
    expect(aliceStream.named(NOTIFICATION)).toHaveLength(1);
  });

  it('tells every open tab, on any replica, when notifications are read', async () => {
    const here = await open(stack.url, aliceToken);
    const there = await open((replica ?? stack).url, aliceToken);
    const before = (await fetchJson(`${stack.url}/api/notifications`, { headers: { authorization: `Bearer ${aliceToken}` } })).body;
    expect(before.unreadCount).toBeGreaterThan(0);

    const readAll = await fetchJson(`${stack.url}/api/notifications/read-all`, { method: 'POST', headers: { authorization: `Bearer ${aliceToken}` } });
    expect(readAll.body).toEqual({ unreadCount: 0 });
    for (const tab of [here, there]) await eventually(() => tab.named<UnreadCountEvent>(UNREAD).at(-1)?.unreadCount === 0 && tab.named(UNREAD).length === 2, 2_000);
  });

  it('keeps a quiet stream alive with heartbeat comments', async () => {
    const stream = await open(stack.url, bobToken);
    const events = stream.events.length;
    await eventually(() => stream.comments() >= 3);
    expect(stream.events).toHaveLength(events);
  });

  it('refuses more open streams per user than tabs could explain', async () => {
    const carol = randomUUID();
    const token = await stack.identity.token(carol);
    const held = await Promise.all(Array.from({ length: MAX_STREAMS_PER_USER }, () => open(stack.url, token)));
    const refused = await fetchJson(`${stack.url}/api/notifications/stream`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    await held[0]!.close();
    await eventually(() => stack.app.get(NotificationStreams).count(carol) === MAX_STREAMS_PER_USER - 1);
    await open(stack.url, token);
  });

  it('forgets a stream when its client goes away', async () => {
    const streamsHere = stack.app.get(NotificationStreams);
    const stream = await open(stack.url, bobToken);
    const open_ = streamsHere.count(bob);
    expect(open_).toBeGreaterThan(0);
    await stream.close();
    await eventually(() => streamsHere.count(bob) === open_ - 1);
  });
});
