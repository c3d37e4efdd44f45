import { Controller, Get, type INestApplication } from '@nestjs/common';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { exportSPKI, generateKeyPair, importJWK, type JWK, SignJWT, UnsecuredJWT } from 'jose';
import { ApiExceptionFilter } from '../http/api-exception.filter.js';
import { fetchJson, type FakeIdentity, startFakeIdentity } from '../testing/index.js';
import type { AuthUser } from './auth-user.js';
import { AuthModule } from './auth.module.js';
import { CurrentUser, Public, Roles } from './decorators.js';
import { sessionCheckUnavailable, SessionRevocations } from './session-revocations.js';

@Controller()
class ProbeController {
  @Get('private')
  private(@CurrentUser() user: AuthUser) {
    return { user };
  }

  @Public()
  @Get('public')
  open(@CurrentUser() user?: AuthUser) {
    return { user: user ?? null };
  }

  @Roles('admin')
  @Get('admin')
  admin(@CurrentUser() user: AuthUser) {
    return { user };
  }
}

const invalidBody = { statusCode: 401, code: 'unauthorized', message: 'Invalid or expired access token' };

/**
 * The global guard as Passport's AuthGuard over the access-token strategy, in a testing module with
 * nest-kit's AuthModule: identity's keys come from a local JWKS peer, the session check is overridden
 * with a set of revoked sessions the tests control (503 while `checkDown`).
 */
describe('JwtAuthGuard (Passport)', () => {
  let identity: FakeIdentity;
  let app: INestApplication;
  let url: string;
  const revoked = new Set<string>();
  let checkDown = false;

  beforeAll(async () => {
    identity = await startFakeIdentity();
    const moduleRef = await Test.createTestingModule({
      imports: [AuthModule.forRoot({ IDENTITY_JWKS_URL: identity.jwksUrl, QUEUE_PREFIX: 'guard-spec' } as never)],
      controllers: [ProbeController],
    })
      .overrideProvider(SessionRevocations)
      .useValue({
        isRevoked: async (sid: string) => {
          if (checkDown) throw sessionCheckUnavailable();
          return revoked.has(sid);
        },
      })
      .compile();
    app = moduleRef.createNestApplication(new FastifyAdapter(), { logger: false });
    app.useGlobalFilters(new ApiExceptionFilter());
    await app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
  });

  afterAll(async () => {
    await app?.close();
    await identity?.close();
  });

  const call = (path: string, token?: string) =>
    fetchJson(`${url}${path}`, token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } });
  const body = (response: { body: Record<string, unknown> }) => {
    const { requestId: _requestId, ...rest } = response.body;
    return rest;
  };
  const payloadOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

  it('lets a valid token through and puts its user on the request', async () => {
    const token = await identity.token('user-1');
    const response = await call('/private', token);
    expect(response.status).toBe(200);
    expect(response.body.user).toEqual({ id: 'user-1', role: 'client', email: 'user-1@example.test', sid: payloadOf(token).sid });
  });

  it('denies by default: no token on a guarded route is "Sign-in required"', async () => {
    const response = await call('/private');
    expect(response.status).toBe(401);
    expect(body(response)).toEqual({ statusCode: 401, code: 'unauthorized', message: 'Sign-in required' });
    expect((await fetchJson(`${url}/private`, { headers: { authorization: 'Basic dXNlcjpwYXNz' } })).status).toBe(401);
  });

  it('opens @Public() routes to anonymous callers, but still verifies a token that is present', async () => {
    expect(await call('/public')).toMatchObject({ status: 200, body: { user: null } });
    expect((await call('/public', await identity.token('user-2'))).body.user).toMatchObject({ id: 'user-2' });
    const bad = await call('/public', 'not.a.token');
    expect(bad.status).toBe(401);
    expect(body(bad)).toEqual(invalidBody);
  });

  it('narrows @Roles() routes: another role is a 403 with the forbidden body', async () => {
    const client = await call('/admin', await identity.token('user-3', 'client'));
    expect(client.status).toBe(403);
    expect(body(client)).toEqual({ statusCode: 403, code: 'forbidden', message: 'You do not have access to this resource' });
    expect((await call('/admin', await identity.token('admin-1', 'admin'))).status).toBe(200);
    expect((await call('/admin')).status).toBe(401);
  });

  describe('refuses forged and stale tokens with the invalid-token body', () => {
    const expectInvalid = async (token: string) => {
      const response = await call('/private', token);
      expect(response.status).toBe(401);
      expect(body(response)).toEqual(invalidBody);
    };

    it('alg none', async () => {
      const claims = payloadOf(await identity.token('user-4', 'admin'));
      await expectInvalid(new UnsecuredJWT(claims).encode());
    });

    it('a tampered payload under the original signature', async () => {
      const [header, payload, signature] = (await identity.token('user-5', 'client')).split('.');
      const raised = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), role: 'admin' })).toString('base64url');
      await expectInvalid(`${header}.${raised}.${signature}`);
    });

    it('a wrong audience or issuer', async () => {
      await expectInvalid(await identity.sign({}, { audience: 'someone-else' }));
      await expectInvalid(await identity.sign({}, { issuer: 'https://evil.example' }));
    });

    it('HS256 signed with the public key (algorithm confusion)', async () => {
      const jwks = (await fetchJson(identity.jwksUrl)).body as { keys: JWK[] };
      const published = await importJWK(jwks.keys[0]!, 'ES256');
      const claims = payloadOf(await identity.token('user-6', 'admin'));
      // The published key as the HMAC secret, in both forms an attacker could pick.
      for (const secret of [JSON.stringify(jwks.keys[0]), await exportSPKI(published as Parameters<typeof exportSPKI>[0])]) {
        await expectInvalid(
          await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: 'test-key' }).sign(new TextEncoder().encode(secret)),
        );
      }
    });

    it('a key identity never published', async () => {
      const { privateKey } = await generateKeyPair('ES256');
      await expectInvalid(await identity.sign({}, { key: privateKey }));
    });

    it('an expired token', async () => {
      await expectInvalid(await identity.sign({}, { expires: Math.floor(Date.now() / 1000) - 60 }));
    });

    it('a token whose shape is not what identity issues', async () => {
      await expectInvalid(await identity.sign({ role: 'superuser' }));
      await expectInvalid(await identity.sign({ sid: undefined }));
    });

    it('a revoked session', async () => {
      const token = await identity.token('user-7');
      expect((await call('/private', token)).status).toBe(200);
      revoked.add(payloadOf(token).sid as string);
      await expectInvalid(token);
    });
  });

  it('answers 503 (never 401, never a pass) while the session check cannot answer', async () => {
    checkDown = true;
    try {
      const response = await call('/private', await identity.token('user-8'));
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({ code: 'service_unavailable' });
    } finally {
      checkDown = false;
    }
  });
});
