import { useTranslation } from 'react-i18next';
import { MessageOutlined } from '@ant-design/icons';
import { badgeText, Link } from '@khidma/web-kit';
import { useConversationUnread, useConversationUnreadSync } from './unread';

/** Header link to the inbox with the total of unread messages (mounted while signed in). */
export default function MessagesLink() {
  useConversationUnreadSync();
  const { t } = useTranslation();
  const unread = useConversationUnread((s) => s.unreadCount);
  const badge = badgeText(unread);
  return (
    <Link
      to="/messages"
      className="kh-notif-toggle"
      aria-label={unread > 0 ? t('conversations.linkUnread', { unread: badge }) : t('conversations.link')}
      data-testid="messages-link"
    >
      <MessageOutlined aria-hidden="true" />
      {badge ? (
        <span className="kh-notif-badge" aria-hidden="true">
          {badge}
        </span>
      ) : null}
    </Link>
  );
}
