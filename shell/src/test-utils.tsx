import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, jest } from '@jest/globals';
import { fakeFetch, fakeResponse, fetchCall, setSignedIn } from '@khidma/web-kit/testing';
import { AppProviders, i18n, initI18n, MemoryRouter, useLocation } from '@khidma/web-kit';
import type { NotificationDto, Role, SessionResponse, UserDto } from '@khidma/contracts';
import './i18n';

/** The shell's real messages in the given language; antd is warmed up as the first import is slow in Jest. */
export async function setupI18n(language: 'en' | 'ar' = 'en') {
  await initI18n('common');
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['common', 'info']);
  await import('antd');
}

/** Renders inside the same providers as the app, at a given URL. */
export function renderAt(ui: ReactElement, path = '/') {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]} useTransitions={false}>{ui}</MemoryRouter>
    </AppProviders>,
  );
}

/** A server session answer for tests. */
export function sessionFor(role: Role = 'client', user: Partial<UserDto> = {}): SessionResponse {
  return {
    accessToken: `token-${role}`,
    expiresIn: 900,
    user: {
      id: `u-${role}`,
      email: `${role}@example.com`,
      emailVerified: true,
      firstName: 'Mona',
      lastName: 'Ali',
      profileImageUrl: null,
      role,
      isActive: true,
      language: 'en',
      createdAt: '2025-03-01T10:00:00.000Z',
      ...user,
    },
  };
}

type Answer = Response | (() => Response | Promise<Response>);

/**
 * A fetch mock answering by "METHOD path" (e.g. "POST /api/auth/login"); unknown calls get 404.
 * Returns the mock, whose calls the tests read.
 */
export function mockApi(answers: Record<string, Answer>) {
  return fakeFetch(({ method, path }) => {
    const answer = answers[`${method} ${path}`];
    return typeof answer === 'function' ? answer() : answer;
  }).mock;
}

/** The answer of GET /api/notifications: a page of notifications and the unread count. */
export const notificationList = (notifications: NotificationDto[], unreadCount: number) =>
  fakeResponse(200, { notifications, unreadCount });

/**
 * For the specs of signed-in frames: the mocked API has no event stream (nor, in some tests, a
 * notification list), so the notification sync's own warnings are expected and kept quiet; any other
 * warning still shows. Every test ends signed out.
 */
export function quietNotificationSync(): void {
  beforeEach(() => {
    const warn = console.warn.bind(console);
    jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      if (typeof args[0] !== 'string' || !args[0].startsWith('[notifications]')) warn(...args);
    });
  });
  afterEach(() => {
    setSignedIn(null);
    jest.restoreAllMocks();
  });
}

/** The JSON body of the first call to `path`. */
export function sentBody(mock: ReturnType<typeof mockApi>, path: string): unknown {
  return mock.mock.calls.map(([input, init]) => fetchCall(input, init)).find((call) => call.path === path)?.body;
}

/** Shows where the router is, for asserting redirects. */
export function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}
