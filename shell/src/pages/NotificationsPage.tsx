import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notificationText } from '@khidma/contracts';
import {
  currentLanguage,
  loadOlderNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  PageHeader,
  Spinner,
  useNotifications,
  useNotificationSync,
} from '@khidma/web-kit';
import { NotificationItem } from '../layout/NotificationItem';

const FILTERS = ['all', 'unread'] as const;
type Filter = (typeof FILTERS)[number];
const FILTER_LABELS = { all: 'notifications.filterAll', unread: 'notifications.filterUnread' } as const;

/** /notifications (members only): every notification, older pages on demand, all or unread only. */
export default function NotificationsPage() {
  useNotificationSync(); // The header's bell runs it too; this page does not depend on it.
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('all');
  const { items, unreadCount, hasOlder, status, loadingOlder } = useNotifications();
  const shown = filter === 'unread' ? items.filter((n) => !n.isRead) : items;

  return (
    <div className="kh-page">
      <PageHeader title={t('notifications.title')} subtitle={t('notifications.subtitle')} />
      <div className="kh-notif-toolbar">
        <div role="group" aria-label={t('notifications.filter')} className="kh-notif-filter">
          {FILTERS.map((value) => (
            <button key={value} type="button" aria-pressed={filter === value} onClick={() => setFilter(value)}>
              {t(FILTER_LABELS[value])}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="kh-btn kh-btn-outline"
          disabled={unreadCount === 0}
          onClick={() => void markAllNotificationsRead()}
        >
          {t('notifications.markAll')}
        </button>
      </div>
      {status === 'idle' ? (
        <Spinner />
      ) : shown.length > 0 ? (
        <ul className="kh-notif-list kh-notif-page-list">
          {shown.map((notification) => (
            <li key={notification.id} className={notification.isRead ? 'kh-notif-row' : 'kh-notif-row kh-notif-unread'}>
              <NotificationItem notification={notification} />
              {notification.isRead ? null : (
                <button
                  type="button"
                  className="kh-notif-action"
                  aria-label={`${t('notifications.markRead')}: ${notificationText(notification, currentLanguage()).title}`}
                  onClick={() => void markNotificationRead(notification.id)}
                >
                  {t('notifications.markRead')}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="kh-notif-empty kh-card">{t(filter === 'unread' ? 'notifications.emptyUnread' : 'notifications.empty')}</p>
      )}
      {status === 'ready' && hasOlder ? (
        <div className="kh-notif-more">
          <button type="button" className="kh-btn kh-btn-outline" disabled={loadingOlder} onClick={() => void loadOlderNotifications()}>
            {t('notifications.loadOlder')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
