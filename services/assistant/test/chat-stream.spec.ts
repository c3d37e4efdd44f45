import { CHAT_STREAM_EVENTS } from '@khidma/contracts';
import { ANSWERS } from '../src/chat/engines/knowledge.js';
import { type ModelServer, startModelServer } from './model-server.js';
import { type AssistantWorld, type Person, startAssistantWorld, WORLD_START_TIMEOUT_MS } from './support.js';

interface Frame {
  event: string;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** When it was read, as the count of the model's finished answers then. */
  modelAnswered: number;
}

/** POST /api/ai/chat asking for events; the frames as they are read, each noting how far the model was then. */
async function streamChat(world: AssistantWorld, model: ModelServer | undefined, message: string, sessionId: string, as?: Person, language = 'en') {
  const response = await fetch(`${world.url}/api/ai/chat`, {
    method: 'POST',
    headers: { accept: 'text/event-stream', 'content-type': 'application/json', ...(as ? { authorization: `Bearer ${world.tokens[as]}` } : {}) },
    body: JSON.stringify({ message, sessionId, language }),
  });
  const frames: Frame[] = [];
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffered += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const field = (name: string) => block.split('\n').find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
      frames.push({ event: field('event')!, data: JSON.parse(field('data')!), modelAnswered: model?.answered() ?? 0 });
    }
  }
  return { response, frames, events: frames.map((f) => f.event), message: frames.find((f) => f.event === CHAT_STREAM_EVENTS.message)?.data };
}

/** The text the deltas after the last reset spell. */
const spelled = (frames: Frame[]) => {
  const lastReset = frames.map((f) => f.event).lastIndexOf(CHAT_STREAM_EVENTS.reset);
  return frames.slice(lastReset + 1).filter((f) => f.event === CHAT_STREAM_EVENTS.delta).map((f) => f.data.text as string).join('');
};

describe('POST /api/ai/chat as server-sent events, language model engine', () => {
  let model: ModelServer;
  let world: AssistantWorld;

  beforeAll(async () => {
    model = await startModelServer();
    world = await startAssistantWorld({ OPENAI_API_KEY: 'sk-test-key', OPENAI_BASE_URL: model.url, OPENAI_MODEL: 'khidma-test-model', OPENAI_TIMEOUT_MS: 2_000 });
  }, WORLD_START_TIMEOUT_MS);
  afterAll(async () => {
    await world?.close();
    await model?.close();
  });
  beforeEach(() => {
    model.script.length = 0;
    model.always({ content: 'ok' });
  });

  it('passes the model text on as it comes: deltas in order, then the message, then done', async () => {
    const answer = 'Cleaners work every day from 8:00 to 20:00, and you pay after the visit.';
    model.script.push({ content: answer, chunks: 5, chunkDelayMs: 150 });
    const before = model.answered();
    const { response, frames, events, message } = await streamChat(world, model, 'When do cleaners work?', 'stream-session-1');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(events).toEqual([...Array(5).fill('delta'), 'message', 'done']);
    // The first piece reached the client while the model was still writing the rest.
    expect(frames[0]!.modelAnswered).toBe(before);
    expect(frames.filter((f) => f.event === 'delta').map((f) => f.data.text)).toEqual(
      [0, 1, 2, 3, 4].map((piece) => answer.slice(piece * Math.ceil(answer.length / 5), (piece + 1) * Math.ceil(answer.length / 5))),
    );
    expect(spelled(frames)).toBe(answer);
    expect(message).toMatchObject({ response: answer, language: 'en' });

    // The streamed answer is kept in the session like a JSON one: the model sees it next time.
    model.script.push({ content: 'Yes.' });
    await world.chat('And on Fridays?', 'stream-session-1');
    expect(model.requests.at(-1)!.body.messages.slice(1)).toEqual([
      { role: 'user', content: 'When do cleaners work?' },
      { role: 'assistant', content: answer },
      { role: 'user', content: 'And on Fridays?' },
    ]);
  });

  it('drops words said before a tool call, and a booking tool round ends with the proposal card', async () => {
    const service = (await fetch(`${world.bookingUrl}/api/services/handyman-hour`).then((r) => r.json())) as { id: string; title: string };
    const parameters = { serviceId: service.id, scheduledDate: '2030-01-09', scheduledTime: '11:00', clientAddress: '3 Hill St', clientPhone: '+962 79 555 0000' };
    model.script.push(
      { toolCalls: [{ name: 'search_services', arguments: { query: 'handyman', limit: 1 } }], content: 'Let me look that up. ' },
      { toolCalls: [{ name: 'create_booking', arguments: parameters }] },
    );
    const { events, frames, message } = await streamChat(world, model, 'book the handyman on Wednesday at 11', 'stream-session-book', 'client');
    expect(events).toEqual(['delta', 'reset', 'delta', 'message', 'done']);
    expect(frames[0]!.data.text).toBe('Let me look that up. ');
    expect(message).toMatchObject({ requiresConfirmation: true, action: 'create_booking', parameters, confirmationToken: expect.any(String) });
    expect(message.response).toContain(`Please confirm: book "${service.title}"`);
    expect(spelled(frames)).toBe(message.response);

    // The card's token confirms it: the booking exists in booking's API for this user.
    const done = await world.post('/ai-actions/action', { action: 'create_booking', parameters: message.parameters, confirmationToken: message.confirmationToken, sessionId: 'stream-session-book', language: 'en' }, 'client');
    expect(done.body.result).toMatchObject({ success: true });
    const bookings = await world.clientBookings('client');
    expect(bookings.find((b) => b.id === done.body.bookingId)).toMatchObject({ serviceId: service.id });
  });

  it('replaces a half-streamed answer when the model fails, and says so once', async () => {
    model.script.push({ content: 'This answer never ends', chunks: 2, cutAfterChunks: 1 });
    const { events, frames, message } = await streamChat(world, model, 'How do I pay?', 'stream-session-down');
    expect(events).toEqual(['delta', 'reset', 'delta', 'message', 'done']);
    expect(spelled(frames)).toBe(ANSWERS.payment.en);
    expect(message).toMatchObject({ response: ANSWERS.payment.en, notice: expect.stringContaining('not answering') });
  });

  it('answers in the stream language, and refuses bad input as JSON before any event', async () => {
    model.script.push({ content: 'أهلاً بك.' });
    const arabic = await streamChat(world, model, 'مرحبا', 'stream-session-ar', undefined, 'ar');
    expect(arabic.message).toMatchObject({ response: 'أهلاً بك.', language: 'ar' });

    const refused = await streamChat(world, model, '   ', 'stream-session-ar', undefined, 'ar');
    expect(refused.response.status).toBe(400);
    expect(refused.response.headers.get('content-type')).toContain('application/json');
    expect(refused.frames).toEqual([]);
  });
});

describe('POST /api/ai/chat as server-sent events, built-in engine', () => {
  let world: AssistantWorld;

  beforeAll(async () => {
    world = await startAssistantWorld();
  }, WORLD_START_TIMEOUT_MS);
  afterAll(() => world?.close());

  it('sends its answer as one delta, the same reply as JSON gives', async () => {
    const { events, frames, message } = await streamChat(world, undefined, 'How do I pay?', 'stream-embedded-1');
    expect(events).toEqual(['delta', 'message', 'done']);
    expect(frames[0]!.data.text).toBe(ANSWERS.payment.en);
    const json = await world.chat('How do I pay?', 'stream-embedded-2');
    expect(message).toEqual(json.body);
  });

  it('still asks an anonymous user to sign in before booking', async () => {
    const { message } = await streamChat(world, undefined, 'book a deep cleaning tomorrow at 10', 'stream-embedded-anon');
    expect(message.response).toBe('Please sign in to proceed with booking actions.');
  });
});
