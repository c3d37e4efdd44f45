import { randomUUID } from 'node:crypto';
import { type NotificationDto, notificationText } from '@khidma/contracts';
import { fetchJson } from '@khidma/nest-kit/testing';
import { DataSource } from 'typeorm';
import { Notification } from '../src/notifications/entities/notification.entity.js';
import { bookingEvent, startNotificationsStack } from './notifications-support.js';

describe('notifications API', () => {
  let stack: Awaited<ReturnType<typeof startNotificationsStack>>;
  const alice = randomUUID();
  const bob = randomUUID();
  let aliceToken: string;
  let bobToken: string;
  let bobsOnly: string;

  const call = (path: string, token?: string, method = 'GET') =>
    fetchJson(`${stack.url}/api/notifications${path}`, { method, headers: token ? { authorization: `Bearer ${token}` } : {} });

  beforeAll(async () => {
    stack = await startNotificationsStack();
    aliceToken = await stack.identity.token(alice);
    bobToken = await stack.identity.token(bob, 'provider');
    // Alice books twice and pays once (three notifications for her); Bob provides the first booking.
    const first = bookingEvent('booking.created', {
      client: { userId: alice, name: 'Alice', email: 'alice@example.com', language: 'en' },
      provider: { userId: bob, name: 'Bob Repairs', nameAr: 'تصليحات بوب', email: null, language: 'ar' },
    });
    for (const event of [first, bookingEvent('booking.paid', { client: first.payload.client }), bookingEvent('booking.created', { client: first.payload.client })]) {
      expect(await stack.consumer().handle(event)).toBe(true);
    }
    bobsOnly = (await stack.app.get(DataSource).getRepository(Notification).findOneByOrFail({ userId: bob })).id;
  });
  afterAll(() => stack.close());

  it('asks for sign-in on every route', async () => {
    for (const [path, method] of [['', 'GET'], ['/stream', 'GET'], ['/read-all', 'POST'], [`/${bobsOnly}/read`, 'POST']] as const) {
      const response = await call(path, undefined, method);
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('unauthorized');
    }
    expect((await call('', 'not-a-token')).status).toBe(401);
  });

  it("lists only the caller's own notifications, newest first, with the unread count", async () => {
    const mine = await call('', aliceToken);
    expect(mine.status).toBe(200);
    expect(mine.body.unreadCount).toBe(3);
    const list: NotificationDto[] = mine.body.notifications;
    expect(list).toHaveLength(3);
    expect(list.map((n) => n.title).sort()).toEqual(['Booking confirmed: payment received', 'Booking request sent', 'Booking request sent']);
    for (const [newer, older] of list.slice(0, -1).map((n, i) => [n, list[i + 1]!] as const)) {
      expect(newer.createdAt >= older.createdAt).toBe(true);
    }
    expect(list[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'booking',
      title: expect.any(String),
      message: expect.any(String),
      translations: { en: { title: expect.any(String), message: expect.any(String) }, ar: { title: expect.any(String), message: expect.any(String) } },
      isRead: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      metadata: { bookingId: expect.any(String), bookingNumber: 'KH-7Q4M-2XPA', providerId: expect.any(String), event: expect.stringMatching(/^booking\./), byYou: true },
    });

    const bobs = await call('', bobToken);
    expect(bobs.body).toEqual({ notifications: [expect.objectContaining({ id: bobsOnly, title: 'طلب حجز جديد' })], unreadCount: 1 });
  });

  it('keeps each notice in every language, its own words in the recipient\'s', async () => {
    const alices: NotificationDto[] = (await call('', aliceToken)).body.notifications;
    const request = alices.find((n) => n.title === 'Booking request sent' && n.message.includes(' was sent to Bob Repairs. '))!;
    expect(request.translations!.en).toEqual({ title: request.title, message: request.message });
    expect(request.translations!.ar.title).toBe('تم إرسال طلب الحجز');
    // Each language names the provider its own way.
    expect(request.translations!.ar.message).toMatch(/^أُرسل طلب حجزك KH-7Q4M-2XPA .+ إلى تصليحات بوب\. /);
    expect(notificationText(request, 'ar')).toEqual(request.translations!.ar);

    const [bobs] = (await call('', bobToken)).body.notifications as NotificationDto[];
    expect(bobs!.translations!.ar).toEqual({ title: bobs!.title, message: bobs!.message });
    expect(bobs!.translations!.en).toEqual({ title: 'New booking request', message: expect.stringMatching(/^Alice requested .+ Booking KH-7Q4M-2XPA is waiting for your answer\.$/) });

    // A notice written before translations were kept reads as it was written, in any language.
    const older = { id: randomUUID(), userId: bob, type: 'other' as const, title: 'Welcome', message: 'Hello', translations: null, metadata: {}, isRead: true, createdAt: new Date(Date.now() - 60_000) };
    await stack.app.get(DataSource).getRepository(Notification).insert(older);
    try {
      const listed = ((await call('', bobToken)).body.notifications as NotificationDto[]).find((n) => n.id === older.id)!;
      expect(listed).not.toHaveProperty('translations');
      expect(notificationText(listed, 'ar')).toEqual({ title: 'Welcome', message: 'Hello' });
    } finally {
      await stack.app.get(DataSource).getRepository(Notification).delete({ id: older.id });
    }
  });

  it('pages with limit and before, without gaps or repeats', async () => {
    const all: NotificationDto[] = (await call('', aliceToken)).body.notifications;
    const first = await call('?limit=2', aliceToken);
    expect(first.body.notifications).toHaveLength(2);
    expect(first.body.unreadCount).toBe(3);
    const rest = await call(`?limit=2&before=${first.body.notifications[1].id}`, aliceToken);
    expect([...first.body.notifications, ...rest.body.notifications].map((n: NotificationDto) => n.id)).toEqual(all.map((n) => n.id));
    expect((await call(`?before=${all[2]!.id}`, aliceToken)).body.notifications).toEqual([]);
  });

  it('refuses a bad page request, and a cursor that is not one of the caller\'s notifications', async () => {
    for (const query of ['?limit=0', '?limit=101', '?limit=ten', '?before=nope', '?sort=old']) {
      const response = await call(query, aliceToken);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('validation_failed');
    }
    const foreign = await call(`?before=${bobsOnly}`, aliceToken);
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields).toEqual({ before: 'unknownNotification' });
  });

  it("marks one read, answers 404 for someone else's or an unknown id and changes nothing then", async () => {
    expect((await call(`/${bobsOnly}/read`, aliceToken, 'POST')).status).toBe(404);
    expect((await call(`/${randomUUID()}/read`, aliceToken, 'POST')).status).toBe(404);
    expect((await call('/not-an-id/read', aliceToken, 'POST')).status).toBe(404);
    expect((await call('', bobToken)).body.unreadCount).toBe(1);

    const [target] = (await call('', aliceToken)).body.notifications as NotificationDto[];
    const read = await call(`/${target!.id}/read`, aliceToken, 'POST');
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ unreadCount: 2 });
    // Again: still the caller's, still read.
    expect((await call(`/${target!.id}/read`, aliceToken, 'POST')).body).toEqual({ unreadCount: 2 });
    const after = (await call('', aliceToken)).body.notifications as NotificationDto[];
    expect(after.find((n) => n.id === target!.id)!.isRead).toBe(true);
  });

  it("marks all the caller's notifications read and no one else's", async () => {
    const response = await call('/read-all', aliceToken, 'POST');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ unreadCount: 0 });
    expect(((await call('', aliceToken)).body.notifications as NotificationDto[]).every((n) => n.isRead)).toBe(true);
    expect((await call('', bobToken)).body.unreadCount).toBe(1);
  });
});
