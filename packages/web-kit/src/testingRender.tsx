import { useEffect, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import type { UserDto } from '@khidma/contracts';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type NavigateFunction } from './router.js';
import { AppProviders, WithAntd } from './AppProviders.js';
import { Toaster } from './Toaster.js';
import { useSession } from './session.js';

// antd's dialogs and tables measure the scrollbar through a pseudo-element, which jsdom does not
// implement (and logs as an error); the element's own style is what they need in a layout-less DOM.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

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
 * A remote's pages (`routes`, its `<Route>`s) as the shell mounts them: shared i18n, antd providers
 * and the toast outlet, at `url`. Anywhere else the pages lead (login, chat...) shows "elsewhere";
 * the tests read the URL. `wrap` puts the remote's own providers around the router. A plain
 * MemoryRouter: the data routers build fetch Requests, which jsdom does not have.
 */
export function renderRoutes(url: string, routes: ReactNode, wrap: (router: ReactNode) => ReactNode = (router) => router): TestRouter {
  const router: TestRouter = { url, navigate: () => undefined };
  const track = (current: string, navigate: NavigateFunction) => Object.assign(router, { url: current, navigate });
  render(
    <AppProviders>
      <WithAntd>
        {wrap(
          <MemoryRouter initialEntries={[url]}>
            <Probe onChange={track} />
            <Routes>
              {routes}
              <Route path="*" element={<p>elsewhere</p>} />
            </Routes>
          </MemoryRouter>,
        )}
        <Toaster />
      </WithAntd>
    </AppProviders>,
  );
  return router;
}

/**
 * Loads antd, which WithAntd imports lazily, for a suite's `beforeAll`. On a cold transform cache and a
 * busy machine that first load outlasted a test's wait for its first heading (the Services page stayed
 * on its spinner past 8 s); in the hook a suite pays it once, under the hook's own time limit.
 */
export async function loadAntd(): Promise<void> {
  await import('./AntdProviders.js');
}

/** Signs `user` in (null: signed out) in the shared session store, as the shell's restore would. */
export function setSignedIn(user: UserDto | null): void {
  useSession.setState(
    user
      ? { status: 'authenticated', accessToken: 'test-token', user, expiresAt: Date.now() + 600_000 }
      : { status: 'anonymous', accessToken: null, user: null, expiresAt: null },
  );
}

/** Text as read, without the direction isolates formatMoney puts around amounts. */
export const plainText = (element: Element): string => (element.textContent ?? '').replace(/[\u2066-\u2069]/g, '');
