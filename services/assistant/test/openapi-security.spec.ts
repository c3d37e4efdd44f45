import { answerSchemaMismatch, fetchJson, openApiGaps, publicOperationsChecked } from '@khidma/nest-kit/testing';
import { assistantAlone, assistantTestConfig } from './support.js';

/** Routes excused from the document's completeness check, with the reason: the list may only shrink. */
const NOT_DOCUMENTED: Record<string, string> = {
  'GET /metrics': 'Prometheus text for the scraper, outside the API (docs/observability.md)',
  'GET /openapi.json': 'the document itself',
};

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

  it('documents every route of its router, with request and success-answer schemas', async () => {
    expect(await openApiGaps(assistant.app, assistant.url, NOT_DOCUMENTED)).toEqual([]);
  });

  it('sends chat answers that match the documented ChatResponse', async () => {
    for (const message of ['Hello', 'How do I book a service?', 'مرحبا']) {
      const { status, body } = await fetchJson(`${assistant.url}/api/ai/chat`, { method: 'POST', json: { message, sessionId: 'answers-session', language: 'en' } });
      expect(status).toBe(200);
      expect(await answerSchemaMismatch(assistant.url, 'POST /api/ai/chat', 200, body)).toBeUndefined();
    }
    expect(await answerSchemaMismatch(assistant.url, 'POST /api/ai/chat', 200, { response: 1 })).toMatch(/response/);
  });
});
