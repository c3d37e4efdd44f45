import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { createApp } from '../src/app.js';
import { assistantTestConfig } from './support.js';
import { HISTORY_LIMIT } from '../src/chat/chat.service.js';
import { ANSWERS } from '../src/chat/engines/knowledge.js';

interface ChatCompletionRequest {
  model: string;
  messages: Array<{ role: string; content: string }>;
}

/** A real OpenAI-compatible endpoint on a free port: records each request, answers as told. */
async function startFakeModel() {
  const requests: Array<{ authorization?: string; body: ChatCompletionRequest }> = [];
  const state = { status: 200, content: 'unused' };
  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatCompletionRequest;
  };
  const server: Server = createServer((request, response) => {
    void (async () => {
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404).end();
        return;
      }
      const body = await readBody(request);
      requests.push({ authorization: request.headers.authorization, body });
      response.writeHead(state.status, { 'content-type': 'application/json' });
      if (state.status !== 200) {
        response.end(
          JSON.stringify({ error: { message: 'model overloaded', type: 'server_error' } }),
        );
        return;
      }
      response.end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: state.content },
              finish_reason: 'stop',
            },
          ],
          usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
        }),
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('POST /api/ai/chat with an OpenAI-compatible model', () => {
  let model: Awaited<ReturnType<typeof startFakeModel>>;
  let app: INestApplication;
  let url: string;
  let config: ReturnType<typeof assistantTestConfig<{ PORT: number; OPENAI_API_KEY: string; OPENAI_BASE_URL: string; OPENAI_MODEL: string }>>;

  const chat = async (body: Record<string, unknown>) => {
    const response = await fetch(`${url}/api/ai/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { response: string; suggestions?: string[] };
  };

  beforeAll(async () => {
    model = await startFakeModel();
    config = assistantTestConfig({
      PORT: 0,
      OPENAI_API_KEY: 'sk-test-key',
      OPENAI_BASE_URL: model.url,
      OPENAI_MODEL: 'khidma-test-model',
    });
    app = await createApp(config);
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
  });
  afterAll(async () => {
    await app?.close();
    await model?.close();
    await config?.cleanup();
  });

  beforeEach(() => {
    model.requests.length = 0;
    model.state.status = 200;
  });

  it('answers with the model, briefed in the user language with the conversation so far', async () => {
    const sessionId = 'model-session-1';
    model.state.content = 'First answer from the model.';
    expect(await chat({ message: 'What can you do?', sessionId })).toEqual({
      response: 'First answer from the model.',
    });
    model.state.content = 'Second answer.';
    expect((await chat({ message: 'And on Sundays?', sessionId })).response).toBe('Second answer.');

    expect(model.requests).toHaveLength(2);
    const [first, second] = model.requests;
    expect(first!.authorization).toBe('Bearer sk-test-key');
    expect(first!.body.model).toBe('khidma-test-model');
    const [system, ...rest] = second!.body.messages;
    expect(system!.role).toBe('system');
    expect(system!.content).toContain('Khidma');
    expect(system!.content).toContain('Answer in English');
    expect(system!.content).toContain(ANSWERS.cancel.en);
    expect(rest).toEqual([
      { role: 'user', content: 'What can you do?' },
      { role: 'assistant', content: 'First answer from the model.' },
      { role: 'user', content: 'And on Sundays?' },
    ]);
  });

  it('briefs the model in Arabic for an Arabic conversation', async () => {
    model.state.content = 'أهلاً بك';
    expect(
      (await chat({ message: 'مرحبا', language: 'ar', sessionId: 'model-session-ar' })).response,
    ).toBe('أهلاً بك');
    const system = model.requests[0]!.body.messages[0]!;
    expect(system.content).toContain('أجب باللغة العربية');
    expect(system.content).toContain(ANSWERS.payment.ar);
  });

  it(`gives the model only the last ${HISTORY_LIMIT} messages of the session`, async () => {
    const sessionId = 'model-session-long';
    model.state.content = 'ok';
    for (let turn = 1; turn <= 6; turn++) await chat({ message: `question ${turn}`, sessionId });
    await chat({ message: 'question 7', sessionId });
    const messages = model.requests.at(-1)!.body.messages;
    expect(messages).toHaveLength(1 + HISTORY_LIMIT + 1);
    expect(messages.slice(1, 3)).toEqual([
      { role: 'user', content: 'question 2' },
      { role: 'assistant', content: 'ok' },
    ]);
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'question 7' });
  });

  it('falls back to the built-in engine when the model fails, and keeps the conversation', async () => {
    const sessionId = 'model-session-down';
    model.state.status = 500;
    const reply = await chat({ message: 'How do I pay?', sessionId });
    expect(reply.response).toBe(ANSWERS.payment.en);
    expect(reply.suggestions?.length).toBeGreaterThanOrEqual(2);
    expect(model.requests).toHaveLength(1);

    model.state.status = 200;
    model.state.content = 'Back again.';
    expect((await chat({ message: 'Thanks', sessionId })).response).toBe('Back again.');
    expect(model.requests.at(-1)!.body.messages.slice(1)).toEqual([
      { role: 'user', content: 'How do I pay?' },
      { role: 'assistant', content: ANSWERS.payment.en },
      { role: 'user', content: 'Thanks' },
    ]);
  });

  it('falls back when the model answers with no text', async () => {
    model.state.content = '   ';
    expect(
      (await chat({ message: 'ما هي الفئات؟', language: 'ar', sessionId: 'model-session-empty' }))
        .response,
    ).toBe(ANSWERS.categories.ar);
  });
});
