import type { AdminAuditEntryDto, AdminStatsDto, BookingDto, ConversationListResponse, EarningsSeriesDto, NotificationDto, PagedResponse, PendingApprovalsResponse, ProviderBookingsResponse } from '@khidma/contracts';
import { BOOKING_TABS } from '@khidma/contracts';
import { DEMO_ACCOUNTS, demoActivity, providerOf } from '@khidma/demo-data';
import { zonedToday } from '@khidma/nest-kit';
import { In, IsNull, Not } from 'typeorm';
import { AdminAuditEntry } from '../src/audit/entities/admin-audit-entry.entity.js';
import { Provider } from '../src/catalogue/entities/provider.entity.js';
import { ServiceListing } from '../src/catalogue/entities/service-listing.entity.js';
import { Review } from '../src/catalogue/entities/review.entity.js';
import { BookingSlot } from '../src/bookings/entities/booking-slot.entity.js';
import { Booking } from '../src/bookings/entities/booking.entity.js';
import { Notification } from '../src/notifications/entities/notification.entity.js';
import { Payment } from '../src/payments/entities/payment.entity.js';
import { seedActivity } from '../src/seed/seed-activity.js';
import { bookingRequest, type BookingWorld, MONDAY_9AM, startBookingWorld } from './bookings-support.js';

const DAY_MS = 86_400_000;

/** What a newcomer sees after signing in as each demo account: every screen has data, placed around today. */
describe('demo activity seed', () => {
  let world: BookingWorld;
  const zone = () => world.config.MARKETPLACE_TIMEZONE;
  const counts = async () => ({
    bookings: await world.dataSource.getRepository(Booking).count(),
    slots: await world.dataSource.getRepository(BookingSlot).count(),
    payments: await world.dataSource.getRepository(Payment).count(),
    notifications: await world.dataSource.getRepository(Notification).count(),
  });

  beforeAll(async () => {
    world = await startBookingWorld();
  });
  afterAll(() => world.close());

  it('gives the demo client bookings in every state, with the refund and the notifications', async () => {
    const report = await seedActivity(world.dataSource, zone(), MONDAY_9AM);
    expect(report).toMatchObject({ today: '2030-01-07', written: true });
    expect(report.bookings).toBe(demoActivity('2030-01-07').bookings.length);

    const bookings: BookingDto[] = [];
    for (const tab of Object.keys(BOOKING_TABS)) {
      const mine = await world.get(`/bookings/client/${DEMO_ACCOUNTS.client.id}?tab=${tab}&limit=50`, 'client');
      expect([mine.status, mine.body.nextCursor]).toEqual([200, null]);
      bookings.push(...mine.body.bookings);
    }
    const states = new Set(bookings.map((b) => `${b.status}/${b.paymentStatus}`));
    for (const state of ['completed/paid', 'accepted/paid', 'pending/pending', 'cancelled/refunded']) expect(states).toContain(state);
    expect(bookings.filter((b) => b.scheduledDate > '2030-01-07').length).toBeGreaterThanOrEqual(3);
    // Upcoming ones can still be changed by the client, exactly as if booked on the page.
    expect(bookings.find((b) => b.status === 'pending')!.actions).toMatchObject({ cancel: true, reschedule: true });
    // Her two older jobs are reviewed (one answered by the provider); the latest waits for her review.
    const completed = bookings.filter((b) => b.status === 'completed').sort((a, b) => a.scheduledDate.localeCompare(b.scheduledDate));
    const reviews = await Promise.all(completed.map(async (b) => (await world.get(`/bookings/${b.id}/review`, 'client')).body));
    expect(reviews.map((r) => Boolean(r.review))).toEqual([true, true, false]);
    expect(reviews.some((r) => r.review?.reply)).toBe(true);
    // Disputes: the leak repair's was decided with a partial refund (kept on the payment), the latest job's is open.
    const disputes = await Promise.all(completed.map(async (b) => (await world.get(`/bookings/${b.id}/dispute`, 'client')).body));
    expect(disputes.map((d) => d.dispute && `${d.dispute.status}/${d.dispute.outcome}`)).toEqual([null, 'resolved/partial_refund', 'open/null']);
    const partial = disputes[1].dispute;
    expect(partial.messages.map((m: { side: string }) => m.side)).toEqual(['client', 'provider', 'admin']);
    expect(Number(partial.refundedAmount)).toBeGreaterThan(0);
    expect(Number(partial.refundedAmount)).toBeLessThan(Number(partial.paidAmount));
    expect((await world.dataSource.getRepository(Payment).findOneByOrFail({ bookingId: completed[1]!.id })).refundedAmount).toBe(partial.refundedAmount);

    const notifications = await world.get('/notifications?limit=50', 'client');
    expect(notifications.status).toBe(200);
    const list: NotificationDto[] = notifications.body.notifications;
    expect(list.some((n) => !n.isRead)).toBe(true);
    expect(list.some((n) => n.message.includes('refund') || n.message.includes('Refund'))).toBe(true);
    expect(list.every((n) => new Date(n.createdAt).getTime() <= MONDAY_9AM.getTime())).toBe(true);
    expect(list.some((n) => n.type === 'chat' && !n.isRead)).toBe(true);

    // The inbox: threads about bookings and an enquiry, two messages from providers not read yet.
    const inbox: ConversationListResponse = (await world.get('/conversations', 'client')).body;
    expect(inbox.conversations.length).toBeGreaterThanOrEqual(3);
    expect(inbox.conversations.some((c) => c.bookingId === null)).toBe(true);
    expect(inbox.unreadCount).toBe(2);
    const unread = inbox.conversations.find((c) => c.unreadCount > 0)!;
    const thread = await world.get(`/conversations/${unread.id}/messages`, 'client');
    expect(thread.status).toBe(200);
  });

  it("fills the demo provider's requests, week and a year of earnings, and the admin's dashboard", async () => {
    const requests: ProviderBookingsResponse = (await world.get('/provider/bookings?period=all', 'provider')).body;
    expect(requests.bookings.filter((b) => b.status === 'pending').length).toBeGreaterThanOrEqual(2);
    expect(requests.bookings.filter((b) => b.status === 'accepted').length).toBeGreaterThanOrEqual(2);

    expect(((await world.get('/conversations', 'provider')).body as ConversationListResponse).unreadCount).toBe(2);
    expect((await world.get('/conversations', 'otherClient')).body.conversations).toEqual([]);

    // Reviews of finished jobs: the demo provider's count and rating are his reviews', and a recount agrees.
    const [{ count, mean }] = await world.dataSource.query(
      'SELECT COUNT(*) AS count, ROUND(AVG(r.rating), 2) AS mean FROM reviews r JOIN services s ON s.id = r.serviceId WHERE s.providerId = ? AND r.hiddenAt IS NULL',
      [providerOf(DEMO_ACCOUNTS.provider.id).id],
    );
    const omar = await world.dataSource.getRepository(Provider).findOneByOrFail({ id: providerOf(DEMO_ACCOUNTS.provider.id).id });
    expect(omar.reviewCount).toBe(Number(count));
    expect(Number(omar.rating)).toBeCloseTo(Number(mean), 2);
    expect(await world.dataSource.getRepository(Review).countBy({ clientId: Not(IsNull()) })).toBeGreaterThan(20);
    const reported = await world.get('/admin/conversations/reported', 'admin');
    expect(reported.status).toBe(200);
    expect(reported.body.conversations).toEqual([expect.objectContaining({ openReports: 1, provider: expect.objectContaining({ name: 'Tariq Express Delivery' }) })]);

    const year: EarningsSeriesDto = (await world.get('/provider/earnings?period=year', 'provider')).body;
    expect(year.points.filter((point) => Number(point.earnings) > 0).length).toBeGreaterThanOrEqual(11);
    const month: EarningsSeriesDto = (await world.get('/provider/earnings?period=month', 'provider')).body;
    expect(month.points.some((point) => Number(point.earnings) > 0)).toBe(true);

    const stats: AdminStatsDto = (await world.get('/admin/stats', 'admin')).body;
    expect(stats.completedBookings).toBeGreaterThan(100);
    expect(stats.series.filter((day) => day.bookings > 0).length).toBeGreaterThanOrEqual(20);
    const pending: PendingApprovalsResponse = (await world.get('/admin/pending-approvals', 'admin')).body;
    const application = pending.providers.find((p) => p.businessName === 'Khoury Smart Home')!;
    expect(application.documents).toEqual([expect.objectContaining({ kind: 'id_card_front' })]);
    expect(pending.services.map((s) => s.title)).toContain('Shelf and Curtain Rail Installation');
  });

  it("shows the admin's recent decisions in the audit log, in both languages, dated from today", async () => {
    const log: PagedResponse<AdminAuditEntryDto> = (await world.get('/admin/audit-log', 'admin')).body;
    expect(log.items.map((e) => [e.action, e.actorEmail])).toEqual([
      ['review.shown', DEMO_ACCOUNTS.admin.email],
      ['review.hidden', DEMO_ACCOUNTS.admin.email],
      ['service_revision.approved', DEMO_ACCOUNTS.admin.email],
      ['service.approved', DEMO_ACCOUNTS.admin.email],
    ]);
    for (const entry of log.items) {
      expect(entry.summaryAr).toMatch(/[\u0600-\u06FF]/);
      expect(Date.parse(entry.createdAt)).toBeLessThan(MONDAY_9AM.getTime());
      expect(Date.parse(entry.createdAt)).toBeGreaterThan(MONDAY_9AM.getTime() - 30 * DAY_MS);
    }
    // What the entries say happened did: the approved services are live, the review shown again is visible.
    const review = await world.dataSource.getRepository(Review).findOneByOrFail({ id: log.items[0]!.targetId });
    expect(review.hiddenAt).toBeNull();
    for (const entry of log.items.slice(2)) expect(await world.dataSource.getRepository(ServiceListing).findOneByOrFail({ id: entry.targetId })).toMatchObject({ status: 'active' });
  });

  it('writes nothing when run again on the same day', async () => {
    const before = await counts();
    expect(await seedActivity(world.dataSource, zone(), new Date(MONDAY_9AM.getTime() + 6 * 3600_000))).toMatchObject({ written: false });
    expect(await counts()).toEqual(before);
  });

  it('moves to a later day, keeping what people booked themselves and skipping a demo booking whose hours they took', async () => {
    const later = new Date(MONDAY_9AM.getTime() + 40 * DAY_MS);
    const laterDay = zonedToday(later, zone());
    const planned = demoActivity(laterDay).bookings;
    // Someone books, on the page, the hours one of the later day's demo bookings wants.
    const wanted = planned.find((b) => b.status === 'pending' && b.client.id === DEMO_ACCOUNTS.client.id)!;
    world.setNow(later);
    const own = await world.post('/bookings/create', 'otherClient', bookingRequest(wanted.serviceId, wanted.scheduledDate, wanted.scheduledTime));
    expect(own).toMatchObject({ status: 201 });

    const report = await seedActivity(world.dataSource, zone(), later);
    expect(report).toMatchObject({ today: laterDay, written: true });
    expect(report.bookings).toBe(planned.length - 1);
    const repository = world.dataSource.getRepository(Booking);
    expect(await repository.existsBy({ id: own.body.id })).toBe(true);
    expect(await repository.existsBy({ id: wanted.id })).toBe(false);
    expect(await repository.countBy({ id: In(planned.map((b) => b.id)) })).toBe(planned.length - 1);
    // Nothing of the earlier day is left behind: every demo booking has the later day's date.
    const first = await repository.findOneByOrFail({ id: planned[0]!.id });
    expect(first.scheduledDate).toBe(planned[0]!.scheduledDate);
    const audit = await world.dataSource.getRepository(AdminAuditEntry).find({ order: { createdAt: 'DESC' } });
    expect(audit).toHaveLength(4);
    expect(audit[0]!.createdAt.getTime()).toBe(later.getTime() - 6 * 3600_000);
  });
});
