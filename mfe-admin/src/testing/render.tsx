import { configure, waitFor, within } from '@testing-library/react';
import { beforeAll, jest } from '@jest/globals';
import { i18n, Route } from '@khidma/web-kit';
import { loadAntd, renderRoutes, setSignedIn, type TestRouter } from '@khidma/web-kit/testing';
import { NS } from '../namespace';
import AdminPage from '../pages/AdminPage';

// antd renders slowly in jsdom, above all on a busy machine: more than Testing Library's 1 s and Jest's 5 s.
configure({ asyncUtilTimeout: 8000 });
jest.setTimeout(60_000);
beforeAll(loadAntd, 120_000);

export { plainText, type TestRouter } from '@khidma/web-kit/testing';

/** Signs `user` in (null: signed out) in the shared session store, as the shell's restore would. */
export const signIn = setSignedIn;

/** The admin page as the shell mounts it (shared i18n, antd providers, the toast outlet) at `url`. */
export function renderAdmin(url = '/admin'): TestRouter {
  return renderRoutes(url, <Route path="/admin" element={<AdminPage />} />);
}

/** A message of this app in the current language (tests run in English and in Arabic). */
export const tr = (key: string, options: Record<string, unknown> = {}): string =>
  i18n.t(key, { ns: NS, ...options });

export const LANGUAGES = ['en', 'ar'] as const;

/** A list's data rows once its answer is on screen (the table's region is busy while it loads). */
export async function loadedRows(table: HTMLElement): Promise<HTMLElement[]> {
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  return within(table).getAllByRole('row').slice(1);
}
