import type { ApiErrorBody, HealthReport } from '@khidma/contracts';
import { ConfigError, loadConfig } from '@khidma/nest-kit';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createApp } from '../src/app.js';
import { assistantTestConfig } from './support.js';
import type { AssistantReply as ChatResponseDto } from '../src/dialogue/dialogue.types.js';
import { ANSWERS, DEFAULT_REPLY } from '../src/chat/engines/knowledge.js';
import { ChatMessage } from '../src/chat/entities/chat-message.entity.js';
import { assistantConfigSchema } from '../src/config.js';

const config = assistantTestConfig({ PORT: 0, OPENAI_MODEL: 'gpt-4o-mini' });

describe('POST /api/ai/chat with the built-in engine', () => {
  let app: INestApplication;
  let url: string;
  let dataSource: DataSource;

  const chat = (body: unknown) =>
    fetch(`${url}/api/ai/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    app = await createApp(config);
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
    dataSource = app.get(DataSource);
  });
  afterAll(async () => {
    await app?.close();
    await config.cleanup();
  });

  it('is ready once its migration ran', async () => {
    const response = await fetch(`${url}/readyz`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as HealthReport).checks.database?.status).toBe('up');
  });

  it('answers in English by default, with follow-up suggestions', async () => {
    const response = await chat({ message: 'How do I pay?', sessionId: 'session-en-1' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as ChatResponseDto;
    expect(body.response).toBe(ANSWERS.payment.en);
    expect(body.suggestions).toHaveLength(3);
  });

  it('answers in Arabic when asked to', async () => {
    const response = await chat({
      message: 'ما هي الفئات؟',
      language: 'ar',
      sessionId: '3f1c2b7e-9a4d-4c1e-8f00-1234567890ab',
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as ChatResponseDto).response).toBe(ANSWERS.categories.ar);
  });

  it('writes starting prices as the pages do, each "$" amount isolated so Arabic does not flip it', async () => {
    const response = await chat({ message: 'كم تكلفة الخدمات؟', language: 'ar', sessionId: 'session-ar-prices' });
    const { response: text } = (await response.json()) as ChatResponseDto;
    expect(text).toBe(ANSWERS.pricing.ar);
    expect(text).toMatch(/الأسعار تبدأ من: .+ \u2066\$\d+\u2069،/);
    expect(text).not.toMatch(/\d\$/);
  });

  it('answers anything else with the default reply', async () => {
    const response = await chat({ message: 'Tell me a joke', sessionId: 'session-en-2' });
    expect(((await response.json()) as ChatResponseDto).response).toBe(DEFAULT_REPLY.en);
  });

  it('stores both sides of the conversation, trimmed, in order', async () => {
    const sessionId = 'session-stored';
    await chat({ message: '  Hello  ', sessionId });
    await chat({ message: 'ما هي سياسة الإلغاء؟', language: 'ar', sessionId });
    const rows = await dataSource
      .getRepository(ChatMessage)
      .find({ where: { sessionId }, order: { createdAt: 'ASC' } });
    expect(rows.map(({ role, content, language }) => ({ role, content, language }))).toEqual([
      { role: 'user', content: 'Hello', language: 'en' },
      { role: 'assistant', content: ANSWERS.greeting.en, language: 'en' },
      { role: 'user', content: 'ما هي سياسة الإلغاء؟', language: 'ar' },
      { role: 'assistant', content: ANSWERS.cancel.ar, language: 'ar' },
    ]);
  });

  it.each([
    [{}, { message: 'isString', sessionId: 'isString' }],
    [{ message: '   ', sessionId: 'abcdefgh' }, { message: 'isNotEmpty' }],
    [{ message: 'x'.repeat(2001), sessionId: 'abcdefgh' }, { message: 'maxLength' }],
    [{ message: 42, sessionId: 'abcdefgh' }, { message: 'isString' }],
    [{ message: 'hi', language: 'fr', sessionId: 'abcdefgh' }, { language: 'isIn' }],
    [{ message: 'hi', sessionId: 'short' }, { sessionId: 'matches' }],
    [{ message: 'hi', sessionId: 'has spaces in it' }, { sessionId: 'matches' }],
    [{ message: 'hi', sessionId: 'x'.repeat(65) }, { sessionId: 'matches' }],
    [{ message: 'hi', sessionId: 'abcdefgh', userId: 'u1' }, { userId: 'whitelistValidation' }],
  ])('refuses %j with 400 naming the fields', async (body, fields) => {
    const response = await chat(body);
    expect(response.status).toBe(400);
    const error = (await response.json()) as ApiErrorBody;
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toEqual(fields);
  });

  it('accepts a message of exactly 2000 characters and stores nothing for a refused one', async () => {
    expect((await chat({ message: 'y'.repeat(2000), sessionId: 'session-long' })).status).toBe(200);
    await chat({ message: '', sessionId: 'session-refused' });
    expect(
      await dataSource.getRepository(ChatMessage).countBy({ sessionId: 'session-refused' }),
    ).toBe(0);
  });
});

describe('assistant config', () => {
  it('keeps the built-in engine unless a key is set, and checks the base URL', () => {
    const defaults = loadConfig(assistantConfigSchema, { OPENAI_API_KEY: '', OPENAI_MODEL: '' });
    expect(defaults).toMatchObject({ PORT: 3003, OPENAI_MODEL: 'gpt-4o-mini' });
    expect(defaults.OPENAI_API_KEY).toBeUndefined();
    expect(() => loadConfig(assistantConfigSchema, { OPENAI_BASE_URL: 'ftp://llm' })).toThrow(
      ConfigError,
    );
  });
});
