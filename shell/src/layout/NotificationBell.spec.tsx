import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationDto, Role } from '@khidma/contracts';
import { formatHijriDate, i18n, Toaster, useNotifications, useSession, Route, Routes } from '@khidma/web-kit';
import { FakeEventStream, fakeResponse, sseEvent } from '@khidma/web-kit/testing';
import { mockApi, notificationList, quietNotificationSync, renderAt, sessionFor, setupI18n, Where } from '../test-utils';
import NotificationBell from './NotificationBell';

const MINUTE = 60_000;
/** Notification n was created n minutes ago (so a lower n is newer). */
const note = (n: number, over: Partial<NotificationDto> = {}): NotificationDto => ({
  id: `n${n}`,
  type: 'booking',
  title: `Booking update ${n}`,
  message: `Details of update ${n}`,
  isRead: false,
  createdAt: new Date(Date.now() - n * MINUTE).toISOString(),
  metadata: { bookingId: `b${n}` },
  ...over,
});
const LIST = 'GET /api/notifications?limit=20';

function renderBell(role: Role = 'client') {
  useSession.getState().signIn(sessionFor(role));
  return renderAt(
    <>
      <NotificationBell />
      <button type="button">Next in the header</button>
      <Toaster />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    '/services',
  );
}

quietNotificationSync();

describe('in English', () => {
  beforeAll(() => setupI18n('en'), 60_000);

  it('shows the unread count on the bell and at most the 5 newest in the panel', async () => {
    const answers = [note(1), note(2, { isRead: true }), note(3), note(4), note(5), note(6), note(7)];
    mockApi({ [LIST]: notificationList(answers, 3) });
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications (3 unread)' });
    expect(bell).toHaveTextContent('3');
    expect(bell).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const panel = within(screen.getByRole('region', { name: 'Latest notifications' }));
    const links = panel.getAllByRole('link').filter((a) => a.getAttribute('href') !== '/notifications');
    expect(links).toHaveLength(5);
    expect(links[0]).toHaveTextContent('Unread: Booking update 1');
    expect(links[0]).toHaveTextContent('Details of update 1');
    expect(links[0]).toHaveTextContent('1 minute ago');
    expect(links[1]).not.toHaveTextContent('Unread');
    expect(links[1]).toHaveTextContent('2 minutes ago');
    expect(panel.queryByText('Booking update 6')).not.toBeInTheDocument();
    expect(panel.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/notifications');
  });

  it('caps the badge at 99+', async () => {
    mockApi({ [LIST]: notificationList([note(1)], 250) });
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications (99+ unread)' })).toHaveTextContent('99+');
  });

  it('following a notification marks it read and opens where it leads', async () => {
    const api = mockApi({ [LIST]: notificationList([note(1), note(2)], 2), 'POST /api/notifications/n2/read': fakeResponse(200, { unreadCount: 1 }) });
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications (2 unread)' }));
    await userEvent.click(screen.getByRole('link', { name: /Booking update 2/ }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/my-bookings\/b2$/);
    expect(api.mock.calls.some(([url, init]) => String(url) === '/api/notifications/n2/read' && init?.method === 'POST')).toBe(true);
    expect(await screen.findByRole('button', { name: 'Notifications (1 unread)' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Latest notifications' })).not.toBeInTheDocument();
  });

  it.each([
    ['client', 'chat', { providerId: 'p9', bookingId: 'b1' }, '/chat?provider=p9&booking=b1'],
    ['provider', 'provider_application', {}, '/provider-dashboard'],
    ['admin', 'provider_application', {}, '/admin?tab=pending'],
    ['admin', 'booking', { bookingId: 'b1' }, '/admin?tab=pending'],
  ] as const)('as %s, following a %s notification goes to the spec link', async (role, type, metadata, to) => {
    const notification = note(1, { type, metadata });
    mockApi({ [LIST]: notificationList([notification], 1), 'POST /api/notifications/n1/read': fakeResponse(204) });
    renderBell(role);
    // Admins see their real count too (not the spec's fixed badge of 1).
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications (1 unread)' }));
    await userEvent.click(screen.getByRole('link', { name: /Booking update 1/ }));
    expect(screen.getByTestId('where')).toHaveTextContent(to);
  });

  it('marks all as read', async () => {
    const api = mockApi({ [LIST]: notificationList([note(1), note(2)], 2), 'POST /api/notifications/read-all': fakeResponse(204) });
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications (2 unread)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).not.toHaveTextContent(/\d/);
    expect(screen.queryByText(/Unread:/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
    expect(api.mock.calls.some(([url, init]) => String(url) === '/api/notifications/read-all' && init?.method === 'POST')).toBe(true);
  });

  it('closes with Escape (focus back on the bell), a click outside or tabbing out', async () => {
    mockApi({ [LIST]: notificationList([], 0) });
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    bell.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('region', { name: 'Latest notifications' })).toBeInTheDocument();
    expect(screen.getByText('You have no notifications yet.')).toBeInTheDocument();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'View all' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Latest notifications' })).not.toBeInTheDocument();
    expect(bell).toHaveFocus();

    await userEvent.click(bell);
    await userEvent.click(screen.getByRole('heading', { name: 'Latest notifications' })); // inside: stays open
    expect(screen.getByRole('region', { name: 'Latest notifications' })).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('where'));
    expect(screen.queryByRole('region', { name: 'Latest notifications' })).not.toBeInTheDocument();

    // Tabbing past the last control of the panel closes it.
    await userEvent.click(bell);
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Next in the header' })).toHaveFocus();
    expect(screen.queryByRole('region', { name: 'Latest notifications' })).not.toBeInTheDocument();
  });

  it('shows an empty panel and no badge when the list fails (spec §8)', async () => {
    mockApi({ [LIST]: fakeResponse(500, 'down') });
    renderBell();
    await waitFor(() => expect(useNotifications.getState().status).toBe('ready'));
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(screen.getByText('You have no notifications yet.')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });

  it('shows a live notification without reload: badge, panel and a toast', async () => {
    let stream: FakeEventStream | undefined;
    const api = mockApi({ [LIST]: notificationList([note(3)], 1) });
    const answer = api.getMockImplementation()!;
    api.mockImplementation(async (input, init) => {
      if (String(input) !== '/api/notifications/stream') return answer(input, init);
      stream = new FakeEventStream(init?.signal);
      return stream.response();
    });
    const view = renderBell();
    await screen.findByRole('button', { name: 'Notifications (1 unread)' });
    await waitFor(() => expect(stream).toBeDefined());
    act(() => {
      stream!.write(sseEvent('notification', note(0, { title: 'Your booking was accepted' })));
      stream!.write(sseEvent('unread', { unreadCount: 2 }));
    });
    const bell = await screen.findByRole('button', { name: 'Notifications (2 unread)' });
    expect(await screen.findByText('Your booking was accepted', {}, { timeout: 15_000 })).toBeInTheDocument(); // the toast
    await userEvent.click(bell);
    const panel = within(screen.getByRole('region', { name: 'Latest notifications' }));
    expect(panel.getAllByRole('link')[0]).toHaveTextContent('Your booking was accepted');

    view.unmount(); // Leaving (as on sign-out) ends the stream.
    expect(stream!.aborted).toBe(true);
  }, 30_000);
});

describe('in Arabic', () => {
  beforeAll(() => setupI18n('ar'), 60_000);
  afterAll(() => i18n.changeLanguage('en'));

  it('labels the bell and panel and tells the time in Arabic', async () => {
    mockApi({ [LIST]: notificationList([note(5, { title: 'تم قبول حجزك' })], 120) });
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'الإشعارات (غير المقروءة: 99+)' }));
    const panel = within(screen.getByRole('region', { name: 'أحدث الإشعارات' }));
    const link = panel.getByRole('link', { name: /تم قبول حجزك/ });
    expect(link).toHaveTextContent('غير مقروء: تم قبول حجزك');
    expect(link).toHaveTextContent('قبل 5 دقائق');
    // The exact time on hover, with its Hijri date (on by default in Arabic).
    const time = link.querySelector('time')!;
    expect(time.getAttribute('title')).toContain(formatHijriDate(time.getAttribute('dateTime')!, 'ar'));
    expect(panel.getByRole('button', { name: 'تعليم الكل كمقروء' })).toBeInTheDocument();
    expect(panel.getByRole('link', { name: 'عرض الكل' })).toHaveAttribute('href', '/notifications');
  });

  it('says so when there are none', async () => {
    mockApi({ [LIST]: notificationList([], 0) });
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'الإشعارات' }));
    expect(screen.getByText('لا توجد لديك إشعارات بعد.')).toBeInTheDocument();
  });
});
