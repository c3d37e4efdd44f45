import type { INestApplication } from '@nestjs/common';
import { publicOperationsChecked } from '@khidma/nest-kit/testing';
import { createApp } from '../src/app.js';
import { assistantTestConfig } from './support.js';

describe('assistant OpenAPI security', () => {
  const config = assistantTestConfig({ PORT: 0 });
  let app: INestApplication;
  let url: string;
  beforeAll(async () => {
    app = await createApp(config);
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
  });
  afterAll(async () => {
    await app?.close();
    await config.cleanup();
  });

  it('declares security on every operation: bearer where a token is needed (401 without), none on the public ones', async () => {
    expect(await publicOperationsChecked(url)).toEqual([
      'GET /healthz',
      'GET /readyz',
      'POST /api/ai-actions/action',
      'POST /api/ai/chat',
    ]);
  });
});
