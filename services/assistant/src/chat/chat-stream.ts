import type { ServerResponse } from 'node:http';
import { CHAT_STREAM_EVENTS, type ChatResponse, type ChatStreamDelta, type ChatStreamError } from '@khidma/contracts';
import type { ReplyDraft } from './engines/assistant-engine.js';

type ChatStreamEvent = (typeof CHAT_STREAM_EVENTS)[keyof typeof CHAT_STREAM_EVENTS];

/** Whether the caller asked for the answer as server-sent events. */
export const wantsEventStream = (accept: string | undefined) => Boolean(accept?.includes('text/event-stream'));

/**
 * The chat's answer as server-sent events (protocol: contracts' CHAT_STREAM_EVENTS). Engines write
 * their text through it as it comes; the built-in engine, which does not stream, has its answer sent
 * as one delta at the end. Whatever the engine did, the deltas after the last `reset` spell the
 * `message`'s text.
 */
export class ChatEventStream implements ReplyDraft {
  private drafted = '';

  constructor(private readonly response: ServerResponse) {}

  /** Headers go out at once; nothing on the way should buffer or compress the events. */
  open(headers: Record<string, string>) {
    this.response.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    });
  }

  write(text: string) {
    if (!text) return;
    this.drafted += text;
    this.send(CHAT_STREAM_EVENTS.delta, { text } satisfies ChatStreamDelta);
  }

  discard() {
    if (!this.drafted) return;
    this.drafted = '';
    this.send(CHAT_STREAM_EVENTS.reset);
  }

  finish(reply: ChatResponse) {
    if (this.drafted.trim() !== reply.response.trim()) {
      this.discard();
      this.write(reply.response);
    }
    this.send(CHAT_STREAM_EVENTS.message, reply);
    this.end();
  }

  fail(error: ChatStreamError) {
    this.send(CHAT_STREAM_EVENTS.error, error);
    this.end();
  }

  /** Ended, or the client went away: nothing more is written. */
  private get closed() {
    return this.response.destroyed || this.response.writableEnded;
  }

  private end() {
    this.send(CHAT_STREAM_EVENTS.done);
    if (!this.closed) this.response.end();
  }

  private send(event: ChatStreamEvent, data: unknown = {}) {
    if (!this.closed) this.response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }
}
