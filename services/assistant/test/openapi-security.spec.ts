import { publicOperationsChecked } from '@khidma/nest-kit/testing';
import { assistantAlone, assistantTestConfig } from './support.js';

describe('assistant OpenAPI security', () => {
  const config = assistantTestConfig({ PORT: 0 });
  const assistant = assistantAlone(config);

  it('declares security on every operation: bearer where a token is needed (401 without), none on the public ones', async () => {
    expect(await publicOperationsChecked(assistant.url)).toEqual([
      'GET /healthz',
      'GET /readyz',
      'POST /api/ai-actions/action',
      'POST /api/ai/chat',
    ]);
  });
});
