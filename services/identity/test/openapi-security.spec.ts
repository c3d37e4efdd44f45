import type { INestApplication } from '@nestjs/common';
import { answerSchemaMismatch, openApiGaps, publicOperationsChecked } from '@khidma/nest-kit/testing';
import { Client, identityTestConfig, type IdentityTestConfig, startIdentity, uniqueEmail } from './support.js';

/** Routes excused from the document's completeness check, with the reason: the list may only shrink. */
const NOT_DOCUMENTED: Record<string, string> = {
  'GET /metrics': 'Prometheus text for the scraper, outside the API (docs/observability.md)',
  'GET /openapi.json': 'the document itself',
};

describe('identity OpenAPI security', () => {
  let config: IdentityTestConfig;
  let app: INestApplication;
  let url: string;
  beforeAll(async () => {
    config = identityTestConfig();
    ({ app, url } = await startIdentity(config));
  });
  afterAll(async () => {
    await app?.close();
    await config?.cleanup();
  });

  it('declares security on every operation: bearer where a token is needed (401 without), none on the public ones', async () => {
    expect(await publicOperationsChecked(url)).toEqual([
      'GET /.well-known/jwks.json',
      'GET /api/auth/google/callback',
      'GET /api/auth/google/config',
      'GET /api/auth/google/start',
      'GET /api/auth/sessions/{sid}/active',
      'GET /healthz',
      'GET /readyz',
      'POST /api/auth/admin-link/consume',
      'POST /api/auth/direct-admin-login',
      'POST /api/auth/login',
      'POST /api/auth/logout',
      'POST /api/auth/password-reset',
      'POST /api/auth/password-reset/confirm',
      'POST /api/auth/refresh',
      'POST /api/auth/signup',
      'POST /api/auth/verify-email',
    ]);
  });

  it('documents every route of its router, with request and success-answer schemas', async () => {
    expect(await openApiGaps(app, url, NOT_DOCUMENTED)).toEqual([]);
  });

  it('sends answers that match the schemas it documents (the contract types)', async () => {
    const client = new Client(url);
    const signUp = await client.signUp(uniqueEmail('answers'));
    expect(signUp.status).toBe(201);
    expect(await answerSchemaMismatch(url, 'POST /api/auth/signup', 201, signUp.body)).toBeUndefined();
    const me = await client.call('GET', '/api/auth/me');
    expect(me.status).toBe(200);
    expect(await answerSchemaMismatch(url, 'GET /api/auth/me', 200, me.body)).toBeUndefined();
    const refreshed = await client.call('POST', '/api/auth/refresh');
    expect(refreshed.status).toBe(200);
    expect(await answerSchemaMismatch(url, 'POST /api/auth/refresh', 200, refreshed.body)).toBeUndefined();
    // A drift between the contract and the JSON fails: the same answer less a required field does not match.
    const { user: _user, ...withoutUser } = refreshed.body as Record<string, unknown>;
    expect(await answerSchemaMismatch(url, 'POST /api/auth/refresh', 200, withoutUser)).toMatch(/user/);
    const anonymous = await new Client(url).call('POST', '/api/auth/refresh');
    expect(anonymous.status).toBe(204);
    const keys = await new Client(url).call('GET', '/.well-known/jwks.json');
    expect(await answerSchemaMismatch(url, 'GET /.well-known/jwks.json', 200, keys.body)).toBeUndefined();
    // A private key part must never be published: the closed schema refuses it.
    const [first] = (keys.body as { keys: Record<string, string>[] }).keys;
    expect(await answerSchemaMismatch(url, 'GET /.well-known/jwks.json', 200, { keys: [{ ...first, d: 'secret' }] })).toMatch(/additional/);
  });
});
