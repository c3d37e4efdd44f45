import { useEffect } from 'react';
import {
  type ConversationChangedEvent,
  NOTIFICATIONS,
  NOTIFICATION_STREAM_EVENTS,
  type NotificationDto,
  type UnreadCountEvent,
} from '@khidma/contracts';
import type { EventSourceMessage } from 'eventsource-parser';
import { useSession, type SessionState } from '../session.js';
import { readNotificationStream } from './stream.js';
import { receiveNotification, refreshNotifications, resetNotifications, setUnreadCount, useNotifications } from './store.js';

/** Reconnect delays: doubling from 1 s (or the server's `retry:`) up to 30 s, with jitter. */
export const STREAM_RECONNECT = { baseMs: 1000, maxMs: 30_000 } as const;

interface Running {
  userId: string;
  stop: AbortController;
  poll: ReturnType<typeof setInterval>;
}

/** Told the id of a conversation that changed, or null after a reconnect (anything may have). */
export type ConversationListener = (conversationId: string | null) => void;
const conversationListeners = new Set<ConversationListener>();

/**
 * Follows the conversation events of the same stream (no second connection): the inbox, an open
 * conversation and the header's unread count reload what changed. Returns the unsubscribe.
 */
export function onConversationChanged(listener: ConversationListener): () => void {
  conversationListeners.add(listener);
  return () => void conversationListeners.delete(listener);
}

let holders = 0;
let unsubscribeSession: (() => void) | null = null;
let running: Running | null = null;

/**
 * Keeps `useNotifications` current while someone is signed in: the list now and every
 * NOTIFICATIONS.pollMs (spec §9), plus the live stream, reconnected with backoff and followed by
 * a refetch for whatever was missed meanwhile. Sign-out (or another user) stops it all and empties
 * the store. Several callers share one sync; it ends when the last one calls the returned stop.
 */
export function startNotificationSync(): () => void {
  holders += 1;
  if (holders === 1) {
    unsubscribeSession = useSession.subscribe(follow);
    follow(useSession.getState());
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders > 0) return;
    unsubscribeSession?.();
    unsubscribeSession = null;
    end();
  };
}

/** Runs the sync while the component is mounted (the shell's header does). */
export function useNotificationSync(): void {
  useEffect(() => startNotificationSync(), []);
}

function follow(session: SessionState): void {
  const userId = session.status === 'authenticated' && session.accessToken ? (session.user?.id ?? null) : null;
  if (running?.userId === userId) return; // A refreshed token keeps the same user's sync.
  end();
  if (userId) begin(userId);
}

function begin(userId: string): void {
  const stop = new AbortController();
  void refreshNotifications();
  const poll = setInterval(() => void refreshNotifications(), NOTIFICATIONS.pollMs);
  running = { userId, stop, poll };
  void followStream(stop.signal);
}

function end(): void {
  if (!running) return;
  clearInterval(running.poll);
  running.stop.abort();
  running = null;
  resetNotifications();
}

async function followStream(signal: AbortSignal): Promise<void> {
  let attempts = 0;
  let failures = 0;
  let retryMs: number = STREAM_RECONNECT.baseMs;
  while (!signal.aborted) {
    const reconnecting = attempts > 0;
    attempts += 1;
    try {
      await readNotificationStream(signal, {
        onOpen: () => {
          failures = 0;
          if (!reconnecting) return;
          // Events sent while disconnected were lost.
          void refreshNotifications();
          for (const listener of conversationListeners) listener(null);
        },
        onEvent: (message) => {
          if (!signal.aborted) applyStreamEvent(message);
        },
        onRetry: (ms) => {
          retryMs = ms;
        },
      });
    } catch (error) {
      if (signal.aborted) return;
      console.warn('[notifications] stream dropped', error);
    }
    failures += 1;
    await pause(reconnectDelay(failures, retryMs), signal);
  }
}

/** Exponential backoff in the upper half of the step, so many tabs do not reconnect in step. */
function reconnectDelay(failures: number, baseMs: number): number {
  const step = Math.min(STREAM_RECONNECT.maxMs, baseMs * 2 ** (failures - 1));
  return step * (0.5 + Math.random() / 2);
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function applyStreamEvent(message: EventSourceMessage): void {
  try {
    if (message.event === NOTIFICATION_STREAM_EVENTS.notification) {
      const notification = JSON.parse(message.data) as NotificationDto;
      if (typeof notification?.id === 'string') receiveNotification(notification);
    } else if (message.event === NOTIFICATION_STREAM_EVENTS.conversation) {
      const { conversationId } = JSON.parse(message.data) as ConversationChangedEvent;
      if (typeof conversationId === 'string') for (const listener of conversationListeners) listener(conversationId);
    } else if (message.event === NOTIFICATION_STREAM_EVENTS.unread) {
      const { unreadCount } = JSON.parse(message.data) as UnreadCountEvent;
      if (typeof unreadCount !== 'number') return;
      // Fewer unread than this tab knows of: read in another tab, whose list changes are refetched.
      const readElsewhere = unreadCount < useNotifications.getState().unreadCount;
      setUnreadCount(unreadCount);
      if (readElsewhere) void refreshNotifications();
    }
  } catch (error) {
    console.warn('[notifications] unreadable stream event', error);
  }
}
