import { useEffect } from 'react';
import { configure, render } from '@testing-library/react';
import { jest } from '@jest/globals';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { AppProviders, WithAntd } from '@khidma/web-kit';
import ServiceDetailPage from '../pages/ServiceDetailPage';
import ServicesPage from '../pages/ServicesPage';

// The first render loads antd and the messages on demand, and whole pages of antd render slowly in
// jsdom: more than Testing Library's 1 s and Jest's 5 s defaults, above all on a busy machine.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

/** What a test reads and drives: the current URL, and history (Back is `navigate(-1)`). */
export interface TestRouter {
  url: string;
  navigate: NavigateFunction;
}

function Probe({ onChange }: { onChange: (url: string, navigate: NavigateFunction) => void }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    onChange(`${pathname}${search}`, navigate);
  }, [pathname, search, navigate, onChange]);
  return null;
}

/**
 * The two catalogue pages as the shell mounts them (shared i18n, antd providers), at `url`. A plain
 * MemoryRouter: the data routers build fetch Requests, which jsdom does not have.
 */
export function renderCatalogue(url: string): TestRouter {
  const router: TestRouter = { url, navigate: () => undefined };
  const track = (current: string, navigate: NavigateFunction) => Object.assign(router, { url: current, navigate });
  render(
    <AppProviders>
      <WithAntd>
        <MemoryRouter initialEntries={[url]}>
          <Probe onChange={track} />
          <Routes>
            <Route path="/services" element={<ServicesPage />} />
            <Route path="/service/:idOrSlug" element={<ServiceDetailPage />} />
            {/* Where the pages link out to (booking, chat): the tests only read the URL. */}
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
        </MemoryRouter>
      </WithAntd>
    </AppProviders>,
  );
  return router;
}

/** Text as read, without the direction isolates formatMoney puts around amounts. */
export const plainText = (element: Element): string => (element.textContent ?? '').replace(/[\u2066-\u2069]/g, '');
