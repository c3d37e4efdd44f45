import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type ConversationSummaryDto, notificationLink } from '@khidma/contracts';
import { Link, onConversationChanged, PageHeader, Spinner, useDateFormat, useLoad, useNotificationSync } from '@khidma/web-kit';
import { conversationsApi } from './api';
import { counterpartName } from './names';
import './conversations.css';

/** Where a conversation opens: the /chat link of spec §2's notification routing (one code path). */
export const conversationPath = (conversation: Pick<ConversationSummaryDto, 'id' | 'providerId' | 'bookingId'>) =>
  notificationLink(
    {
      type: 'chat',
      metadata: { providerId: conversation.providerId, conversationId: conversation.id, ...(conversation.bookingId && { bookingId: conversation.bookingId }) },
    },
    'client',
  );

/** /messages: the signed-in user's conversations (as client or provider), latest first. */
export default function InboxPage() {
  useNotificationSync();
  const { t } = useTranslation();
  const { language, formatDate } = useDateFormat();
  const { state, reload } = useLoad('inbox', () => conversationsApi.list());
  useEffect(() => onConversationChanged(() => reload()), [reload]);

  return (
    <div className="kh-page">
      <PageHeader title={t('conversations.inboxTitle')} subtitle={t('conversations.inboxSubtitle')} />
      {state.status === 'loading' ? (
        <Spinner />
      ) : state.status === 'error' ? (
        <p role="alert" className="kh-card kh-conv-empty">
          {t('conversations.errors.failed')}
        </p>
      ) : state.data.conversations.length === 0 ? (
        <p className="kh-card kh-conv-empty">{t('conversations.empty')}</p>
      ) : (
        <ul className="kh-conv-inbox" data-testid="inbox">
          {state.data.conversations.map((conversation) => {
            const name = counterpartName(conversation, language);
            const last = conversation.lastMessage;
            const preview = !last
              ? ''
              : last.hidden
                ? t('conversations.hidden')
                : (last.text ?? t('conversations.photo'));
            return (
              <li key={conversation.id} className={conversation.unreadCount ? 'kh-conv-row kh-conv-row-unread' : 'kh-conv-row'}>
                <Link to={conversationPath(conversation)} className="kh-conv-row-link">
                  <span className="kh-conv-row-head">
                    <strong>{name}</strong>
                    {last ? (
                      <time dateTime={last.createdAt} className="kh-conv-time">
                        {formatDate(last.createdAt, { dateStyle: 'short', timeStyle: 'short' })}
                      </time>
                    ) : null}
                  </span>
                  <span className="kh-conv-row-sub">
                    {conversation.bookingNumber
                      ? t('conversations.aboutBooking', { number: conversation.bookingNumber })
                      : t('conversations.enquiry')}
                  </span>
                  <span className="kh-conv-preview">
                    {last?.mine ? <span className="kh-conv-preview-you">{t('conversations.you')}:</span> : null}
                    {/* The message keeps its own direction, so a long one is cut at its own end: an English
                        message in an Arabic page shows its first words, not its last. */}
                    <span className="kh-conv-preview-text" dir="auto">
                      {preview}
                    </span>
                  </span>
                </Link>
                {conversation.unreadCount ? (
                  <span className="kh-conv-unread" aria-label={t('conversations.unreadCount', { count: conversation.unreadCount })}>
                    {conversation.unreadCount}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
