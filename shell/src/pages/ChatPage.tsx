import { useTranslation } from 'react-i18next';
import { PageHeader } from '@khidma/web-kit';
import { ChatThread } from '../chat/ChatThread';
import { useAssistantChat } from '../chat/useAssistantChat';

/** Full-page assistant on the same endpoint as the widget. */
export default function ChatPage() {
  const { t } = useTranslation();
  const { messages, pending, send, confirm, decline } = useAssistantChat({
    failureKey: 'chat.pageUnavailable',
    greeting: t('chat.welcome'),
  });
  return (
    <div className="kh-page kh-chat-page">
      <PageHeader title={t('chat.pageTitle')} subtitle={t('chat.pageSubtitle')} />
      <ChatThread messages={messages} pending={pending} onSend={send} onConfirm={confirm} onDecline={decline} autoFocus className="kh-page-chat" />
    </div>
  );
}
