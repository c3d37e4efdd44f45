import fastifyCookie from '@fastify/cookie';
import type { INestApplication } from '@nestjs/common';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import type { GooglePopupMessage } from '@khidma/contracts';
import { SERVICE_CONFIG } from '@khidma/nest-kit';
import type { IdentityConfig } from '../../config.js';
import type { SignedIn } from '../auth.service.js';
import type { ClientMeta } from '../sessions.service.js';
import { GoogleController } from './google.controller.js';
import { GoogleService, GoogleSignInError } from './google.service.js';
import { GoogleStrategy } from './google.strategy.js';

type Finish = (query: string, transaction: string | undefined, meta: ClientMeta) => Promise<SignedIn>;

/**
 * The Google callback as Passport's AuthGuard over GoogleStrategy, in testing modules holding just the
 * controller and the strategy. GoogleService (the code exchange, proven against a local OIDC provider
 * in test/google.spec.ts) is overridden by one per app whose outcome each case sets.
 */
describe('GoogleCallbackGuard (Passport)', () => {
  type App = { app: INestApplication; url: string; finish: { next: Finish } };
  let a: App;
  let b: App;

  /** An app whose sign-ins succeed with the refresh token `refresh-<name>` until a case says otherwise. */
  async function startApp(name: string): Promise<App> {
    const finish = { next: (async () => ({ refreshToken: `refresh-${name}` })) as unknown as Finish };
    const moduleRef = await Test.createTestingModule({
      controllers: [GoogleController],
      providers: [
        GoogleStrategy,
        { provide: SERVICE_CONFIG, useValue: { PUBLIC_URL: 'http://localhost:3000', TRUSTED_PROXIES: [] } as unknown as IdentityConfig },
        { provide: GoogleService, useValue: { enabled: true, finish: (...args: Parameters<Finish>) => finish.next(...args) } },
      ],
    }).compile();
    const app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter(), { logger: false });
    await app.register(fastifyCookie);
    await app.listen(0, '127.0.0.1');
    return { app, url: `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`, finish };
  }

  beforeAll(async () => {
    a = await startApp('a');
    b = await startApp('b');
  });
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
  });

  async function callback(url: string) {
    const response = await fetch(`${url}/auth/google/callback?code=the-code&state=the-state`, {
      headers: { cookie: 'khidma_google=the-transaction', 'user-agent': 'probe' },
    });
    const html = await response.text();
    return {
      status: response.status,
      cookies: response.headers.getSetCookie(),
      message: JSON.parse(/var m=(\{.*?\});/.exec(html)![1]!) as GooglePopupMessage,
    };
  }

  it("hands the callback to its own app's GoogleService, also with two apps in one process", async () => {
    const calls: Parameters<Finish>[] = [];
    const succeed = a.finish.next;
    a.finish.next = async (...args) => (calls.push(args), succeed(...args));
    const first = await callback(a.url);
    expect(first.status).toBe(200);
    expect(first.message).toEqual({ type: 'khidma:google-sign-in', ok: true });
    expect(first.cookies.some((c) => c.startsWith('khidma_refresh=refresh-a;'))).toBe(true);
    expect(first.cookies.some((c) => /^khidma_google=;.*Max-Age=0/.test(c))).toBe(true);
    expect(calls).toEqual([['code=the-code&state=the-state', 'the-transaction', { ip: '127.0.0.1', userAgent: 'probe' }]]);
    expect((await callback(b.url)).cookies.some((c) => c.startsWith('khidma_refresh=refresh-b;'))).toBe(true);
  });

  it('answers every refusal and error with the popup page, the state cookie cleared and no session', async () => {
    const { url, finish } = a;
    const succeed = finish.next;
    for (const [thrown, error] of [
      [new GoogleSignInError('cancelled'), 'cancelled'],
      [new GoogleSignInError('account_disabled'), 'account_disabled'],
      [new GoogleSignInError('google_not_configured'), 'google_not_configured'],
      [new Error('database unavailable'), 'failed'],
    ] as const) {
      finish.next = async () => {
        throw thrown;
      };
      const outcome = await callback(url);
      expect(outcome.status).toBe(200);
      expect(outcome.message).toEqual({ type: 'khidma:google-sign-in', ok: false, error });
      expect(outcome.cookies.some((c) => /^khidma_google=;.*Max-Age=0/.test(c))).toBe(true);
      expect(outcome.cookies.some((c) => c.startsWith('khidma_refresh='))).toBe(false);
    }
    finish.next = succeed;
  });

  it("keeps the other app's strategy when one app closes", async () => {
    await b.app.close();
    expect((await callback(a.url)).cookies.some((c) => c.startsWith('khidma_refresh=refresh-a;'))).toBe(true);
  });
});
