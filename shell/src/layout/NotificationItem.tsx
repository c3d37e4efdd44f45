import { useTranslation } from 'react-i18next';
import { notificationLink, notificationText, type NotificationDto } from '@khidma/contracts';
import { formatRelativeTime, Link, markNotificationRead, useDateFormat, useSession } from '@khidma/web-kit';
import './notifications.css';

/**
 * One notification as a link to where it leads (spec §2; by type, or the admin panel for admins).
 * Following it marks it read. Used by the header dropdown and the notifications page.
 */
export function NotificationItem({ notification, onFollow }: { notification: NotificationDto; onFollow?: () => void }) {
  const { t } = useTranslation();
  const role = useSession((s) => s.user?.role) ?? 'client';
  const { language, formatDate } = useDateFormat();
  const unread = !notification.isRead;
  const { title, message } = notificationText(notification, language);
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
        {/* In the page's language; a notice from before translations were kept is in the one it was written in. */}
        <span dir="auto">{title}</span>
      </span>
      {/* A chat message is quoted as its sender wrote it, in any language. */}
      <span className="kh-notif-message" dir="auto">
        {message}
      </span>
      <time
        className="kh-notif-time"
        dateTime={notification.createdAt}
        title={formatDate(notification.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
      >
        {formatRelativeTime(notification.createdAt, language)}
      </time>
    </Link>
  );
}
