import { useEffect, useRef, useState } from 'react';
import { CloseOutlined, MessageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ChatThread } from './ChatThread';
import { useAssistantChat } from './useAssistantChat';

/** Floating assistant (bottom end corner, so it mirrors in RTL) with a small chat panel. */
export function AssistantWidget() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { messages, pending, streamed, send, add, confirm, decline } = useAssistantChat({ failureKey: 'chat.widgetUnavailable' });
  const toggleRef = useRef<HTMLButtonElement>(null);

  const openPanel = () => {
    // The welcome message is added on the first open only (spec §2).
    if (messages.length === 0) add('bot', t('chat.welcome'));
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <>
      {open ? (
        <section className="kh-widget-panel" role="dialog" aria-labelledby="kh-widget-title">
          <header className="kh-widget-head">
            <h2 id="kh-widget-title">{t('chat.widgetTitle')}</h2>
            <button type="button" className="kh-icon-btn" onClick={close} aria-label={t('chat.close')}>
              <CloseOutlined aria-hidden="true" />
            </button>
          </header>
          <ChatThread messages={messages} pending={pending} streamed={streamed} onSend={send} onConfirm={confirm} onDecline={decline} autoFocus className="kh-widget-chat" />
        </section>
      ) : null}
      <button
        ref={toggleRef}
        type="button"
        className="kh-widget-toggle"
        aria-expanded={open}
        aria-label={t(open ? 'chat.close' : 'chat.open')}
        onClick={open ? close : openPanel}
      >
        {open ? <CloseOutlined aria-hidden="true" /> : <MessageOutlined aria-hidden="true" />}
      </button>
    </>
  );
}
