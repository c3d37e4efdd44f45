import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { i18n, initI18n, Route } from '@khidma/web-kit';
import { fakeFetch, fakeResponse, renderRoutes, resetToasts, setSignedIn, testUser } from '@khidma/web-kit/testing';
import type { FavouritesResponse } from '@khidma/contracts';
import { NS } from '../namespace';
import { useFavouriteIds } from '../lib/favourites';
import { plumbingService, summary } from '../testing/fixtures';
import '../testing/render';
import FavouritesPage from './FavouritesPage';

beforeAll(() => initI18n(NS), 30_000);
beforeEach(() => {
  resetToasts();
  useFavouriteIds.setState({ userId: null, service: new Set(), provider: new Set(), saving: new Set() });
  setSignedIn(testUser());
});
afterEach(() => setSignedIn(null));

const answer = (): FavouritesResponse => ({
  services: [
    { service: summary({ imageUrl: '/api/services/svc-1/photos/p1' }), availableThisWeek: true, savedAt: '2025-03-02T09:00:00.000Z' },
    { service: plumbingService, availableThisWeek: false, savedAt: '2025-03-01T09:00:00.000Z' },
  ],
  providers: [
    {
      provider: { id: 'prov-9', name: 'Nasser Home Maintenance', nameAr: 'ناصر للصيانة المنزلية', avatar: null, rating: 4.9, completedJobs: 412, verified: true, city: 'Amman', cityAr: 'عمّان' },
      services: [{ id: 'svc-7', slug: 'door-lock-repair', title: 'Door and Lock Repair', titleAr: 'إصلاح الأبواب والأقفال', price: 40, priceType: 'per_job' }],
      availableThisWeek: true,
      savedAt: '2025-02-28T09:00:00.000Z',
    },
  ],
});

const renderPage = () => renderRoutes('/favourites', <Route path="/favourites" element={<FavouritesPage />} />);

describe('Favourites page', () => {
  it('lists saved services and providers with their week availability', async () => {
    await i18n.changeLanguage('en');
    fakeFetch((call) => (call.path === '/api/favourites' ? fakeResponse(200, answer()) : undefined), { me: () => testUser() });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Favourites' })).toBeInTheDocument();
    const cleaning = await screen.findByRole('article', { name: 'Standard Home Cleaning' });
    expect(within(cleaning).getByText('Available this week')).toBeInTheDocument();
    expect(within(cleaning).getByRole('link', { name: 'Standard Home Cleaning' })).toHaveAttribute('href', '/service/svc-1');
    expect(within(cleaning).getByText('Ahmed Salem')).toBeInTheDocument();
    const leak = screen.getByRole('article', { name: 'Leak Repair' });
    expect(within(leak).getByText('No free time this week')).toBeInTheDocument();
    const provider = screen.getByRole('article', { name: 'Nasser Home Maintenance' });
    expect(within(provider).getByRole('link', { name: 'Door and Lock Repair' })).toHaveAttribute('href', '/service/svc-7');
    expect(within(provider).getByText('Available this week')).toBeInTheDocument();
    // The hearts elsewhere learn the same ids.
    expect([...useFavouriteIds.getState().service]).toEqual(['svc-1', 'svc-2']);
  });

  it('removes a service with DELETE and takes it off the page', async () => {
    await i18n.changeLanguage('en');
    const { calls } = fakeFetch((call) => {
      if (call.path === '/api/favourites') return fakeResponse(200, answer());
      if (call.method === 'DELETE' && call.path === '/api/favourites/services/svc-2') return fakeResponse(200, { kind: 'service', id: 'svc-2', favourite: false });
      return undefined;
    }, { me: () => testUser() });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Leak Repair from favourites' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Leak Repair' })).toBeNull());
    expect(await screen.findByText('Leak Repair was removed from your favourites.')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Standard Home Cleaning' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/favourites/services/svc-2']);
  });

  it('keeps the card and says so when the removal fails', async () => {
    await i18n.changeLanguage('en');
    fakeFetch((call) => {
      if (call.path === '/api/favourites') return fakeResponse(200, answer());
      if (call.method === 'DELETE') return fakeResponse(503, { statusCode: 503, code: 'service_unavailable', message: 'down' });
      return undefined;
    }, { me: () => testUser() });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Nasser Home Maintenance from favourites' }));
    expect(await screen.findByText('Your favourites could not be updated. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Nasser Home Maintenance' })).toBeInTheDocument();
  });

  it('shows an empty state with a link to browse, in Arabic', async () => {
    await i18n.changeLanguage('ar');
    fakeFetch((call) => (call.path === '/api/favourites' ? fakeResponse(200, { services: [], providers: [] }) : undefined), { me: () => testUser() });
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'لا توجد عناصر مفضلة بعد' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تصفّح الخدمات' })).toHaveAttribute('href', '/services');
    expect(screen.getByRole('heading', { level: 1, name: 'المفضلة' })).toBeInTheDocument();
  });
});
