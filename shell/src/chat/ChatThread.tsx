import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@khidma/web-kit';
import type { ChatMessage } from './useAssistantChat';

interface Props {
  messages: ChatMessage[];
  pending: boolean;
  /** The answer's text so far while it streams; null until its first words. */
  streamed?: string | null;
  onSend: (text: string) => Promise<boolean>;
  onConfirm: (message: ChatMessage) => Promise<boolean>;
  onDecline: (message: ChatMessage) => Promise<boolean>;
  autoFocus?: boolean;
  className?: string;
}

/** Message list (links, suggestion chips, proposal cards) and composer, shared by the widget and the /chat page. */
export function ChatThread({
  messages,
  pending,
  streamed,
  onSend,
  onConfirm,
  onDecline,
  autoFocus,
  className,
}: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const last = messages.at(-1);

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages, pending, streamed]);

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
      {/* The live region wraps the list: a list given role="log" would lose its list semantics. */}
      <div role="log" aria-live="polite" aria-label={t('chat.log')}>
        <ol ref={listRef} className="kh-chat-log">
          {messages.map((m) => (
            <li key={m.id} className={`kh-chat-msg kh-chat-${m.from}`}>
              <span className="kh-visually-hidden">
                {t(m.from === 'user' ? 'chat.you' : 'chat.assistant')}:{' '}
              </span>
              <span className="kh-chat-text">{m.text}</span>
              {m.links?.length ? (
                <ul className="kh-chat-links" aria-label={t('chat.links')}>
                  {m.links.map((link) => (
                    <li key={link.href}>
                      <Link to={link.href}>{link.label}</Link>
                    </li>
                  ))}
                </ul>
              ) : null}
              {m.proposal ? (
                <div className="kh-chat-proposal" role="group" aria-label={t('chat.proposal')}>
                  {m.proposal.settled ? (
                    <p className="kh-chat-settled">
                      {t(m.proposal.settled === 'confirmed' ? 'chat.confirmed' : 'chat.declined')}
                    </p>
                  ) : (
                    <>
                      <button
                        type="button"
                        className="kh-btn kh-btn-primary"
                        disabled={pending}
                        onClick={() => void onConfirm(m)}
                      >
                        {t('chat.confirm')}
                      </button>
                      <button
                        type="button"
                        className="kh-btn"
                        disabled={pending}
                        onClick={() => void onDecline(m)}
                      >
                        {t('chat.cancel')}
                      </button>
                    </>
                  )}
                </div>
              ) : null}
            </li>
          ))}
          {pending && streamed ? (
            // Hidden from screen readers while it grows: the live region announces the finished message once.
            <li className="kh-chat-msg kh-chat-bot kh-chat-streaming" aria-hidden="true">
              <span className="kh-chat-text">{streamed}</span>
            </li>
          ) : pending ? (
            <li className="kh-chat-msg kh-chat-bot kh-chat-typing" aria-label={t('chat.typing')}>
              <span aria-hidden="true">…</span>
            </li>
          ) : null}
        </ol>
      </div>
      {last?.from === 'bot' && last.suggestions?.length && !last.proposal ? (
        <div className="kh-chat-chips" role="group" aria-label={t('chat.suggestions')}>
          {last.suggestions.map((suggestion) => (
            <button
              key={suggestion}
              type="button"
              className="kh-chip"
              disabled={pending}
              onClick={() => void onSend(suggestion)}
            >
              {suggestion}
            </button>
          ))}
        </div>
      ) : null}
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
          maxLength={2000}
          autoComplete="off"
        />
        <button type="submit" className="kh-btn kh-btn-primary" disabled={pending || !draft.trim()}>
          {t('chat.send')}
        </button>
      </form>
    </div>
  );
}
