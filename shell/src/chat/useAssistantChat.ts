import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch, currentLanguage } from '@khidma/web-kit';

export interface ChatMessage {
  id: number;
  from: 'user' | 'bot';
  text: string;
}

// One assistant session per page load (spec §3), shared by the widget and the chat page.
const sessionId = crypto.randomUUID();
let nextId = 0;

interface Options {
  /** i18n key of the message shown when the request fails. */
  failureKey: string;
  /** A bot message the conversation starts with. */
  greeting?: string;
}

/** State and sending for both chat surfaces; POST /api/ai/chat → { response }. */
export function useAssistantChat({ failureKey, greeting }: Options) {
  const { t } = useTranslation();
  const [messages, setMessages] = useState<ChatMessage[]>(() =>
    greeting ? [{ id: nextId++, from: 'bot', text: greeting }] : [],
  );
  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);

  const add = useCallback((from: ChatMessage['from'], text: string) => {
    setMessages((list) => [...list, { id: nextId++, from, text }]);
  }, []);

  const send = useCallback(
    async (raw: string): Promise<boolean> => {
      const message = raw.trim();
      if (!message || inFlight.current) return false;
      inFlight.current = true;
      setPending(true);
      add('user', message);
      try {
        const { response } = await apiFetch<{ response?: string }>('/ai/chat', {
          method: 'POST',
          json: { message, language: currentLanguage(), sessionId },
        });
        add('bot', response?.trim() || t('chat.emptyReply'));
      } catch {
        add('bot', t(failureKey));
      } finally {
        inFlight.current = false;
        setPending(false);
      }
      return true;
    },
    [add, failureKey, t],
  );

  return { messages, pending, send, add };
}
