import { randomBytes } from 'node:crypto';
import { loadConfig } from '@khidma/nest-kit';
import { eventually, fetchJson, type ReceivedMail, type SmtpPeer, testServiceConfig } from '@khidma/nest-kit/testing';
import type { INestApplication } from '@nestjs/common';
import { createApp } from '../src/app.js';
import { type IdentityConfig, identityConfigSchema } from '../src/config.js';

export const GOOD_PASSWORD = 'Sturdy-Passw0rd!x';

/** A free TCP port (for apps whose own URL must be in their config, e.g. PUBLIC_URL). */
export { freePort } from '@khidma/nest-kit/testing';

export type IdentityTestConfig = IdentityConfig & { cleanup: () => Promise<void> };

/**
 * nest-kit's throwaway database/queue profile plus identity's defaults. E-mail jobs are consumed in
 * this process on both profiles (with Redis through BullMQ, as the mailer worker would) and sent
 * over SMTP to the test's peer.
 */
export function identityTestConfig(env: Record<string, string> = {}): IdentityTestConfig {
  const own = loadConfig(identityConfigSchema, env);
  const base = testServiceConfig('identity');
  return {
    ...base,
    PORT: 0,
    ADMIN_EMAIL: own.ADMIN_EMAIL,
    PUBLIC_URL: own.PUBLIC_URL,
    GOOGLE_CLIENT_ID: own.GOOGLE_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: own.GOOGLE_CLIENT_SECRET,
    GOOGLE_ISSUER: own.GOOGLE_ISSUER,
    JWT_PRIVATE_JWKS: own.JWT_PRIVATE_JWKS,
    TRUSTED_PROXIES: own.TRUSTED_PROXIES,
    REFRESH_RETRY_SECONDS: own.REFRESH_RETRY_SECONDS,
    ...(env.SMTP_URL ? { SMTP_URL: env.SMTP_URL } : {}),
    // The limit tests run with the production allowances (1); other suites keep the test stack's.
    ...(env.RATE_LIMIT_SCALE ? { RATE_LIMIT_SCALE: Number(env.RATE_LIMIT_SCALE) } : {}),
    SERVICE: { name: 'identity', inlineJobs: true },
  };
}

export async function startIdentity(config: IdentityConfig, port = 0) {
  const app: INestApplication = await createApp(config);
  await app.listen(port, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return { app, url: `http://127.0.0.1:${address.port}` };
}

export const uniqueEmail = (label = 'user') => `${label}.${randomBytes(4).toString('hex')}@example.test`;

/** The refresh cookie's `name=value` pair from a response, and its full Set-Cookie line. */
export function refreshCookie(headers: Headers): { pair: string; line: string } | undefined {
  const line = headers.getSetCookie().find((cookie) => cookie.startsWith('khidma_refresh='));
  return line ? { pair: line.split(';')[0]!, line } : undefined;
}

/** A client that talks to one base URL (identity or the gateway), keeping its refresh cookie. */
export class Client {
  cookie?: string;
  accessToken?: string;

  constructor(
    readonly base: string,
    readonly headers: Record<string, string> = {},
  ) {}

  async call(method: string, path: string, json?: unknown, extra: Record<string, string> = {}) {
    const response = await fetchJson(`${this.base}${path}`, {
      method,
      json,
      headers: {
        ...this.headers,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(this.accessToken ? { authorization: `Bearer ${this.accessToken}` } : {}),
        ...extra,
      },
    });
    const cookie = refreshCookie(response.headers);
    if (cookie) this.cookie = /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(cookie.line) ? undefined : cookie.pair;
    if (response.status < 300 && typeof response.body?.accessToken === 'string') this.accessToken = response.body.accessToken;
    return response;
  }

  signUp(email: string, password = GOOD_PASSWORD, extra: Record<string, unknown> = {}) {
    return this.call('POST', '/api/auth/signup', { email, password, firstName: 'Test', lastName: 'Person', ...extra });
  }

  signIn(email: string, password = GOOD_PASSWORD) {
    return this.call('POST', '/api/auth/login', { email, password });
  }
}

/** The next mail of a template to an address, and the token its link carries. */
export async function mailTo(smtp: SmtpPeer, to: string, template: string): Promise<{ mail: ReceivedMail; token: string; link: string }> {
  const mail = (await eventually(() =>
    smtp.mails.find((m) => m.envelopeTo.includes(to) && m.headers.get('x-khidma-template') === template),
  ))!;
  const link = /https?:\/\/\S+/.exec(mail.text)![0];
  return { mail, link, token: new URL(link).searchParams.get('token')! };
}
