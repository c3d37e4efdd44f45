import type { INestApplication } from '@nestjs/common';
import { publicOperationsChecked } from '@khidma/nest-kit/testing';
import { identityTestConfig, type IdentityTestConfig, startIdentity } from './support.js';

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
});
