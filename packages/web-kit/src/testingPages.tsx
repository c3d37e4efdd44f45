import { beforeAll, describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from './router.js';
import { AppProviders, i18n, initI18n } from './index.js';

/** A page a remote exposes, with an example URL to open it at (the remotes' `routes` tables). */
export interface ExamplePage {
  path: string;
  example: string;
  titleKey: string;
  Page: ComponentType;
}

/** How long a page may take to show its heading (the first one also loads its lazy page and messages). */
const HEADING_WAIT_MS = 10_000;

/** Every page of a remote renders its localized heading, in English and in Arabic. */
export function describeLocalizedPages(namespace: string, routes: readonly ExamplePage[]) {
  beforeAll(() => initI18n(namespace), 30_000);

  describe.each(['en', 'ar'] as const)('pages in %s', (language) => {
    beforeAll(() => i18n.changeLanguage(language));

    it.each(routes.map((route) => [route.example, route] as const))('%s renders its localized heading', async (_, route) => {
      render(
        <AppProviders>
          <MemoryRouter initialEntries={[route.example]}>
            <Routes>
              <Route path={route.path} element={<route.Page />} />
            </Routes>
          </MemoryRouter>
        </AppProviders>,
      );
      const heading = await screen.findByRole('heading', { level: 1 }, { timeout: HEADING_WAIT_MS });
      const title = i18n.t(route.titleKey, { ns: namespace });
      expect(title).not.toBe(route.titleKey);
      expect(heading.textContent).toContain(title);
      // Jest's own 5 s limit cut the 10 s wait short: a remote's first page loads its lazy chunks and
      // messages, which took over 5 s in CI with every suite running at once.
    }, HEADING_WAIT_MS + 5_000);
  });
}
