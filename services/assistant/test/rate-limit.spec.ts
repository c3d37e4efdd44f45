import { fetchJson } from '@khidma/nest-kit/testing';
import { assistantAlone, assistantTestConfig } from './support.js';

describe('assistant rate limit', () => {
  const config = assistantTestConfig({ PORT: 0, ASSISTANT_RATE_PER_IP: 3, RATE_LIMIT_SCALE: 1 });
  const assistant = assistantAlone(config);

  it('answers 429 with a localized message once an address used up its minute, on every assistant route', async () => {
    const chat = (language: 'en' | 'ar') => fetchJson(`${assistant.url}/api/ai/chat`, { method: 'POST', json: { message: 'hello', sessionId: 'rate-limit-1', language } });
    for (let i = 0; i < 3; i++) expect((await chat('en')).status).toBe(200);
    const english = await chat('en');
    expect(english.status).toBe(429);
    expect(english.body).toMatchObject({ code: 'rate_limited', message: 'Too many requests. Please wait and try again.' });
    expect(Number(english.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(english.body.params.retryAfterSeconds).toBeGreaterThan(0);
    expect((await chat('ar')).body.message).toBe('طلبات كثيرة جداً. يرجى الانتظار ثم المحاولة مرة أخرى.');
    const action = await fetchJson(`${assistant.url}/api/ai-actions/action`, { method: 'POST', json: { action: 'detectIntent', message: 'hi', sessionId: 'rate-limit-1' } });
    expect(action.status).toBe(429);
  });

  it('counts each client the gateway forwards for apart, by the address it appended', async () => {
    const from = (address: string) =>
      fetchJson(`${assistant.url}/api/ai/chat`, { method: 'POST', json: { message: 'hello', sessionId: 'rate-limit-2' }, headers: { 'x-forwarded-for': `10.9.9.9, ${address}` } });
    for (let i = 0; i < 3; i++) expect((await from('203.0.113.7')).status).toBe(200);
    expect((await from('203.0.113.7')).status).toBe(429);
    expect((await from('203.0.113.8')).status).toBe(200);
  });
});
