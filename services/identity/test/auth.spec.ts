import { Controller, Get, type INestApplication } from '@nestjs/common';
import { JWT_AUDIENCE, JWT_ISSUER, REFRESH_COOKIE } from '@khidma/contracts';
import { AuthModule, type AuthUser, CoreModule, CurrentUser, Public, Roles } from '@khidma/nest-kit';
import { eventually, fetchJson, startSmtpPeer, startTestApp, type SmtpPeer, usingRedis } from '@khidma/nest-kit/testing';
import { Module } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { decodeJwt, generateKeyPair, importJWK, type JWK, SignJWT, UnsecuredJWT } from 'jose';
import { keyFilePath } from '../src/keys/signing-keys.js';
import { ADMIN_LINK_ACCEPTED } from '../src/auth/auth.controller.js';
import { Client, GOOD_PASSWORD, identityTestConfig, type IdentityTestConfig, mailTo, refreshCookie, startIdentity, uniqueEmail } from './support.js';

const ADMIN_EMAIL = 'boss@khidma.test';

describe('accounts API', () => {
  let smtp: SmtpPeer;
  let config: IdentityTestConfig;
  let app: INestApplication;
  let url: string;
  /** A signed-in admin, made the only way there is: the ADMIN_EMAIL account verifying its address. */
  let admin: Client;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    config = identityTestConfig({ SMTP_URL: smtp.url, ADMIN_EMAIL, PUBLIC_URL: 'https://khidma.example' });
    ({ app, url } = await startIdentity(config));
    admin = new Client(url);
    await admin.signUp(ADMIN_EMAIL);
    const { token } = await mailTo(smtp, ADMIN_EMAIL, 'auth.verify_email');
    expect((await admin.call('POST', '/api/auth/verify-email', { token })).body.user.role).toBe('admin');
    await admin.signIn(ADMIN_EMAIL);
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await config?.cleanup();
  });

  describe('sign-up', () => {
    it('creates a client account, signs it in and sets the refresh cookie', async () => {
      const client = new Client(url);
      const email = uniqueEmail('new');
      const { status, body, headers } = await client.signUp(email.toUpperCase(), GOOD_PASSWORD, { language: 'ar' });
      expect(status).toBe(201);
      expect(body).toMatchObject({
        expiresIn: 900,
        user: { email, emailVerified: false, role: 'client', isActive: true, language: 'ar', firstName: 'Test', profileImageUrl: null },
      });
      const claims = decodeJwt(body.accessToken);
      expect(claims).toMatchObject({ sub: body.user.id, role: 'client', email, iss: JWT_ISSUER, aud: JWT_AUDIENCE });
      expect(claims.exp! - claims.iat!).toBe(900);
      const line = headers.getSetCookie().find((c) => c.startsWith(`${REFRESH_COOKIE}=`))!;
      expect(line).toMatch(/HttpOnly/);
      expect(line).toMatch(/SameSite=Strict/);
      expect(line).toMatch(/Path=\/api\/auth(;|$)/);
      expect(line).toMatch(/Max-Age=2592000/);
      expect(line).toMatch(/Secure/); // PUBLIC_URL is https here
      expect(line.split(';')[0]!.length).toBeGreaterThan(`${REFRESH_COOKIE}=`.length + 40);
      expect(body).not.toHaveProperty('refreshToken');

      const me = await client.call('GET', '/api/auth/me');
      expect(me.status).toBe(200);
      expect(me.body.user).toEqual(body.user);
      expect(me.headers.get('cache-control')).toBe('no-store');
      expect((await client.call('GET', '/api/auth/me-firebase')).body.user.id).toBe(body.user.id);
    });

    it('refuses an address already in use, in any letter case', async () => {
      const email = uniqueEmail('taken');
      expect((await new Client(url).signUp(email)).status).toBe(201);
      const again = await new Client(url).signUp(email.toUpperCase(), 'another-Passw0rd!');
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'email_in_use', message: 'Email already in use. Try logging in.' });
    });

    it.each([
      ['not-an-email', 'invalid_email'],
      ['a@b', 'invalid_email'],
    ])('refuses the e-mail %s', async (email, code) => {
      const { status, body } = await new Client(url).signUp(email);
      expect(status).toBe(400);
      expect(body).toMatchObject({ code, message: 'Invalid email format' });
    });

    it('takes passwords of 8 to 128 characters, refuses 7 and 129', async () => {
      const short = await new Client(url).signUp(uniqueEmail(), 'x7#Kq2!');
      expect(short.status).toBe(400);
      expect(short.body).toMatchObject({ code: 'weak_password', params: { min: 8, max: 128 } });
      const long = await new Client(url).signUp(uniqueEmail(), `${'x9#Kq2!a'.repeat(16)}z`);
      expect(long.body.code).toBe('weak_password');
      expect((await new Client(url).signUp(uniqueEmail(), 'x9#Kq2!a'.repeat(16))).status).toBe(201);
      expect((await new Client(url).signUp(uniqueEmail(), 'x9#Kq2!a')).status).toBe(201);
    });

    it.each(['password123', 'Password123', 'iloveyou', 'qwertyuiop'])('refuses the common password %s', async (password) => {
      const { status, body } = await new Client(url).signUp(uniqueEmail(), password);
      expect(status).toBe(400);
      expect(body.code).toBe('common_password');
    });

    it('refuses fields it does not know, such as a role', async () => {
      const { status, body } = await new Client(url).signUp(uniqueEmail(), GOOD_PASSWORD, { role: 'admin' });
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: 'validation_failed', fields: { role: 'whitelistValidation' } });
    });
  });

  describe('e-mail verification', () => {
    it('mails a link in the user language; the link verifies once', async () => {
      const client = new Client(url);
      const email = uniqueEmail('verify');
      await client.signUp(email, GOOD_PASSWORD, { language: 'ar' });
      const { mail, link, token } = await mailTo(smtp, email, 'auth.verify_email');
      expect(mail.subject).toBe('أكّد بريدك الإلكتروني في خدمة');
      expect(mail.headers.get('content-language')).toBe('ar');
      expect(link).toBe(`https://khidma.example/verify-email?token=${token}`);

      const verified = await client.call('POST', '/api/auth/verify-email', { token });
      expect(verified.status).toBe(200);
      expect(verified.body.user).toMatchObject({ email, emailVerified: true, role: 'client' });
      const reused = await client.call('POST', '/api/auth/verify-email', { token });
      expect(reused.status).toBe(400);
      expect(reused.body.code).toBe('invalid_token');
      expect((await client.call('POST', '/api/auth/verify-email', { token: 'made-up' })).body.code).toBe('invalid_token');
    });

    it('resends the mail for the signed-in user only', async () => {
      const client = new Client(url);
      const email = uniqueEmail('resend');
      await client.signUp(email);
      await mailTo(smtp, email, 'auth.verify_email');
      expect((await new Client(url).call('POST', '/api/auth/verify-email/resend')).status).toBe(401);
      expect((await client.call('POST', '/api/auth/verify-email/resend')).status).toBe(202);
      await eventually(() => smtp.mails.filter((m) => m.envelopeTo.includes(email)).length === 2);
      const english = smtp.mails.find((m) => m.envelopeTo.includes(email))!;
      expect(english.subject).toBe('Confirm your e-mail address for Khidma');
    });
  });

  describe('e-mail sign-in', () => {
    let email: string;
    beforeAll(async () => {
      email = uniqueEmail('signin');
      await new Client(url).signUp(email);
    });

    it('signs in with the right password, in any letter case of the address', async () => {
      const client = new Client(url);
      const { status, body } = await client.signIn(email.toUpperCase());
      expect(status).toBe(200);
      expect(body.user.email).toBe(email);
      expect(client.cookie).toBeDefined();
    });

    it('answers the spec messages for a wrong password, an unknown account and a malformed address', async () => {
      const wrong = await new Client(url, { 'x-forwarded-for': '198.51.100.1' }).signIn(email, 'wrong-Passw0rd!');
      expect(wrong.status).toBe(401);
      expect(wrong.body).toMatchObject({ code: 'invalid_credentials', message: 'Invalid email or password' });
      const unknown = await new Client(url, { 'x-forwarded-for': '198.51.100.1' }).signIn(uniqueEmail('nobody'));
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ code: 'account_not_found', message: 'Account not found. Please sign up.' });
      const malformed = await new Client(url).signIn('nope');
      expect(malformed.status).toBe(400);
      expect(malformed.body.code).toBe('invalid_email');
      const missing = await fetchJson(`${url}/api/auth/login`, { method: 'POST', json: { email } });
      expect(missing.status).toBe(400);
      expect(Object.keys(missing.body.fields)).toEqual(['password']);
    });
  });

  // Failed sign-in limits: abuse.spec.ts (with the production allowances).

  describe('refresh tokens', () => {
    it('rotate on every refresh; a replayed token revokes the whole family', async () => {
      const client = new Client(url);
      await client.signUp(uniqueEmail('rotate'));
      const first = client.cookie!;
      const firstAccess = client.accessToken!;
      const refreshed = await client.call('POST', '/api/auth/refresh');
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.user.email).toContain('rotate.');
      const second = client.cookie!;
      expect(second).not.toBe(first);
      expect(decodeJwt(refreshed.body.accessToken).sid).toBe(decodeJwt(firstAccess).sid);

      // Presented from another browser: a replay, even moments after the exchange.
      const thief = new Client(url, { 'user-agent': 'another browser' });
      thief.cookie = first;
      const replay = await thief.call('POST', '/api/auth/refresh');
      expect(replay.status).toBe(401);
      expect(replay.headers.getSetCookie().join()).toMatch(/khidma_refresh=;/);
      // The family is gone: the legitimate holder's newer token and its access tokens too.
      const after = await client.call('POST', '/api/auth/refresh');
      expect(after.status).toBe(401);
      const holder = new Client(url);
      holder.accessToken = refreshed.body.accessToken;
      expect((await holder.call('GET', '/api/auth/me')).status).toBe(401);
    });

    it('a client whose refresh answer was lost presents the old token again: it gets a new successor, and the lost one is a replay', async () => {
      const client = new Client(url);
      await client.signUp(uniqueEmail('lost'));
      const first = client.cookie!;
      const { sid } = decodeJwt(client.accessToken!);
      // The page was left while this answer was on its way: the browser never stored its cookie.
      expect((await client.call('POST', '/api/auth/refresh')).status).toBe(200);
      const lost = client.cookie!;
      client.cookie = first;

      const retried = await client.call('POST', '/api/auth/refresh');
      expect(retried.status).toBe(200);
      expect(decodeJwt(retried.body.accessToken).sid).toBe(sid);
      const current = client.cookie!;
      expect([first, lost]).not.toContain(current);
      // The family still has one live token: the lost one, presented after all, revokes the family.
      const stale = new Client(url);
      stale.cookie = lost;
      expect((await stale.call('POST', '/api/auth/refresh')).status).toBe(401);
      expect((await client.call('POST', '/api/auth/refresh')).status).toBe(401);
    });

    it('tabs restored at once, refreshing with one token, all stay signed in', async () => {
      const tabs = new Client(url);
      await tabs.signUp(uniqueEmail('tabs'));
      const arrived: string[] = [];
      await Promise.all(
        [0, 1, 2, 3].map(async () => {
          const answer = await fetchJson(`${url}/api/auth/refresh`, { method: 'POST', headers: { cookie: tabs.cookie! } });
          expect(answer.status).toBe(200);
          arrived.push(refreshCookie(answer.headers)!.pair);
        }),
      );
      // The browser keeps the cookie of the answer that came last; the others were retired.
      const browser = new Client(url);
      browser.cookie = arrived.at(-1);
      expect((await browser.call('POST', '/api/auth/refresh')).status).toBe(200);
      const retired = new Client(url);
      retired.cookie = arrived[0];
      expect((await retired.call('POST', '/api/auth/refresh')).status).toBe(401);
    });

    it('the old token is a replay once its successor was used, from another browser, or after the retry window', async () => {
      const used = new Client(url);
      await used.signUp(uniqueEmail('used'));
      const first = used.cookie!;
      expect((await used.call('POST', '/api/auth/refresh')).status).toBe(200);
      expect((await used.call('POST', '/api/auth/refresh')).status).toBe(200);
      const again = new Client(url);
      again.cookie = first;
      expect((await again.call('POST', '/api/auth/refresh')).status).toBe(401);
      expect((await used.call('POST', '/api/auth/refresh')).status).toBe(401);

      const short = identityTestConfig({ REFRESH_RETRY_SECONDS: '1' });
      const shortApp = await startIdentity(short);
      try {
        const late = new Client(shortApp.url);
        await late.signUp(uniqueEmail('late'));
        const old = late.cookie!;
        expect((await late.call('POST', '/api/auth/refresh')).status).toBe(200);
        const kept = late.cookie!;
        await new Promise((resolve) => setTimeout(resolve, 1_100));
        late.cookie = old;
        expect((await late.call('POST', '/api/auth/refresh')).status).toBe(401);
        late.cookie = kept;
        expect((await late.call('POST', '/api/auth/refresh')).status).toBe(401);
      } finally {
        await shortApp.app.close();
        await short.cleanup();
      }
    });

    it('answers 204 without a cookie (a visitor who never signed in) and 401 with an unknown one', async () => {
      const anonymous = await new Client(url).call('POST', '/api/auth/refresh');
      expect(anonymous.status).toBe(204);
      expect(anonymous.headers.getSetCookie()).toEqual([]);
      const client = new Client(url);
      client.cookie = `${REFRESH_COOKIE}=made-up`;
      expect((await client.call('POST', '/api/auth/refresh')).body.code).toBe('unauthorized');
    });

    it('logout revokes the session and clears the cookie', async () => {
      const client = new Client(url);
      await client.signUp(uniqueEmail('logout'));
      const cookie = client.cookie!;
      const access = client.accessToken!;
      const out = await client.call('POST', '/api/auth/logout');
      expect(out.status).toBe(204);
      expect(out.headers.getSetCookie().join()).toMatch(/khidma_refresh=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
      const again = new Client(url);
      again.cookie = cookie;
      expect((await again.call('POST', '/api/auth/refresh')).status).toBe(401);
      again.accessToken = access;
      expect((await again.call('GET', '/api/auth/me')).status).toBe(401);
      expect((await new Client(url).call('POST', '/api/auth/logout')).status).toBe(204);
    });
  });

  describe('password reset', () => {
    it('mails a single-use link that sets a new password and ends every session', async () => {
      const email = uniqueEmail('reset');
      const device1 = new Client(url);
      await device1.signUp(email);
      const device2 = new Client(url);
      await device2.signIn(email);

      const requested = await new Client(url).call('POST', '/api/auth/password-reset', { email: email.toUpperCase() });
      const unknown = await new Client(url).call('POST', '/api/auth/password-reset', { email: uniqueEmail('ghost') });
      expect(requested.status).toBe(202);
      expect(unknown.status).toBe(202);
      expect(unknown.body).toEqual(requested.body);

      const { mail, link, token } = await mailTo(smtp, email, 'auth.password_reset');
      expect(mail.subject).toBe('Reset your Khidma password');
      expect(link).toBe(`https://khidma.example/reset-password?token=${token}`);
      expect(mail.text).toContain('30 minutes');

      const common = await new Client(url).call('POST', '/api/auth/password-reset/confirm', { token, password: 'password1' });
      expect(common.body.code).toBe('common_password');
      const confirmed = await new Client(url).call('POST', '/api/auth/password-reset/confirm', { token, password: 'Brand-new-Passw0rd' });
      expect(confirmed.status).toBe(204);
      const reused = await new Client(url).call('POST', '/api/auth/password-reset/confirm', { token, password: 'Other-new-Passw0rd' });
      expect(reused.status).toBe(400);
      expect(reused.body.code).toBe('invalid_token');

      for (const device of [device1, device2]) {
        expect((await device.call('GET', '/api/auth/me')).status).toBe(401);
        expect((await device.call('POST', '/api/auth/refresh')).status).toBe(401);
      }
      expect((await new Client(url).signIn(email)).status).toBe(401);
      expect((await new Client(url).signIn(email, 'Brand-new-Passw0rd')).status).toBe(200);
      await eventually(() => smtp.mails.some((m) => m.envelopeTo.includes(email)));
      expect(smtp.mails.filter((m) => m.headers.get('x-khidma-template') === 'auth.password_reset' && !m.envelopeTo.includes(email)).map((m) => m.envelopeTo)).toEqual([]);
    });
  });

  describe('access tokens', () => {
    let victim: Client;
    let claims: Record<string, unknown>;
    beforeAll(async () => {
      victim = new Client(url);
      await victim.signUp(uniqueEmail('jwt'));
      claims = decodeJwt(victim.accessToken!);
    });

    const meWith = async (token: string) => (await fetchJson(`${url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })).status;

    it('accepts the real token', async () => {
      expect(await meWith(victim.accessToken!)).toBe(200);
    });

    it('refuses alg none, a foreign key, HS256 with the public key, wrong audience or issuer, expiry and garbage', async () => {
      const { privateKey } = await generateKeyPair('ES256');
      const { kid } = JSON.parse(Buffer.from(victim.accessToken!.split('.')[0]!, 'base64url').toString()) as { kid: string };
      const { iat: _iat, exp: _exp, ...rest } = claims;
      const forge = (overrides: Record<string, unknown> = {}, expires = '10m') =>
        new SignJWT({ ...rest, ...overrides })
          .setProtectedHeader({ alg: 'ES256', kid })
          .setIssuedAt()
          .setExpirationTime(expires)
          .sign(privateKey);
      expect(await meWith(new UnsecuredJWT({ ...claims }).encode())).toBe(401);
      expect(await meWith(await forge())).toBe(401);
      const jwks = (await fetchJson(`${url}/.well-known/jwks.json`)).body;
      const hmacKey = new TextEncoder().encode(JSON.stringify(jwks.keys[0]));
      const hs = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', kid }).sign(hmacKey);
      expect(await meWith(hs)).toBe(401);
      expect(await meWith(`${victim.accessToken!.slice(0, -4)}AAAA`)).toBe(401);
      expect(await meWith('not.a.token')).toBe(401);

      // Identity's own key: only the claims are wrong (the key file is DATA_DIR/keys in development).
      const [stored] = JSON.parse(readFileSync(keyFilePath(config.DATA_DIR), 'utf8')) as JWK[];
      const ourKey = await importJWK(stored!, 'ES256');
      const sign = (issuer: string, audience: string, expires: number) =>
        new SignJWT({ ...rest })
          .setProtectedHeader({ alg: 'ES256', kid })
          .setIssuer(issuer)
          .setAudience(audience)
          .setIssuedAt(expires - 900)
          .setExpirationTime(expires)
          .sign(ourKey);
      const inTenMinutes = Math.floor(Date.now() / 1000) + 600;
      expect(await meWith(await sign(JWT_ISSUER, JWT_AUDIENCE, inTenMinutes))).toBe(200);
      expect(await meWith(await sign(JWT_ISSUER, 'someone-else', inTenMinutes))).toBe(401);
      expect(await meWith(await sign('https://evil.example', JWT_AUDIENCE, inTenMinutes))).toBe(401);
      expect(await meWith(await sign(JWT_ISSUER, JWT_AUDIENCE, Math.floor(Date.now() / 1000) - 60))).toBe(401);
    });

    it('publishes the public key only', async () => {
      const { body, headers } = await fetchJson(`${url}/.well-known/jwks.json`);
      expect(headers.get('cache-control')).toMatch(/max-age=60/);
      expect(body.keys).toHaveLength(1);
      expect(body.keys[0]).toEqual({ kty: 'EC', crv: 'P-256', x: expect.any(String), y: expect.any(String), kid: expect.any(String), alg: 'ES256', use: 'sig' });
    });
  });

  describe('admin without back doors', () => {
    it('gives nothing for the admin e-mail header, flags or an unverified admin address', async () => {
      const client = new Client(url, { 'x-is-admin-email': 'true' });
      await client.signUp(uniqueEmail('pretender'));
      const listed = await client.call('GET', '/api/admin/users', undefined, { 'x-khidma-role': 'admin' });
      expect(listed.status).toBe(403);
      const setup = await client.call('POST', '/api/auth/setup-admin', { email: ADMIN_EMAIL });
      expect(setup.status).toBe(403);
      expect(setup.body.code).toBe('not_admin_email');
      const flagged = await client.call('POST', '/api/auth/login', { email: 'x@y.z', password: 'whatever-1', adminDirectAccess: true });
      expect(flagged.status).toBe(400);
      expect((await client.call('GET', '/api/auth/me')).body.user.role).toBe('client');
    });

    it('promotes the ADMIN_EMAIL account through setup-admin only once its address is verified', async () => {
      const adminEmail = uniqueEmail('second-admin');
      const other = identityTestConfig({ SMTP_URL: smtp.url, ADMIN_EMAIL: adminEmail });
      const second = await startIdentity(other);
      try {
        const client = new Client(second.url);
        await client.signUp(adminEmail);
        expect((await client.call('POST', '/api/auth/setup-admin', {})).body.code).toBe('not_admin_email');
        const { token } = await mailTo(smtp, adminEmail, 'auth.verify_email');
        // Straight to the database flag, not through verify-email, so setup-admin is what promotes.
        const { DataSource } = await import('typeorm');
        await second.app.get(DataSource).query('UPDATE one_time_tokens SET usedAt = expiresAt WHERE purpose = ?', ['verify_email']);
        expect((await client.call('POST', '/api/auth/verify-email', { token })).status).toBe(400);
        await second.app.get(DataSource).query('UPDATE users SET emailVerifiedAt = createdAt');
        const setup = await client.call('POST', '/api/auth/setup-admin', { email: adminEmail });
        expect(setup.status).toBe(200);
        expect(setup.body.user.role).toBe('admin');
        expect((await client.call('GET', '/api/admin/users')).status).toBe(200);
      } finally {
        await second.app.close();
        await other.cleanup();
      }
    });

    it('mails the emergency admin link only to the verified ADMIN_EMAIL account, always answering alike', async () => {
      const before = smtp.mails.length;
      const someone = await new Client(url).call('POST', '/api/auth/direct-admin-login', { email: 'someone@example.test', timestamp: Date.now() });
      expect(someone.status).toBe(202);
      expect(someone.body).toEqual(ADMIN_LINK_ACCEPTED);
      const asked = await new Client(url).call('POST', '/api/auth/direct-admin-login', { email: ADMIN_EMAIL.toUpperCase(), timestamp: Date.now() });
      expect(asked.status).toBe(202);
      expect(asked.body).toEqual(ADMIN_LINK_ACCEPTED);
      const { mail, link, token } = await mailTo(smtp, ADMIN_EMAIL, 'auth.admin_link');
      expect(smtp.mails.slice(before).filter((m) => m.envelopeTo.includes('someone@example.test'))).toEqual([]);
      expect(link).toBe(`https://khidma.example/admin-access?token=${token}`);
      expect(mail.text).toContain('10 minutes');

      const browser = new Client(url);
      const consumed = await browser.call('POST', '/api/auth/admin-link/consume', { token });
      expect(consumed.status).toBe(200);
      expect(consumed.body.user).toMatchObject({ email: ADMIN_EMAIL, role: 'admin' });
      expect(browser.cookie).toBeDefined();
      expect((await browser.call('GET', '/api/admin/users')).status).toBe(200);
      const reused = await new Client(url).call('POST', '/api/auth/admin-link/consume', { token });
      expect(reused.status).toBe(400);
      expect(reused.body.code).toBe('invalid_token');
    });
  });

  describe('admin users', () => {
    it('lists and searches users by e-mail, first and last name, paged, for admins only', async () => {
      const tag = Math.random().toString(36).slice(2, 8);
      await new Client(url).signUp(uniqueEmail(`zed${tag}`), GOOD_PASSWORD, { firstName: 'Layla', lastName: `Haddad${tag}` });
      await new Client(url).signUp(uniqueEmail('other'), GOOD_PASSWORD, { firstName: `Omar${tag}`, lastName: 'Saleh' });

      const byEmail = await admin.call('GET', `/api/admin/users?search=zed${tag}`);
      expect(byEmail.status).toBe(200);
      expect(byEmail.body).toMatchObject({ total: 1, page: 1, limit: 20 });
      expect(byEmail.body.users[0].lastName).toBe(`Haddad${tag}`);
      expect((await admin.call('GET', `/api/admin/users?search=omar${tag.toUpperCase()}`)).body.users.map((u: { firstName: string }) => u.firstName)).toEqual([`Omar${tag}`]);
      expect((await admin.call('GET', `/api/admin/users?search=haddad${tag}`)).body.total).toBe(1);
      expect((await admin.call('GET', '/api/admin/users?search=%25')).body.total).toBe(0);

      const all = await admin.call('GET', '/api/admin/users?limit=2&page=2');
      expect(all.body.users).toHaveLength(2);
      expect(all.body.total).toBeGreaterThan(4);
      expect((await admin.call('GET', '/api/admin/users?limit=500')).status).toBe(400);

      const client = new Client(url);
      await client.signUp(uniqueEmail('nosy'));
      expect((await client.call('GET', '/api/admin/users')).status).toBe(403);
      expect((await new Client(url).call('GET', '/api/admin/users')).status).toBe(401);
    });

    it('reads one account by id for admins only: 404 for an unknown id, 400 for a malformed one', async () => {
      const client = new Client(url);
      const { body } = await client.signUp(uniqueEmail('one'));
      const one = await admin.call('GET', `/api/admin/users/${body.user.id}`);
      expect([one.status, one.body.user.id, one.body.user.role]).toEqual([200, body.user.id, 'client']);
      expect((await admin.call('GET', '/api/admin/users/7b0b5a4e-1d1f-4c4e-9a37-000000000000')).status).toBe(404);
      expect((await admin.call('GET', '/api/admin/users/not-an-id')).status).toBe(400);
      expect((await client.call('GET', `/api/admin/users/${body.user.id}`)).status).toBe(403);
    });

    it('deactivation ends the user sessions at once; sign-in then answers account_disabled', async () => {
      const email = uniqueEmail('deactivated');
      const client = new Client(url);
      const { body } = await client.signUp(email);
      expect((await client.call('GET', '/api/auth/me')).status).toBe(200);
      const patched = await admin.call('PATCH', `/api/admin/users/${body.user.id}`, { isActive: false });
      expect(patched.status).toBe(200);
      expect(patched.body.user.isActive).toBe(false);
      expect((await client.call('GET', '/api/auth/me')).status).toBe(401);
      expect((await client.call('POST', '/api/auth/refresh')).status).toBe(401);
      const signIn = await new Client(url).signIn(email);
      expect(signIn.status).toBe(403);
      expect(signIn.body.code).toBe('account_disabled');

      expect((await admin.call('PATCH', `/api/admin/users/${body.user.id}`, { isActive: true, role: 'provider' })).body.user).toMatchObject({ isActive: true, role: 'provider' });
      expect((await new Client(url).signIn(email)).body.user.role).toBe('provider');
      expect((await admin.call('PATCH', '/api/admin/users/00000000-0000-4000-8000-000000000000', { isActive: false })).status).toBe(404);
      expect((await admin.call('PATCH', `/api/admin/users/${body.user.id}`, { role: 'root' })).status).toBe(400);
      expect((await client.call('PATCH', `/api/admin/users/${body.user.id}`, { role: 'admin' })).status).toBe(401);
    });

    it("refuses an admin's own demotion or deactivation with its own code, and changes nothing", async () => {
      const me = (await admin.call('GET', '/api/auth/me')).body.user;
      for (const change of [{ isActive: false }, { role: 'client' }]) {
        const refused = await admin.call('PATCH', `/api/admin/users/${me.id}`, change);
        expect(refused.status).toBe(400);
        expect(refused.body.code).toBe('cannot_change_own_admin');
      }
      expect((await admin.call('GET', '/api/auth/me')).body.user).toMatchObject({ role: 'admin', isActive: true });
    });
  });

  describe("other services' guard (nest-kit JwtAuthGuard against identity's JWKS)", () => {
    @Controller('probe')
    class ProbeController {
      @Public()
      @Get('open')
      open(@CurrentUser() user?: AuthUser) {
        return { user: user ?? null };
      }

      @Get('closed')
      closed(@CurrentUser() user: AuthUser) {
        return { user };
      }

      @Roles('admin')
      @Get('admin')
      adminOnly() {
        return { ok: true };
      }
    }

    let service: { app: INestApplication; url: string };
    beforeAll(async () => {
      const serviceConfig = { ...config, SERVICE: { name: 'probe', inlineJobs: !config.REDIS_URL }, IDENTITY_JWKS_URL: `${url}/.well-known/jwks.json` };
      @Module({ imports: [CoreModule.forRoot({ config: serviceConfig }), AuthModule.forRoot(serviceConfig)], controllers: [ProbeController] })
      class ProbeModule {}
      service = await startTestApp(ProbeModule, 'probe');
    });
    afterAll(() => service?.app.close());

    const get = (path: string, token?: string) =>
      fetchJson(`${service.url}/probe/${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

    it('denies by default, opens @Public routes, checks roles and hands the user over', async () => {
      const client = new Client(url);
      const { body } = await client.signUp(uniqueEmail('probe'));
      expect((await get('open')).body).toEqual({ user: null });
      expect((await get('closed')).status).toBe(401);
      const closed = await get('closed', client.accessToken);
      expect(closed.status).toBe(200);
      expect(closed.body.user).toEqual({ id: body.user.id, role: 'client', email: body.user.email, sid: decodeJwt(client.accessToken!).sid });
      expect((await get('admin', client.accessToken)).status).toBe(403);
      expect((await get('admin', admin.accessToken)).status).toBe(200);
      expect((await get('open', 'garbage')).status).toBe(401);
      expect((await get('healthz')).status).toBe(404);
      expect((await fetchJson(`${service.url}/healthz`)).status).toBe(200);
    });

    it('refuses a token whose session was revoked (logout), at once with Redis, within the cache time without', async () => {
      const client = new Client(url);
      await client.signUp(uniqueEmail('probe-logout'));
      const token = client.accessToken!;
      expect((await get('closed', token)).status).toBe(200);
      await client.call('POST', '/api/auth/logout');
      if (usingRedis()) expect((await get('closed', token)).status).toBe(401);
      else await eventually(async () => (await get('closed', token)).status === 401, 5_000);
    });

    it('refuses the token of a user an admin deactivated', async () => {
      const client = new Client(url);
      const { body } = await client.signUp(uniqueEmail('probe-deactivated'));
      const token = client.accessToken!;
      expect((await get('closed', token)).status).toBe(200);
      await admin.call('PATCH', `/api/admin/users/${body.user.id}`, { isActive: false });
      if (usingRedis()) expect((await get('closed', token)).status).toBe(401);
      else await eventually(async () => (await get('closed', token)).status === 401, 5_000);
    });

    it('refuses a foreign-key token', async () => {
      const { privateKey } = await generateKeyPair('ES256');
      const forged = await new SignJWT({ role: 'admin', email: 'x@y.z', sid: 's' })
        .setProtectedHeader({ alg: 'ES256' })
        .setSubject('u')
        .setIssuer(JWT_ISSUER)
        .setAudience(JWT_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      expect((await get('admin', forged)).status).toBe(401);
    });
  });
});
