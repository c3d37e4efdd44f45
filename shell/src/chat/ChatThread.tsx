import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from './useAssistantChat';

interface Props {
  messages: ChatMessage[];
  pending: boolean;
  onSend: (text: string) => Promise<boolean>;
  autoFocus?: boolean;
  className?: string;
}

/** Message list and composer shared by the floating widget and the /chat page. */
export function ChatThread({ messages, pending, onSend, autoFocus, className }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages, pending]);

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = draft;
    if (!text.trim()) return;
    setDraft('');
    const sent = await onSend(text);
    if (!sent) setDraft(text);
    inputRef.current?.focus();
  };

  return (
    <div className={`kh-chat ${className ?? ''}`}>
      <ol ref={listRef} className="kh-chat-log" role="log" aria-live="polite" aria-label={t('chat.log')}>
        {messages.map((m) => (
          <li key={m.id} className={`kh-chat-msg kh-chat-${m.from}`}>
            <span className="kh-visually-hidden">{t(m.from === 'user' ? 'chat.you' : 'chat.assistant')}: </span>
            {m.text}
          </li>
        ))}
        {pending ? (
          <li className="kh-chat-msg kh-chat-bot kh-chat-typing" aria-label={t('chat.typing')}>
            <span aria-hidden="true">…</span>
          </li>
        ) : null}
      </ol>
      <form className="kh-chat-form" onSubmit={(e) => void submit(e)}>
        <label htmlFor={`${className ?? 'chat'}-input`} className="kh-visually-hidden">
          {t('chat.inputLabel')}
        </label>
        <input
          id={`${className ?? 'chat'}-input`}
          ref={inputRef}
          className="kh-input"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={t('chat.placeholder')}
          disabled={pending}
          maxLength={1000}
          autoComplete="off"
        />
        <button type="submit" className="kh-btn kh-btn-primary" disabled={pending || !draft.trim()}>
          {t('chat.send')}
        </button>
      </form>
    </div>
  );
}
