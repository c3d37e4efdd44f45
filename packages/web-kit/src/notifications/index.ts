export { NOTIFICATION_PATHS } from './api.js';
export {
  useNotifications,
  refreshNotifications,
  loadOlderNotifications,
  markNotificationRead,
  markAllNotificationsRead,
  badgeText,
  type NotificationsState,
} from './store.js';
export { startNotificationSync, useNotificationSync, onConversationChanged, type ConversationListener } from './sync.js';
