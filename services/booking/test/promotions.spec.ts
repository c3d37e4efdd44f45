import { randomUUID } from 'node:crypto';
import { answerSchemaMismatch, fetchJson } from '@khidma/nest-kit/testing';
import { AdminAuditEntry } from '../src/audit/entities/admin-audit-entry.entity.js';
import { Booking } from '../src/bookings/entities/booking.entity.js';
import { Payment } from '../src/payments/entities/payment.entity.js';
import { PromoCode } from '../src/promotions/entities/promo-code.entity.js';
import { PromoRedemption } from '../src/promotions/entities/promo-redemption.entity.js';
import { seedPromotions } from '../src/seed/seed-promotions.js';
import { bookingRequest, type BookingWorld, MONDAY_9AM, CONCURRENT_REQUESTS_SETTINGS, startBookingWorld } from './bookings-support.js';

const GOOD_CARD = { number: '4242 4242 4242 4242', holder: 'Sara Haddad', expiry: '12/34', cvv: '123' };
const DECLINED_CARD = { ...GOOD_CARD, number: '4000 0000 0000 0002' };

/** Promo codes (docs/promotions.md): run on MariaDB (TEST_MYSQL_URL) for real concurrent transactions. */
describe('promo codes', () => {
  let world: BookingWorld;
  let doorLock: string; // $40 per job, maintenance
  let fixtures: string; // $50 an hour, plumbing
  let slot = 0;

  /** A signed-in client of its own (verified e-mail), so first-order and per-user rules start clean. */
  const newClient = async () => {
    const id = randomUUID();
    const token = await world.identity.token(id, 'client');
    const call = (method: string, path: string, json?: unknown, headers: Record<string, string> = {}) =>
      fetchJson(`${world.url}/api${path}`, { method, json, headers: { authorization: `Bearer ${token}`, ...headers } });
    return { id, call };
  };
  type Client = Awaited<ReturnType<typeof newClient>>;

  /** A booking of `client` in a free hour of its own: weekdays but Friday from 4 February 2030, 09:00–16:00. */
  const book = async (client: Client, serviceId = doorLock) => {
    let date: Date;
    let hour: number;
    do {
      const n = slot++;
      date = new Date(Date.UTC(2030, 1, 4 + Math.floor(n / 8)));
      hour = 9 + (n % 8);
    } while (date.getUTCDay() === 5);
    const response = await client.call('POST', '/bookings/create', bookingRequest(serviceId, date.toISOString().slice(0, 10), `${hour}:00`.padStart(5, '0')));
    expect(response.status).toBe(201);
    return response.body as { id: string; totalAmount: string };
  };
  const pay = (client: Client, bookingId: string, amount: string, promoCode?: string, extra: object = {}, key?: string) =>
    client.call('POST', '/payments/process', { bookingId, amount, paymentMethod: 'card', cardDetails: GOOD_CARD, promoCode, ...extra }, key ? { 'idempotency-key': key } : {});
  const check = (client: Client, bookingId: string, code: string) => client.call('POST', '/promotions/check', { bookingId, code });

  const createCode = async (fields: Record<string, unknown>) => {
    const response = await world.post('/admin/promo-codes', 'admin', { kind: 'percent', value: 10, ...fields });
    expect(response.status).toBe(201);
    return response.body as { id: string; code: string };
  };
  const codeRow = (id: string) => world.dataSource.getRepository(PromoCode).findOneByOrFail({ id });
  const redemptionsOf = (promoCodeId: string) => world.dataSource.getRepository(PromoRedemption).findBy({ promoCodeId });

  beforeAll(async () => {
    world = await startBookingWorld({ settings: CONCURRENT_REQUESTS_SETTINGS });
    doorLock = await world.serviceId('door-lock-repair');
    fixtures = await world.serviceId('bathroom-fixture-installation');
  });
  afterAll(() => world.close());
  beforeEach(() => world.setNow(MONDAY_9AM));

  describe('admin', () => {
    it('creates a code (stored upper-case, unique whatever the case), lists and deactivates it, each in the audit log', async () => {
      const created = await world.post('/admin/promo-codes', 'admin', {
        code: 'spring25',
        kind: 'percent',
        value: 25,
        minOrderAmount: '30',
        validFrom: '2030-01-01',
        validUntil: '2030-03-31',
        maxRedemptions: 50,
        perUserLimit: 2,
        firstOrderOnly: false,
        categories: ['maintenance', 'plumbing'],
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.any(String),
        code: 'SPRING25',
        kind: 'percent',
        value: '25.00',
        minOrderAmount: '30.00',
        validFrom: '2030-01-01',
        validUntil: '2030-03-31',
        maxRedemptions: 50,
        perUserLimit: 2,
        firstOrderOnly: false,
        categories: ['maintenance', 'plumbing'],
        active: true,
        redemptionCount: 0,
        createdAt: MONDAY_9AM.toISOString(),
        deactivatedAt: null,
      });
      expect(await answerSchemaMismatch(world.url, 'POST /api/admin/promo-codes', 201, created.body)).toBeUndefined();
      const taken = await world.post('/admin/promo-codes', 'admin', { code: 'Spring25', kind: 'fixed', value: 5 });
      expect(taken.status).toBe(422);
      expect(taken.body).toMatchObject({ code: 'promo_code_taken', params: { code: 'SPRING25' } });

      const list = await world.get('/admin/promo-codes?search=spring', 'admin');
      expect(list.status).toBe(200);
      expect(list.body).toMatchObject({ total: 1, page: 1, items: [{ id: created.body.id, code: 'SPRING25' }] });
      expect(await answerSchemaMismatch(world.url, 'GET /api/admin/promo-codes', 200, list.body)).toBeUndefined();

      const off = await world.post(`/admin/promo-codes/${created.body.id}/deactivate`, 'admin');
      expect(off.status).toBe(200);
      expect(off.body).toMatchObject({ active: false, deactivatedAt: MONDAY_9AM.toISOString() });
      // Twice is harmless and audited once.
      expect((await world.post(`/admin/promo-codes/${created.body.id}/deactivate`, 'admin')).body).toMatchObject({ active: false });
      const audit = await world.dataSource.getRepository(AdminAuditEntry).find({ where: { targetId: created.body.id }, order: { action: 'ASC' } });
      expect(audit.map((entry) => [entry.action, entry.targetType, entry.summary])).toEqual([
        ['promo_code.created', 'promo_code', 'SPRING25: 25% off, 50 uses'],
        ['promo_code.deactivated', 'promo_code', 'SPRING25: 25% off, 50 uses'],
      ]);
      expect((await world.post(`/admin/promo-codes/${randomUUID()}/deactivate`, 'admin')).status).toBe(404);
    });

    it('refuses bad fields with validation_failed and the field, storing nothing', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ code: 'ab', kind: 'percent', value: 10 }, 'code'],
        [{ code: 'HAS SPACE', kind: 'percent', value: 10 }, 'code'],
        [{ code: 'BADKIND', kind: 'bogo', value: 10 }, 'kind'],
        [{ code: 'TOOMUCH', kind: 'percent', value: 101 }, 'value'],
        [{ code: 'ZERO', kind: 'fixed', value: 0 }, 'value'],
        [{ code: 'NOTDAY', kind: 'fixed', value: 5, validFrom: '2030-13-01' }, 'validFrom'],
        [{ code: 'BACKWARDS', kind: 'fixed', value: 5, validFrom: '2030-02-01', validUntil: '2030-01-01' }, 'validUntil'],
        [{ code: 'NOLIMIT', kind: 'fixed', value: 5, maxRedemptions: 0 }, 'maxRedemptions'],
        [{ code: 'NOCAT', kind: 'fixed', value: 5, categories: ['no-such-category'] }, 'categories'],
      ];
      for (const [body, field] of cases) {
        const response = await world.post('/admin/promo-codes', 'admin', body);
        expect([body.code, response.status, response.body.code]).toEqual([body.code, 400, 'validation_failed']);
        expect(Object.keys(response.body.fields ?? {})).toContain(field);
      }
      const stored = await world.dataSource.getRepository(PromoCode).findBy({});
      expect(stored.map((row) => row.code)).not.toEqual(expect.arrayContaining(['AB', 'BADKIND', 'TOOMUCH', 'ZERO', 'NOTDAY', 'BACKWARDS', 'NOLIMIT', 'NOCAT']));
    });

    it('is for admins only: clients and providers cannot create, list, deactivate or read redemptions', async () => {
      const code = await createCode({ code: 'ADMINONLY' });
      for (const person of ['client', 'provider'] as const) {
        expect((await world.post('/admin/promo-codes', person, { code: 'MINE', kind: 'percent', value: 90 })).status).toBe(403);
        expect((await world.get('/admin/promo-codes', person)).status).toBe(403);
        expect((await world.post(`/admin/promo-codes/${code.id}/deactivate`, person)).status).toBe(403);
        expect((await world.get(`/admin/promo-codes/${code.id}/redemptions`, person)).status).toBe(403);
      }
      expect((await world.post('/admin/promo-codes', undefined, { code: 'ANON', kind: 'percent', value: 90 })).status).toBe(401);
      expect(await world.dataSource.getRepository(PromoCode).countBy({ code: 'MINE' })).toBe(0);
      expect((await codeRow(code.id)).active).toBe(true);
    });
  });

  describe('at checkout', () => {
    it('previews then charges a percent code: the payment, its answer and the redemption carry the discounted total', async () => {
      const code = await createCode({ code: 'TENOFF', kind: 'percent', value: 10 });
      const client = await newClient();
      const booking = await book(client);
      const preview = await check(client, booking.id, ' tenoff ');
      expect(preview.status).toBe(200);
      expect(preview.body).toEqual({ subtotal: '40.00', discount: '4.00', total: '36.00', promoCode: 'TENOFF' });
      expect(await answerSchemaMismatch(world.url, 'POST /api/promotions/check', 200, preview.body)).toBeUndefined();
      expect((await codeRow(code.id)).redemptionCount).toBe(0); // a preview holds nothing

      // The list price with a code is refused: the amount must be what is charged.
      const wrong = await pay(client, booking.id, '40.00', 'tenoff');
      expect(wrong.status).toBe(409);
      expect(wrong.body).toMatchObject({ code: 'amount_mismatch', params: { expected: '36.00' } });

      const paid = await pay(client, booking.id, '36.00', 'tenoff');
      expect(paid.status).toBe(200);
      expect(paid.body.payment).toMatchObject({ status: 'succeeded', amount: '36.00' });
      expect(paid.body.charge).toEqual({ subtotal: '40.00', discount: '4.00', total: '36.00', promoCode: 'TENOFF' });
      expect(await answerSchemaMismatch(world.url, 'POST /api/payments/process', 200, paid.body)).toBeUndefined();
      const [payment] = await world.dataSource.getRepository(Payment).findBy({ bookingId: booking.id });
      expect(payment!.amount).toBe('36.00');
      const [redemption] = await redemptionsOf(code.id);
      expect(redemption).toMatchObject({ bookingId: booking.id, clientId: client.id, paymentId: payment!.id, discountAmount: '4.00', releasedAt: null });
      expect((await codeRow(code.id)).redemptionCount).toBe(1);
    });

    it('takes a fixed amount off, never below zero, and charges without a code as before', async () => {
      await createCode({ code: 'FIVE', kind: 'fixed', value: '5' });
      await createCode({ code: 'HUNDRED', kind: 'fixed', value: '100' });
      const client = await newClient();
      const first = await book(client);
      expect((await check(client, first.id, 'five')).body).toEqual({ subtotal: '40.00', discount: '5.00', total: '35.00', promoCode: 'FIVE' });
      expect((await check(client, first.id, 'hundred')).body).toEqual({ subtotal: '40.00', discount: '40.00', total: '0.00', promoCode: 'HUNDRED' });
      const plain = await pay(client, first.id, '40.00');
      expect(plain.status).toBe(200);
      expect(plain.body.charge).toEqual({ subtotal: '40.00', discount: '0.00', total: '40.00', promoCode: null });
    });

    it('applies each rule: minimum order, validity window, categories, first order; unknown and deactivated codes', async () => {
      await createCode({ code: 'MIN45', minOrderAmount: '45' });
      await createCode({ code: 'LATER', validFrom: '2030-01-08', validUntil: '2030-01-31' });
      await createCode({ code: 'PLUMBING', categories: ['plumbing'] });
      await createCode({ code: 'FIRSTTIME', firstOrderOnly: true });
      const gone = await createCode({ code: 'GONE' });
      await world.post(`/admin/promo-codes/${gone.id}/deactivate`, 'admin');
      const client = await newClient();
      const doorJob = await book(client); // $40 maintenance
      const plumbingJob = await book(client, fixtures); // $50 plumbing

      const refusal = async (bookingId: string, code: string) => {
        const response = await check(client, bookingId, code);
        return [response.status, response.body.code, response.body.params ?? null];
      };
      expect(await refusal(doorJob.id, 'NOPE')).toEqual([404, 'promo_not_found', null]);
      expect(await refusal(doorJob.id, 'gone')).toEqual([422, 'promo_inactive', null]);
      expect(await refusal(doorJob.id, 'min45')).toEqual([422, 'promo_min_order', { minOrderAmount: '45.00' }]);
      expect((await check(client, plumbingJob.id, 'min45')).status).toBe(200);
      expect(await refusal(doorJob.id, 'later')).toEqual([422, 'promo_not_started', { validFrom: '2030-01-08' }]);
      world.setNow(new Date('2030-01-07T21:00:00Z')); // 8 January, 00:00 in Amman (UTC+3): the first day counts
      expect((await check(client, doorJob.id, 'later')).status).toBe(200);
      world.setNow(new Date('2030-01-07T20:59:00Z'));
      expect((await check(client, doorJob.id, 'later')).status).toBe(422);
      world.setNow(new Date('2030-01-31T20:59:00Z')); // the last minute of 31 January in Amman
      expect((await check(client, doorJob.id, 'later')).status).toBe(200);
      world.setNow(new Date('2030-01-31T21:00:00Z'));
      expect(await refusal(doorJob.id, 'later')).toEqual([422, 'promo_expired', { validUntil: '2030-01-31' }]);
      world.setNow(MONDAY_9AM);
      expect(await refusal(doorJob.id, 'plumbing')).toEqual([422, 'promo_category', null]);
      expect((await check(client, plumbingJob.id, 'plumbing')).body).toMatchObject({ discount: '5.00', total: '45.00' });

      // First order: fine before any payment, refused once one booking is paid.
      expect((await check(client, doorJob.id, 'firsttime')).status).toBe(200);
      expect((await pay(client, plumbingJob.id, '50.00')).status).toBe(200);
      expect(await refusal(doorJob.id, 'firsttime')).toEqual([422, 'promo_first_order_only', null]);
      // The payment route refuses the same way and charges nothing.
      const refused = await pay(client, doorJob.id, '36.00', 'firsttime');
      expect([refused.status, refused.body.code]).toEqual([422, 'promo_first_order_only']);
      expect(await world.dataSource.getRepository(Payment).countBy({ bookingId: doorJob.id })).toBe(0);
      expect((await world.dataSource.getRepository(Booking).findOneByOrFail({ id: doorJob.id })).paymentStatus).toBe('pending');
    });

    it('holds the per-user limit and the total limit in sequence', async () => {
      const perUser = await createCode({ code: 'TWICE', perUserLimit: 2 });
      const client = await newClient();
      const bookings = [await book(client), await book(client), await book(client)];
      expect((await pay(client, bookings[0]!.id, '36.00', 'twice')).status).toBe(200);
      expect((await pay(client, bookings[1]!.id, '36.00', 'twice')).status).toBe(200);
      const third = await pay(client, bookings[2]!.id, '36.00', 'twice');
      expect([third.status, third.body.code]).toEqual([422, 'promo_user_limit']);
      // Someone else may still use it.
      const other = await newClient();
      expect((await pay(other, (await book(other)).id, '36.00', 'twice')).status).toBe(200);
      expect((await codeRow(perUser.id)).redemptionCount).toBe(3);

      await createCode({ code: 'ONLYONE', maxRedemptions: 1 });
      const a = await newClient();
      const b = await newClient();
      expect((await pay(a, (await book(a)).id, '36.00', 'onlyone')).status).toBe(200);
      const late = await pay(b, (await book(b)).id, '36.00', 'onlyone');
      expect([late.status, late.body.code]).toEqual([422, 'promo_exhausted']);
    });

    it('redeems nothing for a declined card, and the code still works on the next try', async () => {
      const code = await createCode({ code: 'DECLINETEST', maxRedemptions: 1 });
      const client = await newClient();
      const booking = await book(client);
      const declined = await pay(client, booking.id, '36.00', 'declinetest', { cardDetails: DECLINED_CARD });
      expect([declined.status, declined.body.code]).toEqual([402, 'card_declined']);
      expect(await redemptionsOf(code.id)).toEqual([]);
      expect((await codeRow(code.id)).redemptionCount).toBe(0);
      const [failed] = await world.dataSource.getRepository(Payment).findBy({ bookingId: booking.id });
      expect(failed).toMatchObject({ status: 'declined', amount: '36.00' });
      expect((await pay(client, booking.id, '36.00', 'declinetest')).status).toBe(200);
      expect((await codeRow(code.id)).redemptionCount).toBe(1);
    });

    it('redeems once for an idempotent retry, and refuses the key with another code', async () => {
      const code = await createCode({ code: 'RETRY' });
      await createCode({ code: 'RETRYOTHER' });
      const client = await newClient();
      const booking = await book(client);
      const key = randomUUID();
      const answers = await Promise.all(Array.from({ length: 5 }, () => pay(client, booking.id, '36.00', 'retry', {}, key)));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(answers.map((a) => a.body.payment.id)).size).toBe(1);
      const again = await pay(client, booking.id, '36.00', 'RETRY', {}, key);
      expect(again.body.payment.id).toBe(answers[0]!.body.payment.id);
      expect(await redemptionsOf(code.id)).toHaveLength(1);
      expect((await codeRow(code.id)).redemptionCount).toBe(1);
      expect(await world.dataSource.getRepository(Payment).countBy({ bookingId: booking.id })).toBe(1);
      const reused = await pay(client, booking.id, '36.00', 'retryother', {}, key);
      expect([reused.status, reused.body.code]).toEqual([422, 'idempotency_key_reused']);
    });

    it('refunds what was paid, not the list price, and gives the code back', async () => {
      const code = await createCode({ code: 'REFUNDME', kind: 'fixed', value: '15', maxRedemptions: 1, perUserLimit: 1 });
      const client = await newClient();
      const booking = await book(client);
      expect((await pay(client, booking.id, '25.00', 'refundme')).status).toBe(200);
      const cancelled = await client.call('POST', `/bookings/${booking.id}/cancel`, { cancellationReason: 'Plans changed, sorry' });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ paymentStatus: 'refunded', refund: { amount: '25.00' } });
      const [redemption] = await redemptionsOf(code.id);
      expect(redemption!.releasedAt).toEqual(MONDAY_9AM);
      expect((await codeRow(code.id)).redemptionCount).toBe(0);
      // Released: the same client (per-user limit 1) may use it again, within the total of 1.
      expect((await pay(client, (await book(client)).id, '25.00', 'refundme')).status).toBe(200);
      expect((await codeRow(code.id)).redemptionCount).toBe(1);
      const admin = await world.get(`/admin/promo-codes/${code.id}/redemptions`, 'admin');
      expect(admin.status).toBe(200);
      expect(await answerSchemaMismatch(world.url, 'GET /api/admin/promo-codes/{id}/redemptions', 200, admin.body)).toBeUndefined();
      expect(admin.body.items.map((r: { releasedAt: string | null }) => r.releasedAt === null).sort()).toEqual([false, true]);
    });

    it('keeps a client to their own bookings: no preview of another client’s booking', async () => {
      await createCode({ code: 'MINEONLY' });
      const owner = await newClient();
      const stranger = await newClient();
      const booking = await book(owner);
      const peek = await check(stranger, booking.id, 'mineonly');
      expect([peek.status, peek.body.code]).toEqual([404, 'not_found']);
      const steal = await pay(stranger, booking.id, '36.00', 'mineonly');
      expect(steal.status).toBe(404);
    });
  });

  describe('demo data', () => {
    it('seeds WELCOME10 (first order) and a seasonal code valid around today, once', async () => {
      expect(await seedPromotions(world.dataSource, '2030-01-07', MONDAY_9AM)).toEqual({ created: ['WELCOME10', 'WINTER15'] });
      expect(await seedPromotions(world.dataSource, '2030-01-07', MONDAY_9AM)).toEqual({ created: [] });
      const client = await newClient();
      const booking = await book(client);
      expect((await check(client, booking.id, 'welcome10')).body).toMatchObject({ discount: '4.00', total: '36.00' });
      expect((await check(client, booking.id, 'winter15')).body).toMatchObject({ discount: '6.00', total: '34.00' });
      world.setNow(new Date('2030-02-07T06:00:00Z')); // 31 days on: over
      expect((await check(client, booking.id, 'winter15')).body.code).toBe('promo_expired');
    });
  });

  describe('under concurrency', () => {
    it('lets exactly 10 of 100 simultaneous payments (100 clients) redeem a code limited to 10', async () => {
      const code = await createCode({ code: 'RUSH10', maxRedemptions: 10 });
      const clients = await Promise.all(Array.from({ length: 100 }, () => newClient()));
      const bookings: { id: string }[] = [];
      for (const client of clients) bookings.push(await book(client));
      const answers = await Promise.all(clients.map((client, i) => pay(client, bookings[i]!.id, '36.00', 'rush10')));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(answers.filter((a) => a.status !== 200 && a.status !== 422).map((a) => [a.status, a.body])).toEqual([]);
      expect(statuses.filter((s) => s === 422)).toHaveLength(90);
      expect(answers.filter((a) => a.status === 422).every((a) => a.body.code === 'promo_exhausted')).toBe(true);
      expect((await codeRow(code.id)).redemptionCount).toBe(10);
      const redeemed = await redemptionsOf(code.id);
      expect(redeemed).toHaveLength(10);
      // Exactly the ten who were charged hold a redemption; nobody else was charged.
      const paidBookings = await world.dataSource.getRepository(Payment).findBy({ status: 'succeeded', amount: '36.00' });
      const charged = new Set(paidBookings.map((p) => p.bookingId).filter((id) => bookings.some((b) => b.id === id)));
      expect(charged).toEqual(new Set(redeemed.map((r) => r.bookingId)));
    }, 180_000);

    it('holds the per-user limit when one client pays several bookings with the code at once', async () => {
      const code = await createCode({ code: 'ONEEACH', perUserLimit: 1 });
      const client = await newClient();
      const bookings: { id: string }[] = [];
      for (let i = 0; i < 8; i++) bookings.push(await book(client));
      const answers = await Promise.all(bookings.map((booking) => pay(client, booking.id, '36.00', 'oneeach')));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 422).map((a) => a.body.code)).toEqual(Array(7).fill('promo_user_limit'));
      expect(await redemptionsOf(code.id)).toHaveLength(1);
      expect((await codeRow(code.id)).redemptionCount).toBe(1);
    }, 120_000);
  });
});
