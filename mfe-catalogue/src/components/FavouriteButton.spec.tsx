import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { i18n, initI18n, Route } from '@khidma/web-kit';
import { fakeFetch, fakeResponse, renderRoutes, resetToasts, setSignedIn, testUser } from '@khidma/web-kit/testing';
import type { FavouritesResponse } from '@khidma/contracts';
import { NS } from '../namespace';
import { useFavouriteIds } from '../lib/favourites';
import { categories, detail, summary } from '../testing/fixtures';
import { renderCatalogue } from '../testing/render';
import { ServiceCard } from './ServiceCard';

beforeAll(() => initI18n(NS), 30_000);
beforeEach(() => {
  resetToasts();
  useFavouriteIds.setState({ userId: null, service: new Set(), provider: new Set(), saving: new Set() });
});
afterEach(() => setSignedIn(null));

const saved = (ids: string[]): FavouritesResponse => ({
  services: ids.map((id) => ({ service: summary({ id }), availableThisWeek: true, savedAt: '2025-03-02T09:00:00.000Z' })),
  providers: [],
});

function renderCard() {
  return renderRoutes('/services?category=cleaning', <Route path="/services" element={<ServiceCard service={summary()} category={categories[0]} />} />);
}

describe('Favourite heart on a service card', () => {
  it('sends a signed-out visitor to sign in and back to this page, saving nothing', async () => {
    await i18n.changeLanguage('en');
    setSignedIn(null);
    const { calls } = fakeFetch(() => undefined, { me: () => null });
    const router = renderCard();
    const heart = await screen.findByRole('button', { name: 'Save Standard Home Cleaning to favourites' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(heart);
    await waitFor(() => expect(router.url).toBe(`/login?redirect=${encodeURIComponent('/services?category=cleaning')}`));
    expect(calls).toEqual([]);
  });

  it('shows the saved state from the server and toggles it with PUT and DELETE', async () => {
    await i18n.changeLanguage('en');
    setSignedIn(testUser());
    let favourite = true;
    const { calls } = fakeFetch((call) => {
      if (call.path === '/api/favourites' && call.method === 'GET') return fakeResponse(200, saved(favourite ? ['svc-1'] : []));
      if (call.path === '/api/favourites/services/svc-1') {
        favourite = call.method === 'PUT';
        return fakeResponse(200, { kind: 'service', id: 'svc-1', favourite });
      }
      return undefined;
    }, { me: () => testUser() });
    renderCard();
    const heart = await screen.findByRole('button', { name: 'Save Standard Home Cleaning to favourites' });
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));

    fireEvent.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
    expect(await screen.findByText('Standard Home Cleaning was removed from your favourites.')).toBeInTheDocument();
    await waitFor(() => expect(heart).toBeEnabled());
    fireEvent.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    expect(await screen.findByText('Standard Home Cleaning was added to your favourites.')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/favourites', 'DELETE /api/favourites/services/svc-1', 'PUT /api/favourites/services/svc-1']);
  });

  it('goes back to unsaved and says so in Arabic when the server refuses', async () => {
    await i18n.changeLanguage('ar');
    setSignedIn(testUser());
    fakeFetch((call) => {
      if (call.path === '/api/favourites') return fakeResponse(200, saved([]));
      if (call.method === 'PUT') return fakeResponse(503, { statusCode: 503, code: 'service_unavailable', message: 'down' });
      return undefined;
    }, { me: () => testUser() });
    renderCard();
    const heart = await screen.findByRole('button', { name: 'احفظ تنظيف منزلي اعتيادي في المفضلة' });
    await act(async () => {
      fireEvent.click(heart);
    });
    expect(await screen.findByText('تعذّر تحديث المفضلة. يُرجى المحاولة مرة أخرى.')).toBeInTheDocument();
    expect(heart).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('Favourite hearts on the service page', () => {
  it('has one for the service and one for its provider, each showing and changing its own state', async () => {
    await i18n.changeLanguage('en');
    setSignedIn(testUser());
    const service = detail();
    const { calls } = fakeFetch((call) => {
      if (call.path === `/api/services/${service.id}`) return fakeResponse(200, service);
      if (call.path.startsWith(`/api/services/${service.id}/reviews`)) return fakeResponse(200, { reviews: [], total: 0, page: 1, limit: 10, average: 0, histogram: {} });
      if (call.path === '/api/favourites') return fakeResponse(200, saved([service.id]));
      if (call.path === '/api/favourites/providers/prov-1') return fakeResponse(200, { kind: 'provider', id: 'prov-1', favourite: true });
      return undefined;
    }, { me: () => testUser() });
    renderCatalogue(`/service/${service.id}`);
    const serviceHeart = await screen.findByRole('button', { name: 'Save Standard Home Cleaning to favourites' });
    const providerHeart = screen.getByRole('button', { name: 'Save Ahmed Salem to favourites' });
    await waitFor(() => expect(serviceHeart).toHaveAttribute('aria-pressed', 'true'));
    expect(providerHeart).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(providerHeart);
    await waitFor(() => expect(providerHeart).toHaveAttribute('aria-pressed', 'true'));
    expect(serviceHeart).toHaveAttribute('aria-pressed', 'true');
    expect(calls.filter((c) => c.path.startsWith('/api/favourites')).map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/favourites',
      'PUT /api/favourites/providers/prov-1',
    ]);
  });
});
