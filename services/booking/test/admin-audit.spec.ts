import type { AdminAuditEntryDto } from '@khidma/contracts';
import { providerOf } from '@khidma/demo-data';
import { AdminAuditEntry } from '../src/audit/entities/admin-audit-entry.entity.js';
import { Review } from '../src/catalogue/entities/review.entity.js';
import { ServiceListing } from '../src/catalogue/entities/service-listing.entity.js';
import { type BookingWorld, MONDAY_9AM, PEOPLE, type Person, startBookingWorld } from './bookings-support.js';
import { application } from './provider-applications-fixtures.js';

const NOT_ADMINS: (Person | undefined)[] = [undefined, 'client', 'provider'];

/**
 * The admin action audit log: each admin decision writes exactly one entry in its own transaction,
 * a refused or failed one none; only admins read the log. Runs on MariaDB (TEST_MYSQL_URL) and SQLite.
 */
describe('admin audit log', () => {
  let world: BookingWorld;
  const entries = () => world.dataSource.getRepository(AdminAuditEntry).find({ order: { createdAt: 'ASC', id: 'ASC' } });
  const log = (query = '') => world.get(`/admin/audit-log${query}`, 'admin');
  /** Runs `act` and returns the entries it added. */
  const added = async (act: () => Promise<unknown>) => {
    const before = new Set((await entries()).map((e) => e.id));
    await act();
    return (await entries()).filter((e) => !before.has(e.id));
  };
  // The fake identity's tokens carry `<user id>@example.test`.
  /** Exactly these entries, in any order (one action's entries share the pinned clock's instant). */
  const expectExactly = (made: AdminAuditEntry[], expected: object[]) => {
    expect(made).toHaveLength(expected.length);
    expect(made).toEqual(expect.arrayContaining(expected.map((entry) => expect.objectContaining(entry))));
  };
  const admin = { actorId: PEOPLE.admin.id, actorEmail: `${PEOPLE.admin.id}@example.test` };

  beforeAll(async () => {
    // Identity unreachable: an approval of an application cannot get the provider role (503).
    world = await startBookingWorld({ settings: { IDENTITY_URL: 'http://127.0.0.1:9' } });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('records a rejected application once, with the reason; a repeat (409) and a failed approval (503) record nothing', async () => {
    const applied = await world.post('/providers/apply', 'client', application());
    expect(applied.status).toBe(201);
    const path = '/admin/approve-provider';
    const failed = await added(async () => expect((await world.post(path, 'admin', { providerId: applied.body.id, approved: true })).status).toBe(503));
    expect(failed).toEqual([]);
    const forbidden = await added(async () => {
      for (const as of NOT_ADMINS) expect((await world.post(path, as, { providerId: applied.body.id, approved: false })).status).toBe(as ? 403 : 401);
    });
    expect(forbidden).toEqual([]);

    const rejected = await added(async () =>
      expect((await world.post(path, 'admin', { providerId: applied.body.id, approved: false, reason: '  ID unreadable ' })).status).toBe(200),
    );
    expect(rejected).toEqual([
      expect.objectContaining({
        action: 'provider_application.rejected',
        ...admin,
        targetType: 'provider_application',
        targetId: applied.body.id,
        summary: 'Sparkle Cleaning',
        summaryAr: null,
        reason: 'ID unreadable',
        createdAt: MONDAY_9AM,
      }),
    ]);
    expect(await added(async () => expect((await world.post(path, 'admin', { providerId: applied.body.id, approved: false })).status).toBe(409))).toEqual([]);
  });

  it('records service approvals and rejections of new services and of changes', async () => {
    const services = world.dataSource.getRepository(ServiceListing);
    const [first, second, third] = await services.find({ order: { slug: 'ASC' }, take: 3 });
    await services.update([first!.id, second!.id], { status: 'pending' });
    await services.update(third!.id, { pendingRevision: { ...third!, title: 'New title' } as never, revisionSubmittedAt: MONDAY_9AM });
    const decide = (serviceId: string, approved: boolean, as: Person | undefined) =>
      world.post('/admin/approve-service', as, { serviceId, approved, ...(approved ? {} : { reason: 'Photos missing' }) });

    expect(await added(async () => { for (const as of NOT_ADMINS) expect((await decide(first!.id, true, as)).status).toBe(as ? 403 : 401); })).toEqual([]);
    const made = await added(async () => {
      expect((await decide(first!.id, true, 'admin')).status).toBe(200);
      expect((await decide(second!.id, false, 'admin')).status).toBe(200);
      expect((await decide(third!.id, false, 'admin')).status).toBe(200);
    });
    expectExactly(made, [
      { action: 'service.approved', targetId: first!.id, summary: first!.title, summaryAr: first!.titleAr, reason: null, ...admin },
      { action: 'service.rejected', targetId: second!.id, summary: second!.title, reason: 'Photos missing' },
      { action: 'service_revision.rejected', targetId: third!.id, summary: third!.title, reason: 'Photos missing' },
    ]);
    // Nothing awaits review any more: 409, no entry.
    expect(await added(async () => expect((await decide(first!.id, true, 'admin')).status).toBe(409))).toEqual([]);
  });

  it('records hiding and showing a review, with the hiding reason; invalid input records nothing', async () => {
    const review = (await world.dataSource.getRepository(Review).find({ order: { id: 'ASC' }, take: 1 }))[0]!;
    const service = await world.dataSource.getRepository(ServiceListing).findOneByOrFail({ id: review.serviceId });
    const path = `/admin/reviews/${review.id}/hide`;
    expect(
      await added(async () => {
        for (const as of NOT_ADMINS) expect((await world.call('PATCH', path, as, { hidden: true, reason: 'Spam' })).status).toBe(as ? 403 : 401);
        expect((await world.call('PATCH', path, 'admin', { hidden: true })).status).toBe(400);
      }),
    ).toEqual([]);
    const made = await added(async () => {
      expect((await world.call('PATCH', path, 'admin', { hidden: true, reason: 'Insults the provider' })).status).toBe(200);
      expect((await world.call('PATCH', path, 'admin', { hidden: false })).status).toBe(200);
    });
    expectExactly(made, [
      {
        action: 'review.hidden',
        targetType: 'review',
        targetId: review.id,
        summary: `${review.authorName}: ${service.title}`,
        summaryAr: `${review.authorName}: ${service.titleAr}`,
        reason: 'Insults the provider',
      },
      { action: 'review.shown', targetId: review.id, reason: null },
    ]);
  });

  it('records hiding a reported message; an unreported one (404) records nothing', async () => {
    const providerId = providerOf(PEOPLE.provider.id).id;
    const thread = (await world.post('/conversations/open', 'client', { providerId })).body;
    const message = (await world.post(`/conversations/${thread.id}/messages`, 'provider', { text: 'Pay me outside the app' })).body;
    const path = `/admin/conversations/messages/${message.id}/hide`;
    expect(await added(async () => expect((await world.post(path, 'admin', { hidden: true })).status).toBe(404))).toEqual([]);
    expect((await world.post(`/conversations/${thread.id}/messages/${message.id}/report`, 'client', { reason: 'Off-platform payment' })).status).toBe(200);
    const made = await added(async () => expect((await world.post(path, 'admin', { hidden: true })).status).toBe(200));
    expect(made).toEqual([
      expect.objectContaining({
        action: 'message.hidden',
        targetType: 'conversation_message',
        targetId: message.id,
        summary: expect.stringMatching(/: Pay me outside the app$/),
        reason: null,
      }),
    ]);
  });

  it('serves the log to admins only, newest first, filtered by action, actor, day and text', async () => {
    for (const as of NOT_ADMINS) expect((await world.get('/admin/audit-log', as)).status).toBe(as ? 403 : 401);
    const all = await log();
    expect(all.status).toBe(200);
    const rows = await entries();
    expect(all.body.total).toBe(rows.length);
    expect(all.body.items.map((e: AdminAuditEntryDto) => e.id)).toEqual(
      [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)).map((e) => e.id),
    );
    const newest = all.body.items[0];
    expect(Object.keys(newest).sort()).toEqual(['action', 'actorEmail', 'actorId', 'createdAt', 'id', 'reason', 'summary', 'summaryAr', 'targetId', 'targetType']);
    expect(newest).toMatchObject({ ...admin, createdAt: MONDAY_9AM.toISOString() });

    // An entry on the next day (Tuesday in Amman) by the same admin.
    world.setNow(new Date(MONDAY_9AM.getTime() + 86_400_000));
    const review = (await world.dataSource.getRepository(Review).find({ order: { id: 'DESC' }, take: 1 }))[0]!;
    expect((await world.call('PATCH', `/admin/reviews/${review.id}/hide`, 'admin', { hidden: true, reason: 'Tuesday cleanup' })).status).toBe(200);
    world.setNow(MONDAY_9AM);

    const ids = async (query: string) => {
      const page = await log(query);
      expect(page.status).toBe(200);
      return page.body.items.map((e: AdminAuditEntryDto) => e.action);
    };
    expect(await ids('?action=review.hidden')).toEqual(['review.hidden', 'review.hidden']);
    expect(await ids('?from=2030-01-08&to=2030-01-08')).toEqual(['review.hidden']);
    expect(await ids('?to=2030-01-07')).toHaveLength(rows.length);
    expect(await ids('?from=2030-01-09')).toEqual([]);
    expect(await ids('?search=Tuesday')).toEqual(['review.hidden']);
    expect(await ids(`?actor=${admin.actorEmail.slice(-12).toUpperCase()}`)).toHaveLength(rows.length + 1);
    expect(await ids('?actor=nobody%25')).toEqual([]);
    // Two narrowings of one query keep their own text.
    expect(await ids(`?actor=${admin.actorEmail.slice(-12)}&search=Tuesday`)).toEqual(['review.hidden']);
    expect(await ids('?actor=nobody&search=Tuesday')).toEqual([]);
    const paged = await log('?limit=2&page=2');
    expect(paged.body).toMatchObject({ total: rows.length + 1, page: 2, limit: 2 });
    expect(paged.body.items).toHaveLength(2);

    for (const bad of ['?action=deleted', '?from=2030-02-30', '?limit=1000']) {
      const refused = await log(bad);
      expect([refused.status, refused.body.code]).toEqual([400, 'validation_failed']);
    }
  });
});
