import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatLink, ChatResponse } from '@khidma/contracts';
import { apiFetch, clientRegion, currentLanguage } from '@khidma/web-kit';
import { ChatStreamFailure, type DraftHandlers, postForStream } from './chatStream';

export interface ChatProposal {
  action: string;
  parameters: Record<string, unknown>;
  confirmationToken: string;
  /** Set once the user answered the card (it then shows no buttons). */
  settled?: 'confirmed' | 'cancelled';
}

export interface ChatMessage {
  id: number;
  from: 'user' | 'bot';
  text: string;
  suggestions?: string[];
  links?: ChatLink[];
  proposal?: ChatProposal;
}

const SESSION_KEY = 'kh-assistant-session';

/** The client's region when known, so "tomorrow" and "this weekend" are read in its calendar. */
const regionField = () => {
  const region = clientRegion();
  return region ? { region: region.code } : {};
};
const MESSAGES_KEY = 'kh-assistant-messages';

/**
 * One assistant session per browser tab (spec §3), shared by the widget and the chat page, kept with
 * its messages in sessionStorage so a reload of the same session shows the same conversation.
 */
function sessionId(): string {
  const kept = sessionStorage.getItem(SESSION_KEY);
  if (kept) return kept;
  const made = crypto.randomUUID();
  sessionStorage.setItem(SESSION_KEY, made);
  return made;
}

const loadMessages = (): ChatMessage[] => {
  try {
    return JSON.parse(sessionStorage.getItem(MESSAGES_KEY) ?? '[]') as ChatMessage[];
  } catch {
    return [];
  }
};
let nextId = loadMessages().reduce((max, m) => Math.max(max, m.id + 1), 0);

interface Options {
  /** i18n key of the message shown when the request fails. */
  failureKey: string;
  /** A bot message the conversation starts with. */
  greeting?: string;
}

const toMessage = (reply: ChatResponse, fallback: string): Omit<ChatMessage, 'id'> => ({
  from: 'bot',
  text: [reply.notice, reply.response?.trim() || fallback].filter(Boolean).join('\n'),
  suggestions: reply.suggestions,
  links: reply.links,
  proposal:
    reply.requiresConfirmation && reply.confirmationToken && reply.action
      ? { action: reply.action, parameters: reply.parameters ?? {}, confirmationToken: reply.confirmationToken }
      : undefined,
});

/**
 * State and sending for both chat surfaces: POST /api/ai/chat (read as a stream: `streamed` is the
 * answer's text so far, null until its first words), and confirmations to /api/ai-actions/action.
 */
export function useAssistantChat({ failureKey, greeting }: Options) {
  const { t } = useTranslation();
  const [messages, setMessages] = useState<ChatMessage[]>(() => {
    const kept = loadMessages();
    return kept.length || !greeting ? kept : [{ id: nextId++, from: 'bot', text: greeting }];
  });
  const [pending, setPending] = useState(false);
  const [streamed, setStreamed] = useState<string | null>(null);
  const inFlight = useRef(false);

  useEffect(() => {
    sessionStorage.setItem(MESSAGES_KEY, JSON.stringify(messages));
  }, [messages]);

  const push = useCallback((message: Omit<ChatMessage, 'id'>) => {
    setMessages((list) => [...list, { ...message, id: nextId++ }]);
  }, []);
  const add = useCallback((from: ChatMessage['from'], text: string) => push({ from, text }), [push]);

  /** Runs one request with the composer locked; `userText` is shown as the user's message first. */
  const exchange = useCallback(
    async (userText: string | null, request: (draft: DraftHandlers) => Promise<ChatResponse>): Promise<boolean> => {
      if (inFlight.current) return false;
      inFlight.current = true;
      setPending(true);
      if (userText) add('user', userText);
      const draft: DraftHandlers = {
        onDelta: (text) => setStreamed((so) => (so ?? '') + text),
        onReset: () => setStreamed(null),
      };
      try {
        const reply = await request(draft);
        push(toMessage(reply.result && !reply.response ? { ...reply, response: reply.result.message } : reply, t('chat.emptyReply')));
      } catch (error) {
        add('bot', error instanceof ChatStreamFailure ? error.message : t(failureKey));
      } finally {
        inFlight.current = false;
        setStreamed(null);
        setPending(false);
      }
      return true;
    },
    [add, push, failureKey, t],
  );

  const send = useCallback(
    (raw: string): Promise<boolean> => {
      const message = raw.trim();
      if (!message) return Promise.resolve(false);
      return exchange(message, (draft) => postForStream('/ai/chat', { message, language: currentLanguage(), sessionId: sessionId(), ...regionField() }, draft));
    },
    [exchange],
  );

  const settle = (id: number, settled: ChatProposal['settled']) =>
    setMessages((list) => list.map((m) => (m.id === id && m.proposal ? { ...m, proposal: { ...m.proposal, settled } } : m)));

  /** The proposal card's Confirm: the action with its token, nothing else. */
  const confirm = useCallback(
    (message: ChatMessage) => {
      const proposal = message.proposal!;
      settle(message.id, 'confirmed');
      return exchange(t('chat.confirm'), () =>
        apiFetch<ChatResponse>('/ai-actions/action', {
          method: 'POST',
          json: { action: proposal.action, parameters: proposal.parameters, confirmationToken: proposal.confirmationToken, sessionId: sessionId(), language: currentLanguage() },
        }),
      );
    },
    [exchange, t],
  );

  /** The proposal card's Cancel: a cancelling word, so the server records the refusal. */
  const decline = useCallback(
    (message: ChatMessage) => {
      settle(message.id, 'cancelled');
      return exchange(t('chat.cancel'), (draft) => postForStream('/ai/chat', { message: t('chat.noWord'), language: currentLanguage(), sessionId: sessionId(), ...regionField() }, draft));
    },
    [exchange, t],
  );

  return { messages, pending, streamed, send, add, confirm, decline };
}
