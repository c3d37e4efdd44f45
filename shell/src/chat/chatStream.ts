import { createParser } from 'eventsource-parser';
import { CHAT_STREAM_EVENTS, type ChatResponse, type ChatStreamDelta, type ChatStreamError } from '@khidma/contracts';
import { authorizedFetch } from '@khidma/web-kit';

/** Where the answer's text goes as it comes. */
export interface DraftHandlers {
  onDelta: (text: string) => void;
  /** The text so far is dropped: a new one follows. */
  onReset: () => void;
}

/** The server's `error` event: its message is already in the user's language. */
export class ChatStreamFailure extends Error {}

/**
 * POSTs to the assistant asking for server-sent events (contracts' CHAT_STREAM_EVENTS): fetch with a
 * readable body, as EventSource cannot POST. Resolves with the `message` event's whole reply; a
 * server answering JSON instead is read as JSON.
 */
export async function postForStream(path: string, json: unknown, handlers: DraftHandlers): Promise<ChatResponse> {
  const res = await authorizedFetch(path, { method: 'POST', json, headers: { Accept: 'text/event-stream' }, cache: 'no-store' });
  if (!res.headers.get('content-type')?.includes('text/event-stream') || !res.body) return JSON.parse(await res.text()) as ChatResponse;
  let reply: ChatResponse | undefined;
  let failure: ChatStreamError | undefined;
  const parser = createParser({
    onEvent: ({ event, data }) => {
      if (event === CHAT_STREAM_EVENTS.delta) handlers.onDelta((JSON.parse(data) as ChatStreamDelta).text);
      else if (event === CHAT_STREAM_EVENTS.reset) handlers.onReset();
      else if (event === CHAT_STREAM_EVENTS.message) reply = JSON.parse(data) as ChatResponse;
      else if (event === CHAT_STREAM_EVENTS.error) failure = JSON.parse(data) as ChatStreamError;
    },
  });
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
  if (failure) throw new ChatStreamFailure(failure.message);
  if (!reply) throw new Error('the chat stream ended without an answer');
  return reply;
}
