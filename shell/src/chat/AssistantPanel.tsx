import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ChatThread } from './ChatThread';
import { useAssistantChat } from './useAssistantChat';

/**
 * The widget's conversation: mounted on the first open and kept while the page lives, so closing the
 * panel keeps the conversation. Its own chunk: the chat's code is not part of any page's first load.
 */
export default function AssistantPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  // The welcome message starts a conversation opened for the first time (spec §2).
  const { messages, pending, streamed, send, confirm, decline } = useAssistantChat({ failureKey: 'chat.widgetUnavailable', greeting: t('chat.welcome') });
  if (!open) return null;
  return (
    <section className="kh-widget-panel" role="dialog" aria-labelledby="kh-widget-title">
      <header className="kh-widget-head">
        <h2 id="kh-widget-title">{t('chat.widgetTitle')}</h2>
        <button type="button" className="kh-icon-btn" onClick={onClose} aria-label={t('chat.close')}>
          <CloseOutlined aria-hidden="true" />
        </button>
      </header>
      <ChatThread messages={messages} pending={pending} streamed={streamed} onSend={send} onConfirm={confirm} onDecline={decline} autoFocus className="kh-widget-chat" />
    </section>
  );
}
