import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders, i18n, initI18n } from '@khidma/web-kit';
import type { Role, SessionResponse, UserDto } from '@khidma/contracts';
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
