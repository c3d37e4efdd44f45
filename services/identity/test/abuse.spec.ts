import type { INestApplication } from '@nestjs/common';
import { eventually, fetchJson, startSmtpPeer, type SmtpPeer } from '@khidma/nest-kit/testing';
import { decodeJwt } from 'jose';
import { Client, GOOD_PASSWORD, identityTestConfig, type IdentityTestConfig, mailTo, startIdentity, uniqueEmail } from './support.js';

const ADMIN_EMAIL = 'chief@khidma.test';
const RATE_LIMITED = { code: 'rate_limited', message: 'Too many requests. Please wait and try again.' };
const LOCKED = { code: 'too_many_attempts', message: 'Too many failed login attempts. Please try again later.' };

/** Issue 16's probe findings on identity, with the production allowances (RATE_LIMIT_SCALE 1). */
describe('identity abuse limits', () => {
  let smtp: SmtpPeer;
  let config: IdentityTestConfig;
  let app: INestApplication;
  let url: string;
  let next = 0;
  /** A client the gateway forwards for from its own address (as the gateway appends it). */
  const from = (ip?: string) => new Client(url, { 'x-forwarded-for': `10.1.1.1, ${ip ?? `198.51.100.${++next}`}` });
  const mailsTo = (to: string, template: string) =>
    smtp.mails.filter((mail) => mail.envelopeTo.includes(to) && mail.headers.get('x-khidma-template') === template).length;
  /** Waits for a mail sent after the others, so none of the earlier ones can still be on its way. */
  const settle = async () => {
    const marker = uniqueEmail('marker');
    await from().signUp(marker);
    await mailTo(smtp, marker, 'auth.verify_email');
  };

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    config = identityTestConfig({ SMTP_URL: smtp.url, ADMIN_EMAIL, RATE_LIMIT_SCALE: '1' });
    ({ app, url } = await startIdentity(config));
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await config?.cleanup();
  });

  const expectLimited = (response: { status: number; headers: Headers; body: any }, expected = RATE_LIMITED) => { // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(response.status).toBe(429);
    expect(response.body).toMatchObject(expected);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(response.body.params.retryAfterSeconds).toBe(retryAfter);
  };

  it('sign-up: 10 an hour from one address, then 429 with Retry-After, in Arabic when asked; other addresses go on', async () => {
    const ip = '203.0.113.10';
    for (let i = 0; i < 10; i++) expect((await from(ip).signUp(uniqueEmail('burst'))).status).toBe(201);
    expectLimited(await from(ip).signUp(uniqueEmail('burst')));
    const arabic = await from(ip).call('POST', '/api/auth/signup', { email: uniqueEmail('burst'), password: GOOD_PASSWORD }, { 'accept-language': 'ar' });
    expectLimited(arabic, { code: 'rate_limited', message: 'طلبات كثيرة جداً. يرجى الانتظار ثم المحاولة مرة أخرى.' });
    expect((await from('203.0.113.11').signUp(uniqueEmail('burst'))).status).toBe(201);
  });

  it('password reset: 3 an hour per address, answered alike whether or not an account uses it; at most 3 mails', async () => {
    const email = uniqueEmail('reset');
    await from().signUp(email);
    const nobody = uniqueEmail('nobody');
    for (const address of [email, nobody]) {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await from().call('POST', '/api/auth/password-reset', { email: address }));
      expect(answers.slice(0, 3).map((answer) => [answer.status, answer.body])).toEqual(
        Array(3).fill([202, { message: 'If an account uses this address, a reset link is on its way.' }]),
      );
      expectLimited(answers[3]!);
    }
    await eventually(() => mailsTo(email, 'auth.password_reset') === 3);
    await settle();
    expect(mailsTo(email, 'auth.password_reset')).toBe(3);
  });

  it('password reset: 10 an hour from one client address, over any addresses', async () => {
    const client = from('203.0.113.20');
    for (let i = 0; i < 10; i++) expect((await client.call('POST', '/api/auth/password-reset', { email: uniqueEmail('spray') })).status).toBe(202);
    expectLimited(await client.call('POST', '/api/auth/password-reset', { email: uniqueEmail('spray') }));
  });

  it('verification e-mail resend: 3 an hour per account; at most 3 more mails', async () => {
    const email = uniqueEmail('resend');
    const client = from();
    await client.signUp(email);
    await mailTo(smtp, email, 'auth.verify_email');
    for (let i = 0; i < 3; i++) expect((await client.call('POST', '/api/auth/verify-email/resend')).status).toBe(202);
    expectLimited(await client.call('POST', '/api/auth/verify-email/resend'));
    await eventually(() => mailsTo(email, 'auth.verify_email') === 4);
    await settle();
    expect(mailsTo(email, 'auth.verify_email')).toBe(4);
  });

  it('emergency admin link: 3 an hour per address, answered alike for any address; at most 3 mails to the admin', async () => {
    const admin = from();
    await admin.signUp(ADMIN_EMAIL);
    const { token } = await mailTo(smtp, ADMIN_EMAIL, 'auth.verify_email');
    expect((await admin.call('POST', '/api/auth/verify-email', { token })).status).toBe(200);
    for (const address of [ADMIN_EMAIL, uniqueEmail('not-admin')]) {
      for (let i = 0; i < 3; i++) expect((await from().call('POST', '/api/auth/direct-admin-login', { email: address })).status).toBe(202);
      expectLimited(await from().call('POST', '/api/auth/direct-admin-login', { email: address }));
    }
    await eventually(() => mailsTo(ADMIN_EMAIL, 'auth.admin_link') === 3);
    await settle();
    expect(mailsTo(ADMIN_EMAIL, 'auth.admin_link')).toBe(3);
  });

  it('publishes no fingerprint of the admin address', async () => {
    const { status, body } = await fetchJson(`${url}/api/auth/direct-admin-login/config`);
    expect(status).toBe(404);
    expect(JSON.stringify(body)).not.toMatch(/[0-9a-f]{64}/);
  });

  describe('failed sign-ins', () => {
    it('hold the guessing address back after 5 failures, the right password included there, while the owner signs in from elsewhere', async () => {
      const email = uniqueEmail('victim');
      await from().signUp(email);
      const attacker = '192.0.2.66';
      for (let i = 0; i < 5; i++) expect((await from(attacker).signIn(email, 'wrong-Passw0rd!')).status).toBe(401);
      const held = await from(attacker).signIn(email);
      expectLimited(held, LOCKED);
      // The first hold is a minute; each further one within a day doubles it.
      expect(held.body.params.retryAfterSeconds).toBeLessThanOrEqual(60);
      expect((await from('192.0.2.67').signIn(email)).status).toBe(200);
    });

    it('the e-mailed password-reset link ends the hold, even from the guessing address', async () => {
      const email = uniqueEmail('shared-nat');
      await from().signUp(email);
      const office = '192.0.2.80';
      for (let i = 0; i < 5; i++) await from(office).signIn(email, 'wrong-Passw0rd!');
      expectLimited(await from(office).signIn(email), LOCKED);
      expect((await from(office).call('POST', '/api/auth/password-reset', { email })).status).toBe(202);
      const { token } = await mailTo(smtp, email, 'auth.password_reset');
      const renewed = 'Renewed-Passw0rd!z';
      expect((await from(office).call('POST', '/api/auth/password-reset/confirm', { token, password: renewed })).status).toBe(204);
      expect((await from(office).signIn(email, renewed)).status).toBe(200);
    });

    it('limit an address after 20 failures, whatever the accounts; a forged left-most entry does not escape', async () => {
      for (let i = 0; i < 20; i++) expect((await from('203.0.113.50').signIn(uniqueEmail('spray'))).status).toBe(404);
      expectLimited(await from('203.0.113.50').signIn(uniqueEmail('spray')), LOCKED);
      expect((await from('203.0.113.51').signIn(uniqueEmail('spray'))).status).toBe(404);
      const forged = await new Client(url, { 'x-forwarded-for': '1.2.3.4, 203.0.113.50' }).signIn(uniqueEmail('spray'));
      expect(forged.status).toBe(429);
    });
  });

  it('access tokens say whether the e-mail is verified (booking caps unverified accounts)', async () => {
    const email = uniqueEmail('claim');
    const client = from();
    expect(decodeJwt((await client.signUp(email)).body.accessToken).email_verified).toBe(false);
    const { token } = await mailTo(smtp, email, 'auth.verify_email');
    await client.call('POST', '/api/auth/verify-email', { token });
    expect(decodeJwt((await client.signIn(email)).body.accessToken).email_verified).toBe(true);
  });
});
