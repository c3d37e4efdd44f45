import type { INestApplication } from '@nestjs/common';
import type { GooglePopupMessage } from '@khidma/contracts';
import { fetchJson } from '@khidma/nest-kit/testing';
import { DataSource } from 'typeorm';
import { type FakeGoogle, startFakeGoogle } from './fake-google.js';
import { Client, freePort, GOOD_PASSWORD, identityTestConfig, type IdentityTestConfig, startIdentity, uniqueEmail } from './support.js';

const ADMIN_EMAIL = 'google-boss@khidma.test';

/** Cookies a browser would keep for one origin (name -> value). */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const [name, value] = [pair!.slice(0, at), pair!.slice(at + 1)];
      if (!value || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  get(name: string) {
    return this.cookies.get(name);
  }
}

describe('Google sign-in (OpenID Connect against a local provider)', () => {
  let google: FakeGoogle;
  let config: IdentityTestConfig;
  let app: INestApplication;
  let url: string;

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    google = await startFakeGoogle(`${url}/api/auth/google/callback`);
    config = identityTestConfig({
      PUBLIC_URL: url,
      ADMIN_EMAIL,
      GOOGLE_CLIENT_ID: google.client.client_id,
      GOOGLE_CLIENT_SECRET: google.client.client_secret,
      GOOGLE_ISSUER: google.issuer,
    });
    ({ app } = await startIdentity(config, port));
  });
  afterAll(async () => {
    await app?.close();
    await google?.close();
    await config?.cleanup();
  });

  /** The popup: start → Google (redirects, its cookies) → callback with identity's cookies. */
  async function popup(account: string | 'cancel', { dropState = false } = {}) {
    google.user.next = account;
    const ours = new Jar();
    const theirs = new Jar();
    const start = await fetch(`${url}/api/auth/google/start`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    ours.take(start.headers);
    let location = start.headers.get('location')!;
    const authorization = new URL(location);
    for (let hop = 0; !location.startsWith(`${url}/`); hop++) {
      if (hop > 10) throw new Error('too many redirects');
      const response = await fetch(location, { redirect: 'manual', headers: { cookie: theirs.header() } });
      theirs.take(response.headers);
      if (!response.headers.get('location')) throw new Error(`${response.status} at ${location}: ${await response.text()}`);
      location = new URL(response.headers.get('location')!, location).href;
    }
    const page = await fetch(location, { headers: dropState ? {} : { cookie: ours.header() } });
    ours.take(page.headers);
    const html = await page.text();
    const message = JSON.parse(/var m=(\{.*?\});/.exec(html)![1]!) as GooglePopupMessage;
    const target = JSON.parse(/postMessage\(m,("[^"]*")\)/.exec(html)![1]!) as string;
    const client = new Client(url);
    const refresh = ours.get('khidma_refresh');
    if (refresh) client.cookie = `khidma_refresh=${refresh}`;
    return { authorization, page, html, message, target, client };
  }

  it('says it is enabled and sends the popup to the issuer with PKCE S256, state, nonce and select_account', async () => {
    expect((await fetchJson(`${url}/api/auth/google/config`)).body).toEqual({ enabled: true });
    const start = await fetch(`${url}/api/auth/google/start`, { redirect: 'manual' });
    const target = new URL(start.headers.get('location')!);
    expect(target.origin).toBe(google.issuer);
    expect(Object.fromEntries(target.searchParams)).toMatchObject({
      client_id: google.client.client_id,
      redirect_uri: `${url}/api/auth/google/callback`,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      prompt: 'select_account',
      state: expect.any(String),
      nonce: expect.any(String),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
    });
    const stateCookie = start.headers.getSetCookie().find((c) => c.startsWith('khidma_google='))!;
    expect(stateCookie).toMatch(/HttpOnly/);
    expect(stateCookie).toMatch(/SameSite=Lax/);
    expect(stateCookie).toMatch(/Path=\/api\/auth\/google/);
  });

  it('creates an account for a new verified Google user and starts a session', async () => {
    const email = uniqueEmail('google-new');
    google.accounts.set('g-new', { email, email_verified: true, given_name: 'Noor', family_name: 'Aziz', picture: 'https://example.test/noor.png' });
    const { message, target, page, client } = await popup('g-new');
    expect(message).toEqual({ type: 'khidma:google-sign-in', ok: true });
    expect(target).toBe(url);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'none'; script-src 'sha256-[\w+/=]+'/);
    const session = await client.call('POST', '/api/auth/refresh');
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({ email, emailVerified: true, firstName: 'Noor', lastName: 'Aziz', profileImageUrl: 'https://example.test/noor.png', role: 'client' });
    const again = await popup('g-new');
    expect((await again.client.call('POST', '/api/auth/refresh')).body.user.id).toBe(session.body.user.id);
  });

  it('links to an existing account by verified e-mail', async () => {
    const email = uniqueEmail('google-link');
    const owner = new Client(url);
    const { body } = await owner.signUp(email);
    await app.get(DataSource).query('UPDATE users SET emailVerifiedAt = createdAt WHERE id = ?', [body.user.id]);
    google.accounts.set('g-link', { email: email.toUpperCase(), email_verified: true });
    const { message, client } = await popup('g-link');
    expect(message.ok).toBe(true);
    expect((await client.call('POST', '/api/auth/refresh')).body.user.id).toBe(body.user.id);
    // The password still works: the account was the verified owner's all along.
    expect((await new Client(url).signIn(email)).status).toBe(200);
  });

  it('takes over an unverified account for the verified address owner, ending its password and sessions', async () => {
    const email = uniqueEmail('google-squat');
    const squatter = new Client(url);
    const { body } = await squatter.signUp(email);
    google.accounts.set('g-owner', { email, email_verified: true });
    const { message, client } = await popup('g-owner');
    expect(message.ok).toBe(true);
    expect((await client.call('POST', '/api/auth/refresh')).body.user).toMatchObject({ id: body.user.id, emailVerified: true });
    expect((await squatter.call('GET', '/api/auth/me')).status).toBe(401);
    expect((await new Client(url).signIn(email)).status).toBe(401);
  });

  it('refuses to link an unverified Google e-mail to an existing account', async () => {
    const email = uniqueEmail('google-unverified');
    await new Client(url).signUp(email, GOOD_PASSWORD);
    google.accounts.set('g-unverified', { email, email_verified: false });
    const { message, client } = await popup('g-unverified');
    expect(message).toEqual({ type: 'khidma:google-sign-in', ok: false, error: 'failed' });
    expect(client.cookie).toBeUndefined();
    expect((await new Client(url).signIn(email)).status).toBe(200);
  });

  it('reports a cancelled sign-in as cancelled, and a callback without its state as failed', async () => {
    expect((await popup('cancel')).message).toEqual({ type: 'khidma:google-sign-in', ok: false, error: 'cancelled' });
    google.accounts.set('g-nostate', { email: uniqueEmail('nostate'), email_verified: true });
    const { message, client } = await popup('g-nostate', { dropState: true });
    expect(message).toEqual({ type: 'khidma:google-sign-in', ok: false, error: 'failed' });
    expect(client.cookie).toBeUndefined();
    const forged = await fetch(`${url}/api/auth/google/callback?code=x&state=y`, { headers: { cookie: 'khidma_google=not-a-jwt' } });
    expect(await forged.text()).toContain('"error":"failed"');
  });

  it('makes the verified ADMIN_EMAIL Google account admin, and answers account_disabled for a deactivated one', async () => {
    google.accounts.set('g-admin', { email: ADMIN_EMAIL, email_verified: true });
    const { client } = await popup('g-admin');
    const session = await client.call('POST', '/api/auth/refresh');
    expect(session.body.user.role).toBe('admin');
    await app.get(DataSource).query('UPDATE users SET isActive = ? WHERE id = ?', [false, session.body.user.id]);
    expect((await popup('g-admin')).message).toEqual({ type: 'khidma:google-sign-in', ok: false, error: 'account_disabled' });
  });

  it('is off without a client id and secret', async () => {
    const plain = identityTestConfig();
    const off = await startIdentity(plain);
    try {
      expect((await fetchJson(`${off.url}/api/auth/google/config`)).body).toEqual({ enabled: false });
      const start = await fetchJson(`${off.url}/api/auth/google/start`);
      // Not a 5xx (the fuzzer found the 501 this answered): nothing failed, the feature is off.
      expect(start.status).toBe(404);
      expect(start.body).toMatchObject({ statusCode: 404, code: 'google_not_configured' });
      expect(start.body.requestId).toEqual(expect.any(String));
    } finally {
      await off.app.close();
      await plain.cleanup();
    }
  });
});
