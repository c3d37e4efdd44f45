import { create } from 'zustand';
import { NOTIFICATIONS, NOTIFICATION_LIST_LIMITS, type NotificationDto } from '@khidma/contracts';
import { fetchNotificationPage, NOTIFICATION_PATHS, postNotificationChange } from './api.js';

export interface NotificationsState {
  /** Newest first: the latest page, plus older pages once asked for (the notifications page). */
  items: NotificationDto[];
  unreadCount: number;
  /** More notifications exist beyond the oldest of `items`. */
  hasOlder: boolean;
  /** 'idle' until the first answer (or failure) for the signed-in user. */
  status: 'idle' | 'ready';
  loadingOlder: boolean;
  /**
   * The newest notification that arrived live and is worth announcing (the shell toasts it). Receipts
   * of the user's own actions (`metadata.byYou`) are listed but not announced: they would replace the
   * page's own confirmation toast.
   */
  latestArrival: NotificationDto | null;
}

const empty: NotificationsState = {
  items: [],
  unreadCount: 0,
  hasOlder: false,
  status: 'idle',
  loadingOlder: false,
  latestArrival: null,
};

/**
 * The signed-in user's notifications, one store for the shell and every remote (web-kit is a Module
 * Federation singleton). `startNotificationSync` keeps it current; the functions below change it.
 */
export const useNotifications = create<NotificationsState>()(() => ({ ...empty }));

/**
 * Bumped whenever the store is emptied (sign-out, another user): an answer to a request sent before
 * belongs to the previous user and is dropped.
 */
let generation = 0;
/** Only the latest refresh may write: an older one answering late would bring back stale data. */
let refreshSeq = 0;

const byNewest = (a: NotificationDto, b: NotificationDto) =>
  b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

function merge(...lists: NotificationDto[][]): NotificationDto[] {
  const byId = new Map<string, NotificationDto>();
  for (const list of lists) for (const item of list) byId.set(item.id, item);
  return [...byId.values()].sort(byNewest);
}

/** Empties the store and drops every answer still on its way. */
export function resetNotifications(): void {
  generation += 1;
  useNotifications.setState({ ...empty });
}

/**
 * Fetches the newest page (spec §7), keeping older pages already loaded. Spec §8: a failure shows
 * an empty list and a zero count, silently.
 */
export async function refreshNotifications(): Promise<void> {
  const started = generation;
  refreshSeq += 1;
  const seq = refreshSeq;
  try {
    const page = await fetchNotificationPage();
    if (started !== generation || seq !== refreshSeq) return;
    useNotifications.setState((state) => {
      const full = page.notifications.length >= NOTIFICATION_LIST_LIMITS.defaultLimit;
      const oldestOfPage = page.notifications.at(-1);
      // Older pages loaded earlier stay; whatever the new page covers is replaced by it.
      const olderKept = full && oldestOfPage ? state.items.filter((item) => byNewest(item, oldestOfPage) > 0) : [];
      return {
        items: merge(olderKept, page.notifications),
        unreadCount: page.unreadCount,
        hasOlder: full && (olderKept.length === 0 || state.hasOlder),
        status: 'ready',
      };
    });
  } catch (error) {
    if (started !== generation || seq !== refreshSeq) return;
    console.warn('[notifications] list failed', error);
    useNotifications.setState({ items: [], unreadCount: 0, hasOlder: false, status: 'ready' });
  }
}

/** Appends the page after the oldest notification shown. A failure keeps the list (try again later). */
export async function loadOlderNotifications(): Promise<void> {
  const { items, hasOlder, loadingOlder } = useNotifications.getState();
  const oldest = items.at(-1);
  if (!hasOlder || loadingOlder || !oldest) return;
  const started = generation;
  useNotifications.setState({ loadingOlder: true });
  try {
    const page = await fetchNotificationPage(oldest);
    if (started !== generation) return;
    useNotifications.setState((state) => ({
      items: merge(state.items, page.notifications),
      hasOlder: page.notifications.length >= NOTIFICATION_LIST_LIMITS.defaultLimit,
      loadingOlder: false,
    }));
  } catch (error) {
    if (started !== generation) return;
    console.warn('[notifications] older page failed', error);
    useNotifications.setState({ loadingOlder: false });
  }
}

/** A notification pushed on the stream: shown at once (the `unread` event brings the count). */
export function receiveNotification(notification: NotificationDto): void {
  useNotifications.setState((state) => ({
    items: merge(state.items, [notification]),
    latestArrival: notification.metadata.byYou ? state.latestArrival : notification,
  }));
}

export function setUnreadCount(unreadCount: number): void {
  useNotifications.setState({ unreadCount: Math.max(0, unreadCount) });
}

/** Marks one as read here at once; the server's answer (or a refetch after a failure) settles it. */
export async function markNotificationRead(id: string): Promise<void> {
  const item = useNotifications.getState().items.find((n) => n.id === id);
  if (!item || item.isRead) return;
  useNotifications.setState((state) => ({
    items: state.items.map((n) => (n.id === id ? { ...n, isRead: true } : n)),
    unreadCount: Math.max(0, state.unreadCount - 1),
  }));
  await settle(NOTIFICATION_PATHS.read(id));
}

export async function markAllNotificationsRead(): Promise<void> {
  useNotifications.setState((state) => ({
    items: state.items.map((n) => (n.isRead ? n : { ...n, isRead: true })),
    unreadCount: 0,
  }));
  await settle(NOTIFICATION_PATHS.readAll);
}

async function settle(path: string): Promise<void> {
  const started = generation;
  try {
    const unreadCount = await postNotificationChange(path);
    if (started === generation && unreadCount !== null) setUnreadCount(unreadCount);
  } catch (error) {
    if (started !== generation) return;
    console.warn('[notifications] change failed', error);
    await refreshNotifications(); // Shows the server's truth again instead of the optimistic change.
  }
}

/** The badge text of spec §9: the count, or "99+" above 99; empty for none. */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > NOTIFICATIONS.badgeCap ? `${NOTIFICATIONS.badgeCap}+` : String(count);
}
