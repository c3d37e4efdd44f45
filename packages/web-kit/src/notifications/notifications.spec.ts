import { jest } from '@jest/globals';
import { NOTIFICATIONS, type NotificationDto } from '@khidma/contracts';
import { formatRelativeTime } from '../format.js';
import { useSession } from '../session.js';
import { FakeEventStream, fakeResponse, sseEvent as sse, testUser } from '../testing.js';
import { STREAM_IDLE_MS } from './stream.js';
import {
  badgeText,
  loadOlderNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  useNotifications,
} from './store.js';
import { onConversationChanged, startNotificationSync, STREAM_RECONNECT } from './sync.js';

const user = testUser();

const note = (n: number, over: Partial<NotificationDto> = {}): NotificationDto => ({
  id: `n${n}`,
  type: 'booking',
  title: `Title ${n}`,
  message: `Message ${n}`,
  isRead: false,
  // Higher n is newer.
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
  metadata: { bookingId: `b${n}` },
  ...over,
});
const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => note(from - i));

interface Call {
  path: string;
  method: string;
  auth: string | null;
  accept: string | null;
}

/** The API: list answers in order (the last repeats), a new FakeEventStream per stream request. */
function server(lists: (() => Response)[]) {
  const calls: Call[] = [];
  const streams: FakeEventStream[] = [];
  const changes: Record<string, () => Response> = {};
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const headers = new Headers(init?.headers);
    const method = init?.method ?? 'GET';
    calls.push({ path, method, auth: headers.get('Authorization'), accept: headers.get('Accept') });
    if (path === '/api/auth/me') return fakeResponse(200, { user });
    if (path === '/api/auth/logout') return fakeResponse(204);
    if (path === '/api/notifications/stream') {
      const stream = new FakeEventStream(init?.signal);
      streams.push(stream);
      return stream.response();
    }
    if (path.startsWith('/api/notifications?')) return (lists.length > 1 ? lists.shift()! : lists[0]!)();
    if (method === 'POST' && changes[path]) return changes[path]();
    return fakeResponse(404, { statusCode: 404, code: 'not_found', message: 'no' });
  }) as unknown as typeof fetch;
  const listCalls = () => calls.filter((c) => c.path.startsWith('/api/notifications?'));
  return { calls, streams, changes, listCalls };
}
const list = (notifications: NotificationDto[], unreadCount: number) => () => fakeResponse(200, { notifications, unreadCount });

const signIn = () => useSession.setState({ status: 'authenticated', accessToken: 'tok', user, expiresAt: Date.now() + 900_000 });

let stopSync: (() => void) | undefined;
beforeEach(() => {
  jest.useFakeTimers();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(async () => {
  stopSync?.();
  stopSync = undefined;
  useSession.setState({ status: 'anonymous', accessToken: null, user: null, expiresAt: null });
  await jest.runOnlyPendingTimersAsync();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('sync while signed in', () => {
  it('loads the list with the bearer and polls every NOTIFICATIONS.pollMs', async () => {
    const api = server([list([note(2), note(1, { isRead: true })], 1), list([note(3), note(2), note(1)], 2)]);
    signIn();
    stopSync = startNotificationSync();
    await jest.advanceTimersByTimeAsync(0);
    expect(api.listCalls()).toHaveLength(1);
    expect(api.listCalls()[0]).toMatchObject({ path: '/api/notifications?limit=20', auth: 'Bearer tok' });
    expect(useNotifications.getState()).toMatchObject({ unreadCount: 1, status: 'ready', hasOlder: false });
    expect(useNotifications.getState().items.map((n) => n.id)).toEqual(['n2', 'n1']);

    await jest.advanceTimersByTimeAsync(NOTIFICATIONS.pollMs - 1);
    expect(api.listCalls()).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(api.listCalls()).toHaveLength(2);
    expect(useNotifications.getState().items.map((n) => n.id)).toEqual(['n3', 'n2', 'n1']);
    expect(useNotifications.getState().unreadCount).toBe(2);
  });

  it('does nothing while signed out', async () => {
    const api = server([list([note(1)], 1)]);
    useSession.setState({ status: 'anonymous', accessToken: null, user: null });
    stopSync = startNotificationSync();
    await jest.advanceTimersByTimeAsync(NOTIFICATIONS.pollMs * 2);
    expect(api.calls).toHaveLength(0);
    expect(useNotifications.getState()).toMatchObject({ items: [], unreadCount: 0 });
  });

  it('shows an empty list and a zero count, silently, when the list fails (spec §8)', async () => {
    server([list([note(2), note(1)], 2), () => fakeResponse(500, 'boom')]);
    signIn();
    stopSync = startNotificationSync();
    await jest.advanceTimersByTimeAsync(0);
    expect(useNotifications.getState().items).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(NOTIFICATIONS.pollMs);
    expect(useNotifications.getState()).toMatchObject({ items: [], unreadCount: 0, status: 'ready' });
  });

  it('reads the stream: a pushed notification shows first and the unread event sets the count', async () => {
    const api = server([list([note(1)], 1)]);
    signIn();
    stopSync = startNotificationSync();
    await jest.advanceTimersByTimeAsync(0);
    expect(api.streams).toHaveLength(1);
    const streamCall = api.calls.find((c) => c.path === '/api/notifications/stream');
    expect(streamCall).toMatchObject({ auth: 'Bearer tok', accept: 'text/event-stream' });

    // Events split across chunks, with a heartbeat comment between them.
    const text = `: heartbeat\n\n${sse('notification', note(5))}${sse('unread', { unreadCount: 2 })}`;
    api.streams[0]!.write(text.slice(0, 30));
    api.streams[0]!.write(text.slice(30, 95));
    await jest.advanceTimersByTimeAsync(0);
    api.streams[0]!.write(text.slice(95));
    await jest.advanceTimersByTimeAsync(0);

    const state = useNotifications.getState();
    expect(state.items.map((n) => n.id)).toEqual(['n5', 'n1']);
    expect(state.latestArrival?.id).toBe('n5');
    expect(state.unreadCount).toBe(2);
    // A repeated delivery does not duplicate it; a broken event is ignored.
    api.streams[0]!.write(sse('notification', note(5)) + 'event: unread\ndata: {oops\n\n');
    await jest.advanceTimersByTimeAsync(0);
    expect(useNotifications.getState().items.map((n) => n.id)).toEqual(['n5', 'n1']);
    expect(useNotifications.getState().unreadCount).toBe(2);
    // A receipt of the user's own action is listed but not announced.
    api.streams[0]!.write(sse('notification', { ...note(6), metadata: { byYou: true } }));
    await jest.advanceTimersByTimeAsync(0);
    expect(useNotifications.getState().items.map((n) => n.id)).toEqual(['n6', 'n5', 'n1']);
    expect(useNotifications.getState().latestArrival?.id).toBe('n5');
  });

  it('tells conversation listeners which conversation changed, without touching the notifications', async () => {
    const api = server([list([note(1)], 1)]);
    signIn();
    stopSync = startNotificationSync();
    const heard: (string | null)[] = [];
    const stopListening = onConversationChanged((id) => heard.push(id));
    await jest.advanceTimersByTimeAsync(0);
    api.streams[0]!.write(sse('conversation', { conversationId: 'c1' }) + 'event: conversation\ndata: {}\n\n');
    await jest.advanceTimersByTimeAsync(0);
    expect(heard).toEqual(['c1']);
    expect(useNotifications.getState().unreadCount).toBe(1);
    stopListening();
    api.streams[0]!.write(sse('conversation', { conversationId: 'c2' }));
    await jest.advanceTimersByTimeAsync(0);
    expect(heard).toEqual(['c1']);
  });

  it('refetches the list when the count drops because another tab read some', async () => {
    const api = server([list([note(2), note(1)], 2), list([note(2, { isRead: true }), note(1, { isRead: true })], 0)]);
    signIn();
    stopSync = startNotificationSync();
    await jest.advanceTimersByTimeAsync(0);
    api.streams[0]!.write(sse('unread', { unreadCount: 2 })); // the count on open: nothing to refetch
    await jest.advanceTimersByTimeAsync(0);
    expect(api.listCalls()).toHaveLength(1);
    api.streams[0]!.write(sse('unread', { unreadCount: 0 }));
    await jest.advanceTimersByTimeAsync(0);
    expect(api.listCalls()).toHaveLength(2);
    expect(useNotifications.getState().items.every((n) => n.isRead)).toBe(true);
  });

  it('reconnects with backoff after the stream drops, and refetches the list on reconnect', async () => {
    const api = server([list([note(1)], 1), list([note(2), note(1)], 2)]);
    signIn();
    stopSync = startNotificationSync();
    await jest.advanceTimersByTimeAsync(0);
    expect(api.listCalls()).toHaveLength(1);

    api.streams[0]!.end(); // The connection dropped.
    await jest.advanceTimersByTimeAsync(STREAM_RECONNECT.baseMs / 2 - 1);
    expect(api.streams).toHaveLength(1); // No reconnect before half the first step.
    await jest.advanceTimersByTimeAsync(STREAM_RECONNECT.baseMs / 2 + 1);
    expect(api.streams).toHaveLength(2);
    // What was sent while disconnected comes with the refetch.
    expect(api.listCalls()).toHaveLength(2);
    expect(useNotifications.getState().items.map((n) => n.id)).toEqual(['n2', 'n1']);

    api.streams[1]!.write(sse('unread', { unreadCount: 7 }));
    await jest.advanceTimersByTimeAsync(0);
    expect(useNotifications.getState().unreadCount).toBe(7);
  });

  it('backs off further after repeated refusals, and treats a silent stream as dropped', async () => {
    const api = server([list([], 0)]);
    let refusals = 2;
    const answer = globalThis.fetch;
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/notifications/stream' && refusals > 0) {
        refusals -= 1;
        api.calls.push({ path: 'refused', method: 'GET', auth: null, accept: null });
        return fakeResponse(503, 'down');
      }
      return answer(input, init);
    }) as unknown as typeof fetch;
    signIn();
    stopSync = startNotificationSync();
    await jest.advanceTimersByTimeAsync(STREAM_RECONNECT.baseMs); // first retry: within 1 s
    expect(api.calls.filter((c) => c.path === 'refused')).toHaveLength(2);
    expect(api.streams).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(STREAM_RECONNECT.baseMs * 2); // second: within 2 s
    expect(api.streams).toHaveLength(1);

    await jest.advanceTimersByTimeAsync(STREAM_IDLE_MS + STREAM_RECONNECT.baseMs);
    expect(api.streams[0]!.aborted).toBe(true);
    expect(api.streams).toHaveLength(2);
  });

  it('stops polling and the stream on sign-out, and forgets the list', async () => {
    const api = server([list([note(1)], 1)]);
    signIn();
    stopSync = startNotificationSync();
    await jest.advanceTimersByTimeAsync(0);
    expect(useNotifications.getState().items).toHaveLength(1);

    await useSession.getState().signOut();
    expect(api.streams[0]!.aborted).toBe(true);
    expect(useNotifications.getState()).toMatchObject({ items: [], unreadCount: 0, status: 'idle' });
    const callsAtSignOut = api.calls.length;
    await jest.advanceTimersByTimeAsync(NOTIFICATIONS.pollMs * 3);
    expect(api.calls).toHaveLength(callsAtSignOut);
  });

  it('drops a late answer that belongs to the user who signed out', async () => {
    let answerLate: (r: Response) => void = () => undefined;
    server([() => new Promise<Response>((resolve) => (answerLate = resolve)) as unknown as Response]);
    signIn();
    stopSync = startNotificationSync();
    await jest.advanceTimersByTimeAsync(0);
    useSession.setState({ status: 'anonymous', accessToken: null, user: null });
    answerLate(fakeResponse(200, { notifications: [note(1)], unreadCount: 1 }));
    await jest.advanceTimersByTimeAsync(0);
    expect(useNotifications.getState()).toMatchObject({ items: [], unreadCount: 0 });
  });

  it('keeps one sync for several holders until the last one stops', async () => {
    const api = server([list([note(1)], 1)]);
    signIn();
    const stopA = startNotificationSync();
    const stopB = startNotificationSync();
    await jest.advanceTimersByTimeAsync(0);
    expect(api.listCalls()).toHaveLength(1);
    expect(api.streams).toHaveLength(1);
    stopA();
    expect(api.streams[0]!.aborted).toBe(false);
    stopB();
    expect(api.streams[0]!.aborted).toBe(true);
  });
});

describe('changes and paging', () => {
  beforeEach(() => {
    signIn();
  });

  it('marks one read at once and takes the count from the answer', async () => {
    const api = server([list([note(2), note(1)], 2)]);
    api.changes['/api/notifications/n2/read'] = () => fakeResponse(200, { unreadCount: 1 });
    stopSync = startNotificationSync();
    await jest.advanceTimersByTimeAsync(0);
    const done = markNotificationRead('n2');
    expect(useNotifications.getState().items[0]).toMatchObject({ id: 'n2', isRead: true });
    expect(useNotifications.getState().unreadCount).toBe(1);
    await done;
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/api/notifications/n2/read', auth: 'Bearer tok' });
  });

  it('marks all read, and refetches the truth when the server refuses', async () => {
    const api = server([list([note(2), note(1)], 2)]);
    api.changes['/api/notifications/read-all'] = () => fakeResponse(204);
    stopSync = startNotificationSync();
    await jest.advanceTimersByTimeAsync(0);
    await markAllNotificationsRead();
    expect(useNotifications.getState().items.every((n) => n.isRead)).toBe(true);
    expect(useNotifications.getState().unreadCount).toBe(0);

    api.changes['/api/notifications/read-all'] = () => fakeResponse(500, 'no');
    useNotifications.setState({ items: [note(3)], unreadCount: 1 });
    await markAllNotificationsRead();
    // The refetch answered the server's list again (two unread).
    expect(useNotifications.getState().unreadCount).toBe(2);
    expect(useNotifications.getState().items.map((n) => n.isRead)).toEqual([false, false]);
  });

  it('pages back with `before` the oldest shown, until a short page', async () => {
    const api = server([list(range(40, 21), 40), list(range(20, 1), 40)]);
    stopSync = startNotificationSync();
    await jest.advanceTimersByTimeAsync(0);
    expect(useNotifications.getState().hasOlder).toBe(true);
    await loadOlderNotifications();
    const before = new URLSearchParams(api.listCalls()[1]!.path.split('?')[1]).get('before');
    expect(before).toBe('n21');
    expect(useNotifications.getState().items).toHaveLength(40);
    expect(useNotifications.getState().hasOlder).toBe(true); // a full page: there may be more

    const server2 = server([list([], 40)]);
    await loadOlderNotifications();
    expect(server2.listCalls()).toHaveLength(1);
    expect(useNotifications.getState().hasOlder).toBe(false);
    expect(useNotifications.getState().items).toHaveLength(40);
  });

  it('keeps older pages when the poll refreshes the newest one', async () => {
    server([list(range(40, 21), 40), list(range(20, 1), 40), list(range(42, 23), 42)]);
    stopSync = startNotificationSync();
    await jest.advanceTimersByTimeAsync(0);
    await loadOlderNotifications();
    await jest.advanceTimersByTimeAsync(NOTIFICATIONS.pollMs);
    const ids = useNotifications.getState().items.map((n) => n.id);
    expect(ids).toHaveLength(42);
    expect(ids.slice(0, 3)).toEqual(['n42', 'n41', 'n40']);
    expect(ids.at(-1)).toBe('n1');
  });
});

it('caps the badge at 99+ (spec §9)', () => {
  expect(badgeText(0)).toBe('');
  expect(badgeText(7)).toBe('7');
  expect(badgeText(99)).toBe('99');
  expect(badgeText(100)).toBe('99+');
});

it('tells times relative to now in the UI language', () => {
  const now = Date.UTC(2026, 0, 10, 12);
  expect(formatRelativeTime(now - 20_000, 'en', now)).toBe('now');
  expect(formatRelativeTime(now - 5 * 60_000, 'en', now)).toBe('5 minutes ago');
  expect(formatRelativeTime(now - 86_400_000, 'en', now)).toBe('yesterday');
  expect(formatRelativeTime(now - 5 * 60_000, 'ar', now)).toBe('قبل 5 دقائق');
  expect(formatRelativeTime(now - 3 * 3_600_000, 'ar', now)).toBe('قبل 3 ساعات');
});
