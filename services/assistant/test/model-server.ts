import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

interface CompletionRequest {
  model: string;
  stream?: boolean;
  tools?: Array<{ type: string; function: { name: string; parameters: { type: string; properties?: object } } }>;
  messages: Array<{ role: string; content: string | null; tool_call_id?: string; tool_calls?: unknown[] }>;
}
/**
 * One scripted answer: text (in `chunks` deltas, `chunkDelayMs` apart, the connection cut after
 * `cutAfterChunks` of them if set), tool calls (after an optional
 * text such as "let me check"), an HTTP error, or a delay before answering.
 */
export type Turn =
  | { content: string; chunks?: number; chunkDelayMs?: number; cutAfterChunks?: number }
  | { toolCalls: Array<{ name: string; arguments: unknown }>; content?: string }
  | { status: number }
  | { delayMs: number };

/**
 * An OpenAI-compatible server on a free port, speaking the real chat.completions protocol: SSE
 * chunks for streamed requests (text deltas, tool_calls deltas with arguments in pieces, [DONE]).
 * It answers each request with the next scripted turn and records what it was sent.
 */
export async function startModelServer() {
  const requests: Array<{ authorization?: string; body: CompletionRequest }> = [];
  const script: Turn[] = [];
  let fallbackTurn: Turn = { content: 'ok' };
  let answered = 0;
  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as CompletionRequest;
  };
  const sse = (response: ServerResponse, model: string, delta: object, finish: string | null = null) =>
    response.write(`data: ${JSON.stringify({ id: `chatcmpl-${requests.length}`, object: 'chat.completion.chunk', created: 1_900_000_000, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
  const server: Server = createServer((request, response) => {
    void (async () => {
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') return void response.writeHead(404).end();
      const body = await readBody(request);
      requests.push({ authorization: request.headers.authorization, body });
      const turn = script.shift() ?? fallbackTurn;
      if ('delayMs' in turn) await sleep(turn.delayMs);
      if ('status' in turn) {
        response.writeHead(turn.status, { 'content-type': 'application/json' });
        return void response.end(JSON.stringify({ error: { message: 'model overloaded', type: 'server_error' } }));
      }
      if (!body.stream) return void response.writeHead(400).end();
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      sse(response, body.model, { role: 'assistant', content: '' });
      if ('toolCalls' in turn) {
        if (turn.content) sse(response, body.model, { content: turn.content });
        turn.toolCalls.forEach((call, index) => {
          const args = JSON.stringify(call.arguments);
          sse(response, body.model, { tool_calls: [{ index, id: `call_${requests.length}_${index}`, type: 'function', function: { name: call.name, arguments: '' } }] });
          sse(response, body.model, { tool_calls: [{ index, function: { arguments: args.slice(0, 5) } }] });
          sse(response, body.model, { tool_calls: [{ index, function: { arguments: args.slice(5) } }] });
        });
        sse(response, body.model, {}, 'tool_calls');
      } else if ('content' in turn) {
        const chunks = turn.chunks ?? 2;
        const size = Math.ceil(turn.content.length / chunks);
        for (let at = 0; at < turn.content.length; at += size) {
          if (at && turn.chunkDelayMs) await sleep(turn.chunkDelayMs);
          if (at / size === turn.cutAfterChunks) {
            // Let what was written reach the client first: a destroyed socket drops its unsent data.
            await sleep(100);
            return void response.destroy();
          }
          sse(response, body.model, { content: turn.content.slice(at, at + size) });
        }
        sse(response, body.model, {}, 'stop');
      }
      response.end('data: [DONE]\n\n');
      answered++;
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    script,
    always: (turn: Turn) => (fallbackTurn = turn),
    /** How many streamed answers were sent to their end. */
    answered: () => answered,
    close: () => new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }),
  };
}
export type ModelServer = Awaited<ReturnType<typeof startModelServer>>;
