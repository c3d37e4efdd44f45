import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BellOutlined } from '@ant-design/icons';
import { NOTIFICATIONS, notificationText } from '@khidma/contracts';
import {
  badgeText,
  currentLanguage,
  markAllNotificationsRead,
  showToast,
  useNotifications,
  useNotificationSync,
  Link,
} from '@khidma/web-kit';
import { NotificationItem } from './NotificationItem';
import { useDismiss } from './useDismiss';

/**
 * Header bell (spec §2): unread badge (99+ cap), a panel with the newest five, "Mark all as read"
 * and "View all". Plain markup, so the header stays free of antd. Mounted while signed in; it keeps
 * the notifications store in sync (poll and live stream) and toasts what arrives live.
 * Admins see their real count, not the spec's fixed badge of 1.
 */
export default function NotificationBell() {
  useNotificationSync();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const items = useNotifications((s) => s.items);
  const unreadCount = useNotifications((s) => s.unreadCount);
  const latestArrival = useNotifications((s) => s.latestArrival);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (latestArrival) showToast('info', notificationText(latestArrival, currentLanguage()).title);
  }, [latestArrival]);

  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, { root: rootRef, toggle: toggleRef });
  const badge = badgeText(unreadCount);
  const newest = items.slice(0, NOTIFICATIONS.dropdownMax);
  return (
    <div
      className="kh-notif"
      ref={rootRef}
      onBlur={(e) => {
        // Tabbing out of the panel closes it (a click on its text moves focus nowhere: it stays).
        if (e.relatedTarget && !rootRef.current?.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={toggleRef}
        type="button"
        className="kh-notif-toggle"
        aria-expanded={open}
        aria-controls={open ? 'kh-notif-panel' : undefined}
        aria-label={unreadCount > 0 ? t('notifications.bellUnread', { unread: badge }) : t('notifications.bell')}
        onClick={() => setOpen((value) => !value)}
      >
        <BellOutlined aria-hidden="true" />
        {badge ? (
          <span className="kh-notif-badge" aria-hidden="true">
            {badge}
          </span>
        ) : null}
      </button>
      {open ? (
        <section id="kh-notif-panel" className="kh-notif-panel" aria-labelledby="kh-notif-panel-title">
          <header className="kh-notif-panel-head">
            <h2 id="kh-notif-panel-title">{t('notifications.panel')}</h2>
            {unreadCount > 0 ? (
              <button type="button" className="kh-notif-action" onClick={() => void markAllNotificationsRead()}>
                {t('notifications.markAll')}
              </button>
            ) : null}
          </header>
          {newest.length > 0 ? (
            <ul className="kh-notif-list">
              {newest.map((notification) => (
                <li key={notification.id}>
                  <NotificationItem notification={notification} onFollow={close} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="kh-notif-empty">{t('notifications.empty')}</p>
          )}
          <Link to="/notifications" className="kh-notif-all" onClick={close}>
            {t('notifications.viewAll')}
          </Link>
        </section>
      ) : null}
    </div>
  );
}
