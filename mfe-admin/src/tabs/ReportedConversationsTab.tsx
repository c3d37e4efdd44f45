import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConversationMessageDto, ConversationMessagesResponse, ReportedConversationDto, ReportedConversationListResponse } from '@khidma/contracts';
import { apiFetch, localized, showToast, useDateFormat, useLoad } from '@khidma/web-kit';
import { NS } from '../namespace';
import { conversationMessagesPath, hideConversationMessage, reportedConversationsPath } from '../api';
import { EmptyState, ErrorState, LoadingBlock } from '../components/States';
import { serverMessage } from '../lib/errors';

/**
 * Reported conversations (issue 13): the admin reads a conversation only once a party reported one of
 * its messages, never writes in it, and may hide a reported message from both parties (or show it again).
 */
export default function ReportedConversationsTab() {
  const { t } = useTranslation(NS);
  const { language, formatDate } = useDateFormat();
  const { state, reload } = useLoad('reported', () => apiFetch<ReportedConversationListResponse>(reportedConversationsPath));
  const [openId, setOpenId] = useState<string | null>(null);

  if (state.status === 'loading') return <LoadingBlock />;
  if (state.status === 'error') return <ErrorState onRetry={reload} />;
  if (!state.data.conversations.length) return <EmptyState>{t('reported.empty')}</EmptyState>;
  return (
    <ul className="ka-reported" aria-label={t('tabs.reported')}>
      {state.data.conversations.map((conversation) => (
        <li key={conversation.id} className="ka-block">
          <div className="ka-reported-head">
            <div>
              <strong>{parties(conversation, language)}</strong>
              <p className="ka-muted">
                {conversation.bookingNumber ? t('reported.booking', { number: conversation.bookingNumber }) : t('reported.enquiry')} ·{' '}
                {t('reported.openReports', { count: conversation.openReports })} ·{' '}
                <time dateTime={conversation.lastReportedAt}>
                  {formatDate(conversation.lastReportedAt, { dateStyle: 'medium', timeStyle: 'short' })}
                </time>
              </p>
            </div>
            <Button aria-expanded={openId === conversation.id} onClick={() => setOpenId((id) => (id === conversation.id ? null : conversation.id))}>
              {t(openId === conversation.id ? 'reported.close' : 'reported.read')}
            </Button>
          </div>
          {openId === conversation.id ? <ReportedThread conversation={conversation} onChanged={reload} /> : null}
        </li>
      ))}
    </ul>
  );
}

const parties = (conversation: ReportedConversationDto, language: 'en' | 'ar') =>
  `${conversation.client.name} ↔ ${localized(language, conversation.provider.name, conversation.provider.nameAr)}`;

function ReportedThread({ conversation, onChanged }: { conversation: ReportedConversationDto; onChanged: () => void }) {
  const { t } = useTranslation(NS);
  const { language, formatDate } = useDateFormat();
  const { state, reload, update } = useLoad(`reported-${conversation.id}`, () =>
    apiFetch<ConversationMessagesResponse>(conversationMessagesPath(conversation.id)),
  );
  const [busy, setBusy] = useState<string | null>(null);

  const toggle = async (message: ConversationMessageDto) => {
    setBusy(message.id);
    try {
      const changed = await hideConversationMessage(message.id, !message.hidden);
      update((page) => ({ ...page, messages: page.messages.map((m) => (m.id === changed.id ? { ...m, ...changed, mine: m.mine } : m)) }));
      showToast('success', t(changed.hidden ? 'reported.hiddenDone' : 'reported.shownDone'));
      onChanged();
    } catch (error) {
      showToast('error', serverMessage(error, t('reported.failed'), t));
    } finally {
      setBusy(null);
    }
  };

  if (state.status === 'loading') return <LoadingBlock rows={3} />;
  if (state.status === 'error') return <ErrorState onRetry={reload} />;
  const providerName = localized(language, conversation.provider.name, conversation.provider.nameAr);
  return (
    <ol className="ka-reported-thread" aria-label={t('reported.messages', { parties: parties(conversation, language) })}>
      {state.data.messages.map((message) => (
        <li key={message.id} className={message.reportCount ? 'ka-reported-msg ka-reported-flagged' : 'ka-reported-msg'}>
          <p className="ka-muted">
            {message.senderSide === 'client' ? conversation.client.name : providerName} ·{' '}
            <time dateTime={message.createdAt}>{formatDate(message.createdAt, { dateStyle: 'short', timeStyle: 'short' })}</time>
            {message.reportCount ? ` · ${t('reported.reports', { count: message.reportCount })}` : ''}
            {message.hidden ? ` · ${t('reported.hiddenLabel')}` : ''}
          </p>
          {message.text ? <p dir="auto">{message.text}</p> : null}
          {message.imageUrl ? <p className="ka-muted">{t('reported.photo')}</p> : null}
          {message.reportCount ? (
            <Button danger={!message.hidden} loading={busy === message.id} onClick={() => void toggle(message)}>
              {t(message.hidden ? 'reported.show' : 'reported.hide')}
            </Button>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
