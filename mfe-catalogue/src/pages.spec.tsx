import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProviders, i18n, initI18n } from '@khidma/web-kit';
import { NS } from './namespace';
import { routes } from './routes';

beforeAll(() => initI18n(NS), 30_000);

describe.each(['en', 'ar'] as const)('pages in %s', (language) => {
  beforeAll(() => i18n.changeLanguage(language));

  it.each(routes.map((r) => [r.example, r] as const))('%s renders its localized heading', async (_, route) => {
    render(
      <AppProviders>
        <MemoryRouter initialEntries={[route.example]}>
          <Routes>
            <Route path={route.path} element={<route.Page />} />
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
    const heading = await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
    expect(heading).toHaveTextContent(i18n.t(route.titleKey, { ns: NS }));
    expect(heading.textContent).not.toBe(route.titleKey);
  });
});
