import { act, configure } from '@testing-library/react';
import { beforeAll, jest } from '@jest/globals';
import { Route } from '@khidma/web-kit';
import { loadAntd, renderRoutes, setSignedIn, type TestRouter } from '@khidma/web-kit/testing';
import BookingDetailPage from '../pages/BookingDetailPage';
import BookingPage from '../pages/BookingPage';
import MyBookingsPage from '../pages/MyBookingsPage';
import PaymentPage from '../pages/PaymentPage';
import { client } from './fixtures';

// antd and the messages load on demand, and whole antd pages render slowly in jsdom.
configure({ asyncUtilTimeout: 6000 });
jest.setTimeout(40_000);
beforeAll(loadAntd, 120_000);

export { plainText, type TestRouter } from '@khidma/web-kit/testing';

/** Signed in as the test client (or signed out), as the shell's session would be. */
export function signIn(signedIn = true, extra: Partial<typeof client> = {}) {
  act(() => setSignedIn(signedIn ? { ...client, ...extra } : null));
}

/** The four booking pages as the shell mounts them (shared i18n, antd providers, toasts) at `url`. */
export function renderBooking(url: string): TestRouter {
  return renderRoutes(
    url,
    <>
      <Route path="/booking" element={<BookingPage />} />
      <Route path="/payment" element={<PaymentPage />} />
      <Route path="/my-bookings" element={<MyBookingsPage />} />
      <Route path="/my-bookings/:id" element={<BookingDetailPage />} />
    </>,
  );
}
