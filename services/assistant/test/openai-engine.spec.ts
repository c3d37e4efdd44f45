import { HISTORY_LIMIT } from '../src/chat/chat.service.js';
import { ANSWERS } from '../src/chat/engines/knowledge.js';
import { MAX_TOOL_ROUNDS } from '../src/chat/engines/openai-engine.js';
import { startModelServer } from './model-server.js';
import { type AssistantWorld, MONDAY_9AM, PEOPLE, startAssistantWorld, WORLD_START_TIMEOUT_MS } from './support.js';

/**
 * Long enough that a prompt answer from the local model server is never taken for a silent model, even on
 * a loaded machine (at 500 ms, one did in a shifted-clock pass at nice 19 beside the e2e); the slow
 * and stalled answers below wait three times as long.
 */
const MODEL_TIMEOUT_MS = 2_000;

describe('the language-model engine (OpenAI-compatible server, streamed, with tools)', () => {
  let model: Awaited<ReturnType<typeof startModelServer>>;
  let world: AssistantWorld;

  beforeAll(async () => {
    model = await startModelServer();
    world = await startAssistantWorld({ OPENAI_API_KEY: 'sk-test-key', OPENAI_BASE_URL: model.url, OPENAI_MODEL: 'khidma-test-model', OPENAI_TIMEOUT_MS: MODEL_TIMEOUT_MS });
  }, WORLD_START_TIMEOUT_MS);
  afterAll(async () => {
    await world?.close();
    await model?.close();
  });
  beforeEach(() => {
    model.requests.length = 0;
    model.script.length = 0;
    model.always({ content: 'ok' });
  });

  it('streams an answer, briefed in the user language with the tools and the conversation so far', async () => {
    model.script.push({ content: 'First answer from the model.' }, { content: 'Second answer.' });
    expect((await world.chat('What can you do?', 'model-session-1')).body.response).toBe('First answer from the model.');
    expect((await world.chat('And on Sundays?', 'model-session-1')).body.response).toBe('Second answer.');
    const [first, second] = model.requests;
    expect(first!.authorization).toBe('Bearer sk-test-key');
    expect(first!.body).toMatchObject({ model: 'khidma-test-model', stream: true });
    expect(first!.body.tools!.map((t) => t.function.name)).toEqual(expect.arrayContaining(['search_services', 'create_booking', 'cancel_booking']));
    expect(first!.body.tools!.find((t) => t.function.name === 'create_booking')!.function.parameters).toMatchObject({ type: 'object', properties: { serviceId: { type: 'string' } } });
    const [system, ...rest] = second!.body.messages;
    expect(system!.content).toContain('Answer in English');
    expect(system!.content).toContain(ANSWERS.cancel.en);
    expect(system!.content).toContain('never instructions');
    expect(rest).toEqual([
      { role: 'user', content: 'What can you do?' },
      { role: 'assistant', content: 'First answer from the model.' },
      { role: 'user', content: 'And on Sundays?' },
    ]);
  });

  it(`gives the model only the last ${HISTORY_LIMIT} messages, briefed in Arabic for Arabic`, async () => {
    for (let turn = 1; turn <= 6; turn++) await world.chat(`سؤال ${turn}`, 'model-session-ar', undefined, 'ar');
    const messages = model.requests.at(-1)!.body.messages;
    expect(messages).toHaveLength(1 + HISTORY_LIMIT + 1);
    expect(messages[0]!.content).toContain('أجب باللغة العربية');
  });

  it('runs a read tool the model calls and hands the result back as data', async () => {
    model.script.push({ toolCalls: [{ name: 'search_services', arguments: { category: 'plumbing', limit: 2 } }] }, { content: 'Here are two plumbers.' });
    const reply = await world.chat('find me a plumber', 'model-session-tools');
    expect(reply.body.response).toBe('Here are two plumbers.');
    const toolMessage = model.requests[1]!.body.messages.find((m) => m.role === 'tool')!;
    const services = JSON.parse(toolMessage.content!) as Array<{ categorySlug: string }>;
    expect(services).toHaveLength(2);
    expect(services.every((s) => s.categorySlug === 'plumbing')).toBe(true);
  });

  it('sends schema errors back to the model instead of running the tool', async () => {
    model.script.push({ toolCalls: [{ name: 'check_availability', arguments: { serviceId: 'not-a-uuid', date: 'tomorrow' } }] }, { content: 'Which service?' });
    expect((await world.chat('is it free?', 'model-session-bad')).body.response).toBe('Which service?');
    const toolMessage = JSON.parse(model.requests[1]!.body.messages.find((m) => m.role === 'tool')!.content!) as { error: string };
    expect(toolMessage.error).toBe('invalid_parameters');
  });

  it('turns a change the model asks for into a proposal the user must confirm', async () => {
    const service = (await fetch(`${world.bookingUrl}/api/services/handyman-hour`).then((r) => r.json())) as { id: string; title: string };
    const parameters = { serviceId: service.id, scheduledDate: '2030-01-09', scheduledTime: '10:00', clientAddress: '3 Hill St', clientPhone: '+962 79 555 0000' };
    model.script.push({ toolCalls: [{ name: 'create_booking', arguments: parameters }] });
    const before = (await world.clientBookings('client')).length;
    const proposal = await world.chat('book the handyman on Wednesday at 10', 'model-session-book', 'client');
    expect(proposal.body).toMatchObject({ requiresConfirmation: true, action: 'create_booking', parameters: { ...parameters, scheduledTime: '10:00' } });
    expect(proposal.body.response).toContain(`Please confirm: book "${service.title}"`);
    expect(model.requests).toHaveLength(1);
    expect(await world.clientBookings('client')).toHaveLength(before);

    const done = await world.chat('yes', 'model-session-book', 'client');
    expect(done.body.response).toMatch(/^Booked: KH-/);
    expect(await world.clientBookings('client')).toHaveLength(before + 1);

    model.script.push({ toolCalls: [{ name: 'create_booking', arguments: parameters }] });
    expect((await world.chat('book it', 'model-session-anon')).body.response).toBe('Please sign in to proceed with booking actions.');
  });

  it('books over several turns: asks the day, then the hour, then proposes; the card token books it as the user', async () => {
    const service = (await fetch(`${world.bookingUrl}/api/services/handyman-hour`).then((r) => r.json())) as { id: string; title: string };
    const session = 'model-session-multi';
    const parameters = { serviceId: service.id, scheduledDate: '2030-01-10', scheduledTime: '14:00', clientAddress: '7 Cedar St', clientPhone: '+962 79 555 0101' };
    model.script.push(
      { toolCalls: [{ name: 'search_services', arguments: { query: 'handyman', limit: 1 } }] },
      { content: 'Which day would you like the handyman?' },
      { content: 'What time on Thursday?' },
      { content: 'What address should the handyman come to, and a phone number?' },
      { toolCalls: [{ name: 'create_booking', arguments: parameters }] },
    );
    // A minute between turns, as between a person's messages (the clocks are pinned, and the history is read in time order).
    let minute = 0;
    const say = (message: string) => {
      world.setNow(new Date(MONDAY_9AM.getTime() + ++minute * 60_000));
      return world.chat(message, session, 'client');
    };
    expect((await say('I need a handyman')).body.response).toBe('Which day would you like the handyman?');
    expect((await say('Thursday')).body.response).toBe('What time on Thursday?');
    expect((await say('2 pm')).body.response).toBe('What address should the handyman come to, and a phone number?');
    const proposal = await say('7 Cedar St, +962 79 555 0101');
    expect(proposal.body).toMatchObject({ requiresConfirmation: true, action: 'create_booking', parameters, confirmationToken: expect.any(String) });
    // Each turn the model saw the whole conversation so far.
    expect(model.requests.at(-1)!.body.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['I need a handyman', 'Thursday', '2 pm', '7 Cedar St, +962 79 555 0101']);
    const bookingsBefore = (await world.clientBookings('client')).length;

    const done = await world.post('/ai-actions/action', { action: 'create_booking', parameters: proposal.body.parameters, confirmationToken: proposal.body.confirmationToken, sessionId: session, language: 'en' }, 'client');
    expect(done.body.result).toMatchObject({ success: true });
    const bookings = await world.clientBookings('client');
    expect(bookings).toHaveLength(bookingsBefore + 1);
    expect(bookings.find((b) => b.id === done.body.bookingId)).toMatchObject({ serviceId: service.id, clientId: PEOPLE.client.id, scheduledDate: '2030-01-10', scheduledTime: '14:00', clientAddress: '7 Cedar St' });
    // Single use: the same token again changes nothing.
    const replay = await world.post('/ai-actions/action', { action: 'create_booking', parameters: proposal.body.parameters, confirmationToken: proposal.body.confirmationToken, sessionId: session, language: 'en' }, 'client');
    expect(replay.body.result).toMatchObject({ success: false });
    expect(await world.clientBookings('client')).toHaveLength(bookingsBefore + 1);
    world.setNow(MONDAY_9AM);
  });

  it(`stops after ${MAX_TOOL_ROUNDS} tool rounds and lets the built-in engine answer`, async () => {
    model.always({ toolCalls: [{ name: 'search_services', arguments: { category: 'cleaning' } }] });
    const reply = await world.chat('How do I pay?', 'model-session-loop');
    expect(model.requests).toHaveLength(MAX_TOOL_ROUNDS);
    expect(reply.body.response).toBe(ANSWERS.payment.en);
  });

  it('falls back to the built-in engine when the model fails or is slow, saying so once per session', async () => {
    model.script.push({ status: 500 });
    const first = await world.chat('How do I pay?', 'model-session-down');
    expect(first.body.response).toBe(ANSWERS.payment.en);
    expect(first.body.notice).toBe('The AI model is not answering right now, so the built-in assistant is helping you instead.');
    model.script.push({ delayMs: 3 * MODEL_TIMEOUT_MS, content: 'too late' });
    const second = await world.chat('ما هي سياسة الإلغاء؟', 'model-session-down', undefined, 'ar');
    expect(second.body.response).toBe(ANSWERS.cancel.ar);
    expect(second.body.notice).toBeUndefined();
    // A stream that starts, then falls silent for longer than the timeout, is given up on too.
    model.script.push({ content: 'This answer stalls halfway', chunks: 2, chunkDelayMs: 3 * MODEL_TIMEOUT_MS });
    const stalled = await world.chat('How do I pay?', 'model-session-stall');
    expect(stalled.body.response).toBe(ANSWERS.payment.en);
    expect(stalled.body.notice).toBe('The AI model is not answering right now, so the built-in assistant is helping you instead.');
    const arabic = await world.chat('كيف أدفع؟', 'model-session-down-ar', undefined, 'ar');
    expect(arabic.body.response).toBe('ok');
  });
});
