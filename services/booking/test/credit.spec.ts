import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { answerSchemaMismatch, fetchJson } from '@khidma/nest-kit/testing';
import { AdminAuditEntry } from '../src/audit/entities/admin-audit-entry.entity.js';
import { Booking } from '../src/bookings/entities/booking.entity.js';
import { CreditAccount } from '../src/credit/entities/credit-account.entity.js';
import { CreditEntry } from '../src/credit/entities/credit-entry.entity.js';
import { Payment } from '../src/payments/entities/payment.entity.js';
import { refundable, refundPayment } from '../src/payments/refunds.js';
import { bookingRequest, type BookingWorld, MONDAY_9AM, PEOPLE, startBookingWorld } from './bookings-support.js';

const GOOD_CARD = { number: '4242 4242 4242 4242', holder: 'Sara Haddad', expiry: '12/34', cvv: '123' };
const DECLINED_CARD = { ...GOOD_CARD, number: '4000 0000 0000 0002' };
const REASON = 'Plans changed, sorry';

/**
 * Account credit and the paid amount (docs/promotions.md): run on MariaDB (TEST_MYSQL_URL) for real
 * concurrent transactions, and on SQLite.
 */
describe('account credit', () => {
  let world: BookingWorld;
  let doorLock: string; // $40 per job, maintenance, the demo provider's
  let slot = 0;
  /** The accounts identity knows (its admin route GET /api/admin/users/:id), by id. */
  const accounts = new Map<string, 'client' | 'provider' | 'admin'>();

  const newClient = async () => {
    const id = randomUUID();
    accounts.set(id, 'client');
    const token = await world.identity.token(id, 'client');
    const call = (method: string, path: string, json?: unknown, headers: Record<string, string> = {}) =>
      fetchJson(`${world.url}/api${path}`, { method, json, headers: { authorization: `Bearer ${token}`, ...headers } });
    return { id, call };
  };
  type Client = Awaited<ReturnType<typeof newClient>>;

  /** A booking of `client` in a free hour of its own: weekdays but Friday from 4 March 2030, 09:00–16:00. */
  const book = async (client: Client) => {
    let date: Date;
    let hour: number;
    do {
      const n = slot++;
      date = new Date(Date.UTC(2030, 2, 4 + Math.floor(n / 8)));
      hour = 9 + (n % 8);
    } while (date.getUTCDay() === 5);
    const response = await client.call('POST', '/bookings/create', bookingRequest(doorLock, date.toISOString().slice(0, 10), `${hour}:00`.padStart(5, '0')));
    expect(response.status).toBe(201);
    return response.body as { id: string; totalAmount: string };
  };
  const pay = (client: Client, bookingId: string, fields: Record<string, unknown>, key?: string) =>
    client.call(
      'POST',
      '/payments/process',
      { bookingId, paymentMethod: 'card', cardDetails: GOOD_CARD, ...fields },
      key ? { 'idempotency-key': key } : {},
    );
  const grant = (clientId: string, amount: unknown, note: unknown = 'Sorry for the late visit') =>
    world.post(`/admin/users/${clientId}/credit`, 'admin', { amount, note });
  const balanceOf = async (clientId: string) => (await world.dataSource.getRepository(CreditAccount).findOneBy({ clientId }))?.balance ?? '0.00';
  const entriesOf = (clientId: string) => world.dataSource.getRepository(CreditEntry).find({ where: { clientId }, order: { createdAt: 'ASC' } });
  const ledgerSum = async (clientId: string) => (await entriesOf(clientId)).reduce((sum, entry) => sum + Math.round(Number(entry.amount) * 100), 0) / 100;
  const createCode = async (fields: Record<string, unknown>) => {
    const response = await world.post('/admin/promo-codes', 'admin', { kind: 'percent', value: 10, ...fields });
    expect(response.status).toBe(201);
    return response.body as { id: string; code: string };
  };

  beforeAll(async () => {
    world = await startBookingWorld({
      identity: {
        handle: (request, response) => {
          const id = /^\/api\/admin\/users\/([^/?]+)$/.exec(request.url ?? '')?.[1];
          const role = id && request.method === 'GET' ? accounts.get(decodeURIComponent(id)) : undefined;
          response.writeHead(role ? 200 : 404, { 'content-type': 'application/json' });
          response.end(JSON.stringify(role ? { user: { id, role } } : { statusCode: 404, code: 'not_found', message: 'User not found' }));
        },
      },
    });
    doorLock = await world.serviceId('door-lock-repair');
  });
  afterAll(() => world.close());
  beforeEach(() => world.setNow(MONDAY_9AM));

  describe('goodwill grants', () => {
    it('lets an admin grant credit with a note, audited; the client sees balance and history, the admin also who granted', async () => {
      const client = await newClient();
      const granted = await grant(client.id, '25', '  Sorry for the late visit ');
      expect(granted.status).toBe(201);
      expect(granted.body).toEqual({
        balance: '25.00',
        entry: {
          id: expect.any(String),
          amount: '25.00',
          reason: 'goodwill',
          bookingId: null,
          bookingNumber: null,
          adminId: PEOPLE.admin.id,
          note: 'Sorry for the late visit',
          createdAt: MONDAY_9AM.toISOString(),
        },
      });
      expect(await answerSchemaMismatch(world.url, 'POST /api/admin/users/{id}/credit', 201, granted.body)).toBeUndefined();
      world.setNow(new Date(MONDAY_9AM.getTime() + 60_000));
      expect(await grant(client.id, 5.5)).toMatchObject({ status: 201, body: { balance: '30.50' } });

      const own = await client.call('GET', '/credit');
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({ clientId: client.id, balance: '30.50', entries: { total: 2, page: 1 } });
      expect(own.body.entries.items.map((e: { amount: string; adminId: string | null }) => [e.amount, e.adminId])).toEqual([
        ['5.50', null],
        ['25.00', null],
      ]);
      expect(await answerSchemaMismatch(world.url, 'GET /api/credit', 200, own.body)).toBeUndefined();
      const asAdmin = await world.get(`/admin/users/${client.id}/credit?limit=1`, 'admin');
      expect(asAdmin.body).toMatchObject({ balance: '30.50', entries: { total: 2, limit: 1, items: [{ amount: '5.50', adminId: PEOPLE.admin.id }] } });
      expect(await answerSchemaMismatch(world.url, 'GET /api/admin/users/{id}/credit', 200, asAdmin.body)).toBeUndefined();

      const audited = await world.dataSource.getRepository(AdminAuditEntry).findBy({ action: 'credit.granted', targetId: client.id });
      expect(audited.map((a) => [a.targetType, a.summary, a.reason, a.actorId]).sort()).toEqual([
        ['account', '\u2066$25.00\u2069 goodwill credit', 'Sorry for the late visit', PEOPLE.admin.id],
        ['account', '\u2066$5.50\u2069 goodwill credit', 'Sorry for the late visit', PEOPLE.admin.id],
      ]);
    });

    it('refuses amounts out of bounds and a missing note, changing nothing; only admins grant or read another’s credit', async () => {
      const client = await newClient();
      for (const [amount, note, field] of [
        ['0.50', 'fine note', 'amount'],
        ['500.01', 'fine note', 'amount'],
        ['-5', 'fine note', 'amount'],
        ['ten', 'fine note', 'amount'],
        ['10', '  ', 'note'],
        ['10', null, 'note'],
      ] as const) {
        const refused = await grant(client.id, amount, note);
        expect([amount, note, refused.status]).toEqual([amount, note, 400]);
        expect(refused.body).toMatchObject({ code: 'validation_failed' });
        expect(Object.keys(refused.body.fields)).toEqual([field]);
      }
      expect(await grant(client.id, '500')).toMatchObject({ status: 201 });
      for (const person of ['client', 'provider'] as const) {
        expect((await world.post(`/admin/users/${client.id}/credit`, person, { amount: 10, note: 'for me please' })).status).toBe(403);
        expect((await world.get(`/admin/users/${client.id}/credit`, person)).status).toBe(403);
      }
      expect((await world.get('/credit')).status).toBe(401);
      expect(await balanceOf(client.id)).toBe('500.00');
      expect(await entriesOf(client.id)).toHaveLength(1);
      expect(await world.dataSource.getRepository(AdminAuditEntry).countBy({ action: 'credit.granted', targetId: client.id })).toBe(1);
    });

    it('grants only to an account identity knows as a client: an unknown id 404, a provider 422, nothing written', async () => {
      const unknown = randomUUID();
      expect([(await grant(unknown, '10')).status, (await grant(unknown, '10')).body.code]).toEqual([404, 'not_found']);
      const provider = randomUUID();
      accounts.set(provider, 'provider');
      const refused = await grant(provider, '10');
      expect([refused.status, refused.body.code]).toEqual([422, 'credit_clients_only']);
      for (const id of [unknown, provider]) {
        expect(await entriesOf(id)).toHaveLength(0);
        expect(await world.dataSource.getRepository(AdminAuditEntry).countBy({ action: 'credit.granted', targetId: id })).toBe(0);
      }
    });
  });

  describe('paying with credit', () => {
    it('pays part with credit and the rest by card; the booking shows what was paid to client and provider', async () => {
      const client = await newClient();
      await grant(client.id, '25');
      const booking = await book(client);
      world.setNow(new Date(MONDAY_9AM.getTime() + 60_000));
      const paid = await pay(client, booking.id, { amount: '15.00', creditAmount: '25' });
      expect(paid.status).toBe(200);
      expect(paid.body).toMatchObject({ payment: { amount: '15.00', last4: '4242' }, credit: '25.00', charge: { subtotal: '40.00', discount: '0.00', total: '40.00' } });
      expect(await answerSchemaMismatch(world.url, 'POST /api/payments/process', 200, paid.body)).toBeUndefined();
      expect(await balanceOf(client.id)).toBe('0.00');
      expect((await entriesOf(client.id)).map((e) => [e.reason, e.amount, e.bookingId])).toEqual([
        ['goodwill', '25.00', null],
        ['spent', '-25.00', booking.id],
      ]);
      const expected = { amount: '40.00', discount: '0.00', promoCode: null, credit: '25.00', card: '15.00', refunded: '0.00', refundedToCredit: '0.00' };
      const own = await client.call('GET', `/bookings/${booking.id}`);
      expect(own.body).toMatchObject({ totalAmount: '40.00', paymentStatus: 'paid', paid: expected });
      expect(await answerSchemaMismatch(world.url, 'GET /api/bookings/{id}', 200, own.body)).toBeUndefined();
      expect((await world.get(`/bookings/${booking.id}`, 'provider')).body.paid).toEqual(expected);
      const list = await client.call('GET', `/bookings/client/${client.id}?tab=upcoming`);
      expect(list.body.bookings.find((b: { id: string }) => b.id === booking.id).paid).toEqual(expected);
      const history = await client.call('GET', '/credit');
      expect(history.body.entries.items[0]).toMatchObject({ reason: 'spent', amount: '-25.00', bookingNumber: expect.stringMatching(/^KH-/) });
    });

    it('needs no card when credit covers the whole (discounted) total', async () => {
      const client = await newClient();
      await createCode({ code: 'CREDITTEN', value: 10 });
      await grant(client.id, '50');
      const booking = await book(client);
      const paid = await client.call('POST', '/payments/process', { bookingId: booking.id, amount: 0, creditAmount: '36.00', paymentMethod: 'card', promoCode: 'creditten' });
      expect(paid.status).toBe(200);
      expect(paid.body).toMatchObject({ payment: { amount: '0.00', last4: null }, credit: '36.00', charge: { discount: '4.00', total: '36.00', promoCode: 'CREDITTEN' } });
      expect(await balanceOf(client.id)).toBe('14.00');
      expect((await client.call('GET', `/bookings/${booking.id}`)).body.paid).toEqual({
        amount: '36.00', discount: '4.00', promoCode: 'CREDITTEN', credit: '36.00', card: '0.00', refunded: '0.00', refundedToCredit: '0.00',
      });
    });

    it('refuses more credit than the balance or the total, and a wrong card amount, spending and charging nothing', async () => {
      const client = await newClient();
      await grant(client.id, '10');
      const booking = await book(client);
      const short = await pay(client, booking.id, { amount: '20.00', creditAmount: '20' });
      expect(short.status).toBe(422);
      expect(short.body).toMatchObject({ code: 'credit_insufficient', params: { balance: '10.00' } });
      const tooMuch = await pay(client, booking.id, { amount: '0', creditAmount: '45' });
      expect(tooMuch.status).toBe(400);
      expect(tooMuch.body).toMatchObject({ code: 'validation_failed', fields: { creditAmount: 'max' } });
      const mismatch = await pay(client, booking.id, { amount: '40.00', creditAmount: '10' });
      expect(mismatch.status).toBe(409);
      expect(mismatch.body).toMatchObject({ code: 'amount_mismatch', params: { expected: '30.00' } });
      // Without credit to cover it, a zero amount still needs a card.
      const noCard = await client.call('POST', '/payments/process', { bookingId: booking.id, amount: 0, paymentMethod: 'card' });
      expect(noCard.status).toBe(400);
      expect(await balanceOf(client.id)).toBe('10.00');
      expect(await world.dataSource.getRepository(Payment).countBy({ bookingId: booking.id })).toBe(0);
    });

    it('spends no credit when the card is declined', async () => {
      const client = await newClient();
      await grant(client.id, '10');
      const booking = await book(client);
      const declined = await pay(client, booking.id, { amount: '30.00', creditAmount: '10', cardDetails: DECLINED_CARD });
      expect(declined.status).toBe(402);
      expect(await balanceOf(client.id)).toBe('10.00');
      expect(await entriesOf(client.id)).toHaveLength(1);
      expect((await client.call('GET', `/bookings/${booking.id}`)).body).toMatchObject({ paymentStatus: 'failed', paid: null });
    });

    it('spends credit once for simultaneous retries with one Idempotency-Key; the key with other credit is refused', async () => {
      const client = await newClient();
      await grant(client.id, '30');
      const booking = await book(client);
      const key = randomUUID();
      const answers = await Promise.all(Array.from({ length: 5 }, () => pay(client, booking.id, { amount: '10.00', creditAmount: '30' }, key)));
      expect(answers.map((a) => a.status)).toEqual(Array(5).fill(200));
      expect(new Set(answers.map((a) => a.body.payment.id)).size).toBe(1);
      expect(await balanceOf(client.id)).toBe('0.00');
      expect((await entriesOf(client.id)).filter((e) => e.reason === 'spent')).toHaveLength(1);
      const other = await pay(client, booking.id, { amount: '20.00', creditAmount: '20' }, key);
      expect(other.status).toBe(422);
      expect(other.body.code).toBe('idempotency_key_reused');
    }, 60_000);
  });

  describe('refunds', () => {
    it('refunds what was paid after a promo discount: the credit part back to credit, the card part to the card by default', async () => {
      const client = await newClient();
      await createCode({ code: 'REFUNDTEN', value: 10 });
      await grant(client.id, '10');
      const booking = await book(client);
      world.setNow(new Date(MONDAY_9AM.getTime() + 60_000));
      expect((await pay(client, booking.id, { amount: '26.00', creditAmount: '10', promoCode: 'refundten' })).status).toBe(200);
      world.setNow(new Date(MONDAY_9AM.getTime() + 120_000));
      const cancelled = await client.call('POST', `/bookings/${booking.id}/cancel`, { cancellationReason: REASON });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.refund).toEqual({ amount: '36.00', toCard: '26.00', toCredit: '10.00' });
      expect(cancelled.body.paid).toMatchObject({ amount: '36.00', discount: '4.00', credit: '10.00', card: '26.00', refunded: '36.00', refundedToCredit: '10.00' });
      expect(await answerSchemaMismatch(world.url, 'POST /api/bookings/{id}/cancel', 200, cancelled.body)).toBeUndefined();
      expect(await balanceOf(client.id)).toBe('10.00');
      expect((await entriesOf(client.id)).map((e) => [e.reason, e.amount])).toEqual([
        ['goodwill', '10.00'],
        ['spent', '-10.00'],
        ['spend_reversed', '10.00'],
      ]);
    });

    it('refunds the whole paid amount to credit at once when the client chooses so', async () => {
      const client = await newClient();
      await createCode({ code: 'TOCREDIT', value: 10 });
      const booking = await book(client);
      expect((await pay(client, booking.id, { amount: '36.00', promoCode: 'tocredit' })).status).toBe(200);
      const refused = await client.call('POST', `/bookings/${booking.id}/cancel`, { cancellationReason: REASON, refundTo: 'wallet' });
      expect(refused.status).toBe(400);
      const cancelled = await client.call('POST', `/bookings/${booking.id}/cancel`, { cancellationReason: REASON, refundTo: 'credit' });
      expect(cancelled.body.refund).toEqual({ amount: '36.00', toCard: '0.00', toCredit: '36.00' });
      expect(await balanceOf(client.id)).toBe('36.00');
      expect((await entriesOf(client.id)).map((e) => [e.reason, e.amount, e.bookingId])).toEqual([['refund', '36.00', booking.id]]);
      // The credit pays the next booking in full.
      const next = await book(client);
      expect((await pay(client, next.id, { amount: '4.00', creditAmount: '36' })).status).toBe(200);
      expect(await balanceOf(client.id)).toBe('0.00');
    });

    it('gives the credit part back to credit when the provider declines a paid booking', async () => {
      const client = await newClient();
      await grant(client.id, '15');
      const booking = await book(client);
      expect((await pay(client, booking.id, { amount: '25.00', creditAmount: '15' })).status).toBe(200);
      const declined = await world.post(`/bookings/${booking.id}/decline`, 'provider', { reason: 'Away that week' });
      expect(declined.status).toBe(200);
      expect(declined.body.refund).toEqual({ amount: '40.00', toCard: '25.00', toCredit: '15.00' });
      expect(await balanceOf(client.id)).toBe('15.00');
    });

    it('refunds part of a booking paid with card and credit card-first (a dispute’s partial refund), the rest later from the credit part', async () => {
      const client = await newClient();
      await grant(client.id, '15');
      const booking = await book(client);
      expect((await pay(client, booking.id, { amount: '25.00', creditAmount: '15' })).status).toBe(200);
      const first = await world.dataSource.transaction(async (manager) => {
        const row = await manager.findOneByOrFail(Booking, { id: booking.id });
        const done = await refundPayment(manager, row, MONDAY_9AM, { amount: '30.00' });
        await manager.save(row);
        return done;
      });
      expect(first).toMatchObject({ amount: '30.00', toCard: '25.00', toCredit: '5.00', full: false });
      expect(await world.dataSource.getRepository(Payment).findOneByOrFail({ bookingId: booking.id })).toMatchObject({ status: 'succeeded', refundedAmount: '25.00' });
      expect(await world.dataSource.getRepository(Booking).findOneByOrFail({ id: booking.id })).toMatchObject({ paymentStatus: 'paid', refundedAmount: '30.00', refundedToCredit: '5.00' });
      expect(await balanceOf(client.id)).toBe('5.00');

      const rest = await world.dataSource.transaction(async (manager) => {
        const row = await manager.findOneByOrFail(Booking, { id: booking.id });
        expect(refundable(row, await manager.findOneByOrFail(Payment, { bookingId: booking.id }))).toBe('10.00');
        const done = await refundPayment(manager, row, MONDAY_9AM);
        await manager.save(row);
        return done;
      });
      expect(rest).toMatchObject({ amount: '10.00', toCard: '0.00', toCredit: '10.00', full: true });
      expect(await world.dataSource.getRepository(Payment).findOneByOrFail({ bookingId: booking.id })).toMatchObject({ status: 'refunded', refundedAmount: '25.00' });
      expect(await world.dataSource.getRepository(Booking).findOneByOrFail({ id: booking.id })).toMatchObject({ paymentStatus: 'refunded', refundedAmount: '40.00', refundedToCredit: '15.00' });
      expect(await balanceOf(client.id)).toBe('15.00');
      expect(await ledgerSum(client.id)).toBe(15);
    });
  });

  describe('under concurrency', () => {
    it('lets exactly one of 10 simultaneous payments spend credit that covers one; the balance never goes negative', async () => {
      const client = await newClient();
      await grant(client.id, '40');
      const bookings: { id: string }[] = [];
      for (let i = 0; i < 10; i++) bookings.push(await book(client));
      const answers = await Promise.all(bookings.map((booking) => pay(client, booking.id, { amount: 0, creditAmount: '40' })));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 422).map((a) => a.body.code)).toEqual(Array(9).fill('credit_insufficient'));
      expect(await balanceOf(client.id)).toBe('0.00');
      expect(await ledgerSum(client.id)).toBe(0);
      const paid = await world.dataSource.getRepository(Booking).findBy({ clientId: client.id, paymentStatus: 'paid' });
      expect(paid).toHaveLength(1);
    }, 120_000);

    it('lets only one of simultaneous payments with different first-order codes by one new client succeed', async () => {
      const codes = ['FIRSTA', 'FIRSTB', 'FIRSTC', 'FIRSTD', 'FIRSTE', 'FIRSTF', 'FIRSTG', 'FIRSTH'];
      for (const code of codes) await createCode({ code, firstOrderOnly: true });
      for (let round = 0; round < 2; round++) {
        const client = await newClient();
        const bookings: { id: string }[] = [];
        for (const _code of codes) bookings.push(await book(client));
        const attempts = jest.spyOn(world.dataSource, 'transaction');
        const answers = await Promise.all(bookings.map((booking, i) => pay(client, booking.id, { amount: '36.00', promoCode: codes[i] })));
        // On MariaDB they queue on the client's balance row: no transaction was a deadlock victim run
        // again (without that lock, the locking reads of the client's payments deadlock). SQLite's
        // transactions take turns, and its inline job consumer runs transactions of its own.
        if (world.dataSource.options.type === 'mysql') expect(attempts).toHaveBeenCalledTimes(codes.length);
        attempts.mockRestore();
        expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
        expect(answers.filter((a) => a.status !== 200).map((a) => a.body.code)).toEqual(Array(codes.length - 1).fill('promo_first_order_only'));
      }
    }, 60_000);
  });
});
