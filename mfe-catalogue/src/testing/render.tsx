import { configure } from '@testing-library/react';
import { beforeAll, jest } from '@jest/globals';
import { Route } from '@khidma/web-kit';
import { loadAntd, renderRoutes, type TestRouter } from '@khidma/web-kit/testing';
import ServiceDetailPage from '../pages/ServiceDetailPage';
import ServicesPage from '../pages/ServicesPage';

// Whole pages of antd render slowly in jsdom: more than Testing Library's 1 s and Jest's 5 s defaults,
// above all on a busy machine.
configure({ asyncUtilTimeout: 8000 });
jest.setTimeout(30_000);
beforeAll(loadAntd, 120_000);

export { plainText, type TestRouter } from '@khidma/web-kit/testing';

/** The two catalogue pages as the shell mounts them (shared i18n, antd providers), at `url`. */
export function renderCatalogue(url: string): TestRouter {
  return renderRoutes(
    url,
    <>
      <Route path="/services" element={<ServicesPage />} />
      <Route path="/service/:idOrSlug" element={<ServiceDetailPage />} />
    </>,
  );
}
