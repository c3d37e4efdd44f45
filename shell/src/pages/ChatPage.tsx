import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader, useSearchParams } from '@khidma/web-kit';
import { ChatThread } from '../chat/ChatThread';
import { useAssistantChat } from '../chat/useAssistantChat';

const ConversationPage = lazy(() => import('../conversations/ConversationPage'));

/**
 * /chat: the assistant; /chat?provider=…[&booking=…] (spec §2 notification routing): the conversation
 * with that provider, about that booking (`&conversation=…` names an enquiry, for its provider).
 */
export default function ChatPage() {
  const [params] = useSearchParams();
  const providerId = params.get('provider');
  if (providerId) {
    return <ConversationPage providerId={providerId} bookingId={params.get('booking')} conversationId={params.get('conversation')} />;
  }
  return <AssistantPage />;
}

/** Full-page assistant on the same endpoint as the widget. */
function AssistantPage() {
  const { t } = useTranslation();
  const { messages, pending, streamed, send, confirm, decline } = useAssistantChat({
    failureKey: 'chat.pageUnavailable',
    greeting: t('chat.welcome'),
  });
  return (
    <div className="kh-page kh-chat-page">
      <PageHeader title={t('chat.pageTitle')} subtitle={t('chat.pageSubtitle')} />
      <ChatThread messages={messages} pending={pending} streamed={streamed} onSend={send} onConfirm={confirm} onDecline={decline} autoFocus className="kh-page-chat" />
    </div>
  );
}
