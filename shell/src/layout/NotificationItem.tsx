import { useTranslation } from 'react-i18next';
import { notificationLink, type NotificationDto } from '@khidma/contracts';
import { currentLanguage, formatDate, formatRelativeTime, markNotificationRead, useSession, Link } from '@khidma/web-kit';
import './notifications.css';

/**
 * One notification as a link to where it leads (spec §2; by type, or the admin panel for admins).
 * Following it marks it read. Used by the header dropdown and the notifications page.
 */
export function NotificationItem({ notification, onFollow }: { notification: NotificationDto; onFollow?: () => void }) {
  const { t } = useTranslation();
  const role = useSession((s) => s.user?.role) ?? 'client';
  const language = currentLanguage();
  const unread = !notification.isRead;
  return (
    <Link
      to={notificationLink(notification, role)}
      className={unread ? 'kh-notif-item kh-notif-unread' : 'kh-notif-item'}
      onClick={() => {
        void markNotificationRead(notification.id);
        onFollow?.();
      }}
    >
      <span className="kh-notif-title">
        {unread ? (
          <>
            <span className="kh-notif-dot" aria-hidden="true" />
            <span className="kh-visually-hidden">{t('notifications.unread')}: </span>
          </>
        ) : null}
        {/* Written in the recipient's language when it was created: it may differ from the page's. */}
        <span dir="auto">{notification.title}</span>
      </span>
      <span className="kh-notif-message" dir="auto">
        {notification.message}
      </span>
      <time
        className="kh-notif-time"
        dateTime={notification.createdAt}
        title={formatDate(notification.createdAt, language, { dateStyle: 'medium', timeStyle: 'short' })}
      >
        {formatRelativeTime(notification.createdAt, language)}
      </time>
    </Link>
  );
}
