import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jest } from '@jest/globals';
import { i18n, initI18n } from '@khidma/web-kit';
import { fakeResponse } from '@khidma/web-kit/testing';
import { NS } from '../namespace';
import { SEARCH_DEBOUNCE_MS } from '../components/SearchBox';
import { categories, list, mockApi, plumbingService, serviceQueries, summary } from '../testing/fixtures';
import { plainText, renderCatalogue } from '../testing/render';

beforeAll(() => initI18n(NS), 30_000);
beforeEach(() => i18n.changeLanguage('en'));
afterEach(() => jest.useRealTimers());

/** The API as the catalogue sees it: both categories, and the services given per query. */
function api(services = [summary(), plumbingService], total?: number) {
  return mockApi((url) => {
    if (url.pathname === '/api/service-categories') return fakeResponse(200, categories);
    if (url.pathname === '/api/services') return fakeResponse(200, list(services, total));
    return undefined;
  });
}

/** Picks an option of a labelled select by its text, as a user does. */
function choose(label: string, option: string) {
  const select = screen.getByRole<HTMLSelectElement>('combobox', { name: label });
  // Prices are wrapped in direction isolates; plainText reads them as seen.
  const wanted = within(select).getAllByRole<HTMLOptionElement>('option').find((element) => plainText(element) === option);
  if (!wanted) throw new Error(`${label} has no option "${option}"`);
  fireEvent.change(select, { target: { value: wanted.value } });
}

describe('Services page', () => {
  it('shows the heading, subtitle, search box and the default filters', async () => {
    api();
    renderCatalogue('/services');
    expect(await screen.findByRole('heading', { level: 1, name: 'Our Services' })).toBeInTheDocument();
    expect(screen.getByText('Find professional services from trusted providers')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search services...');
    await screen.findAllByRole('article');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveDisplayValue('All Categories');
    expect(screen.getByRole('combobox', { name: 'Price range' })).toHaveDisplayValue('All prices');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Highest rated');
    expect(screen.getByRole('radio', { name: /By category/ })).toBeChecked();
  });

  it('a landing link /services?category=cleaning asks for that category', async () => {
    const fetch = api([summary()]);
    renderCatalogue('/services?category=cleaning');
    await screen.findAllByRole('article');
    expect(serviceQueries(fetch).map((q) => q.get('category'))).toEqual(['cleaning']);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Category' })).toHaveDisplayValue('Cleaning'));
  });

  it('groups services under their category with icon, name, description and provider count', async () => {
    api();
    renderCatalogue('/services');
    const cleaning = await screen.findByRole('region', { name: 'Cleaning' });
    expect(within(cleaning).getByText('Homes and offices')).toBeInTheDocument();
    expect(within(cleaning).getByText('3 Providers')).toBeInTheDocument();
    expect(within(cleaning).getByRole('article', { name: 'Standard Home Cleaning' })).toBeInTheDocument();
    const plumbing = screen.getByRole('region', { name: 'Plumbing' });
    expect(within(plumbing).getByText('2 Providers')).toBeInTheDocument();
    expect(within(plumbing).getByRole('article', { name: 'Leak Repair' })).toBeInTheDocument();
  });

  it('shows every card field of spec §2', async () => {
    api([summary()]);
    renderCatalogue('/services');
    const card = await screen.findByRole('article', { name: 'Standard Home Cleaning' });
    const inCard = within(card);
    expect(inCard.getByRole('heading', { level: 3, name: 'Standard Home Cleaning' })).toBeInTheDocument();
    expect(inCard.getByRole('img', { name: 'Rated 4.6 out of 5' })).toBeInTheDocument();
    expect(plainText(card)).toContain('$25/per hour');
    expect(inCard.getByText('Weekly or one-off cleaning.')).toBeInTheDocument();
    expect(inCard.getByText('120 min')).toBeInTheDocument();
    expect(inCard.getByText('Riyadh')).toBeInTheDocument();
    expect(inCard.getByText('AS')).toBeInTheDocument(); // avatar initials: no photo
    expect(inCard.getByText('Ahmed Salem')).toBeInTheDocument();
    expect(inCard.getByRole('img', { name: 'Verified provider' })).toBeInTheDocument();
    expect(inCard.getByText('231 jobs completed')).toBeInTheDocument();
    expect(inCard.getByRole('link', { name: /^Details ?: Standard Home Cleaning$/ })).toHaveAttribute('href', '/service/svc-1');
    expect(inCard.getByRole('link', { name: /^Book Now ?: Standard Home Cleaning$/ })).toHaveAttribute('href', '/booking?service=svc-1');
  });

  it('fills missing provider name and location with the display defaults, and shows per-job prices', async () => {
    const bare = summary({
      price: 40,
      priceType: 'per_job',
      location: '',
      locationAr: '',
      provider: { id: 'p', name: '', nameAr: '', avatar: null, rating: 4.8, completedJobs: 150, verified: false },
    });
    api([bare]);
    renderCatalogue('/services');
    const card = await screen.findByRole('article');
    expect(plainText(card)).toContain('$40/per job');
    expect(within(card).getByText('Professional Provider')).toBeInTheDocument();
    expect(within(card).getByText('Your area')).toBeInTheDocument();
    expect(within(card).getByText('150 jobs completed')).toBeInTheDocument();
    expect(within(card).queryByRole('img', { name: 'Verified provider' })).not.toBeInTheDocument();
  });

  it('switches to the flat list and back, keeping the choice in the URL', async () => {
    api();
    const router = renderCatalogue('/services');
    await screen.findByRole('region', { name: 'Cleaning' });
    fireEvent.click(screen.getByRole('radio', { name: /List/ }));
    await waitFor(() => expect(router.url).toBe('/services?view=list'));
    expect(screen.queryByRole('region', { name: 'Cleaning' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Leak Repair' })).toBeInTheDocument();
    await act(async () => router.navigate(-1));
    expect(await screen.findByRole('region', { name: 'Cleaning' })).toBeInTheDocument();
  });

  it('debounces the search: one request ~300 ms after typing stops', async () => {
    const fetch = api();
    const router = renderCatalogue('/services');
    await screen.findAllByRole('article');
    jest.useFakeTimers();
    const box = screen.getByRole('searchbox', { name: 'Search' });
    for (const text of ['c', 'cl', 'clean']) {
      fireEvent.change(box, { target: { value: text } });
      act(() => jest.advanceTimersByTime(100));
    }
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 101));
    expect(router.url).toBe('/services');
    expect(serviceQueries(fetch).some((q) => q.has('search'))).toBe(false);
    act(() => jest.advanceTimersByTime(1));
    expect(router.url).toBe('/services?search=clean');
    jest.useRealTimers();
    await waitFor(() => expect(serviceQueries(fetch).filter((q) => q.has('search')).map((q) => q.get('search'))).toEqual(['clean']));
  });

  it('changing a filter refetches and resets to page 1; back and forward restore the filters', async () => {
    const fetch = api([summary()], 45);
    const router = renderCatalogue('/services?category=cleaning&search=home&page=2');
    await screen.findAllByRole('article');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('home');

    choose('Sort by', 'Price: low to high');
    await waitFor(() => expect(router.url).toBe('/services?category=cleaning&search=home&sortBy=price-low'));
    choose('Price range', '$25 – $50');
    await waitFor(() => expect(router.url).toBe('/services?category=cleaning&search=home&priceRange=25-50&sortBy=price-low'));
    await waitFor(() => expect(serviceQueries(fetch).at(-1)?.toString()).toBe('category=cleaning&search=home&priceRange=25-50&sortBy=price-low&limit=20'));

    await act(async () => router.navigate(-1));
    expect(router.url).toBe('/services?category=cleaning&search=home&sortBy=price-low');
    await act(async () => router.navigate(-1));
    expect(router.url).toBe('/services?category=cleaning&search=home&page=2');
    await waitFor(() => expect(serviceQueries(fetch).at(-1)?.get('page')).toBe('2'));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('home');
    await act(async () => router.navigate(1));
    expect(router.url).toBe('/services?category=cleaning&search=home&sortBy=price-low');
  });

  it('a search typed, then undone with Back, empties the box again', async () => {
    api();
    const router = renderCatalogue('/services');
    await screen.findAllByRole('article');
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'leak' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(router.url).toBe('/services?search=leak'));
    await act(async () => router.navigate(-1));
    expect(box).toHaveValue('');
  });

  it('pages through results with the page in the URL', async () => {
    const fetch = api([summary()], 400);
    const router = renderCatalogue('/services?view=list');
    await screen.findAllByRole('article');
    const pages = screen.getByRole('navigation', { name: 'Pages of results' });
    // Each page is a real link to its URL (crawlers follow it, a middle-click opens it in a tab).
    expect(within(pages).getByRole('link', { name: '3' })).toHaveAttribute('href', '?view=list&page=3');
    expect(within(pages).getByRole('link', { name: '1' })).toHaveAttribute('aria-current', 'page');
    // "•••" is a link too, five pages on; previous is shown but disabled on page 1.
    expect(within(pages).getByRole('link', { name: 'Forward 5 pages' })).toHaveAttribute('href', '?view=list&page=6');
    expect(within(pages).getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '?view=list&page=2');
    expect(within(pages).getByRole('link', { name: 'Previous page' })).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(within(pages).getByText('2'));
    await waitFor(() => expect(router.url).toBe('/services?view=list&page=2'));
    await waitFor(() => expect(serviceQueries(fetch).at(-1)?.get('page')).toBe('2'));
  });

  it('says "more than" when the count stopped at its cap, in English and Arabic', async () => {
    mockApi((url) => {
      if (url.pathname === '/api/service-categories') return fakeResponse(200, categories);
      if (url.pathname === '/api/services') return fakeResponse(200, list([summary()], 1000, 1, true));
      return undefined;
    });
    renderCatalogue('/services');
    expect(await screen.findByText('Services found: more than 1,000')).toBeInTheDocument();
    await act(async () => i18n.changeLanguage('ar'));
    expect(await screen.findByText('الخدمات المتاحة: أكثر من 1,000')).toBeInTheDocument();
  });

  it('shows an empty state whose action clears the filters', async () => {
    api([]);
    const router = renderCatalogue('/services?category=plumbing&search=zzz&sortBy=newest');
    expect(await screen.findByRole('heading', { name: 'No services found' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.url).toBe('/services?sortBy=newest'));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it('shows skeletons while loading, an error with Retry, then the services', async () => {
    let fail = true;
    mockApi((url) => {
      if (url.pathname === '/api/service-categories') return fakeResponse(200, categories);
      if (url.pathname === '/api/services') return fail ? fakeResponse(503, 'upstream down') : fakeResponse(200, list([summary()]));
      return undefined;
    });
    renderCatalogue('/services');
    expect(await screen.findByRole('status', { name: 'Loading services…' })).toHaveAttribute('aria-busy', 'true');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load this right now");
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Standard Home Cleaning' })).toBeInTheDocument();
  });

  it('says the catalogue is busy when its read hit the time limit (query_timeout), in English and Arabic', async () => {
    mockApi((url) => {
      if (url.pathname === '/api/service-categories') return fakeResponse(200, categories);
      if (url.pathname === '/api/services') return fakeResponse(503, { statusCode: 503, code: 'query_timeout', message: 'took too long' });
      return undefined;
    });
    renderCatalogue('/services');
    expect(await screen.findByRole('alert')).toHaveTextContent('The catalogue is very busy right now');
    await act(() => i18n.changeLanguage('ar'));
    expect(screen.getByRole('alert')).toHaveTextContent('الدليل مزدحم جدًا الآن');
    await act(() => i18n.changeLanguage('en'));
  });

  it('draws the category groups once the categories are known, not before (the cards would move)', async () => {
    let answerCategories: (response: Response) => void = () => undefined;
    const categoriesAnswer = new Promise<Response>((resolve) => (answerCategories = resolve));
    mockApi((url) => {
      if (url.pathname === '/api/service-categories') return categoriesAnswer;
      if (url.pathname === '/api/services') return fakeResponse(200, list([summary(), plumbingService]));
      return undefined;
    });
    renderCatalogue('/services');
    expect(await screen.findByRole('status', { name: 'Loading services…' })).toHaveAttribute('aria-busy', 'true');
    // The services have arrived (their count is written) while the categories are still on their way.
    expect(await screen.findByText('Services found: 2')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    answerCategories(fakeResponse(200, categories));
    const cleaning = await screen.findByRole('region', { name: 'Cleaning' });
    expect(within(cleaning).getByRole('article', { name: 'Standard Home Cleaning' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Cleaning', 'Plumbing']);
  });

  it('says nothing was found without waiting for the categories', async () => {
    mockApi((url) => {
      if (url.pathname === '/api/service-categories') return new Promise<Response>(() => undefined);
      if (url.pathname === '/api/services') return fakeResponse(200, list([]));
      return undefined;
    });
    renderCatalogue('/services?search=nothing');
    expect(await screen.findByRole('heading', { name: 'No services found' })).toBeInTheDocument();
  });

  it('still lists services when the categories cannot be loaded', async () => {
    mockApi((url) => (url.pathname === '/api/services' ? fakeResponse(200, list([summary()])) : fakeResponse(500, 'boom')));
    renderCatalogue('/services');
    expect(await screen.findByRole('region', { name: 'Service' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Standard Home Cleaning' })).toBeInTheDocument();
  });
});

describe('Services page in Arabic', () => {
  beforeEach(() => i18n.changeLanguage('ar'));

  it('shows Arabic headings, category groups and service fields', async () => {
    api();
    renderCatalogue('/services');
    expect(await screen.findByRole('heading', { level: 1, name: 'خدماتنا' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toHaveAttribute('placeholder', 'ابحث عن خدمة...');
    const cleaning = await screen.findByRole('region', { name: 'التنظيف' });
    expect(within(cleaning).getByText('المزوّدون: 3')).toBeInTheDocument();
    const card = within(cleaning).getByRole('article', { name: 'تنظيف منزلي اعتيادي' });
    expect(plainText(card)).toContain('/للساعة');
    expect(within(card).getByText('الرياض')).toBeInTheDocument();
    expect(within(card).getByText('أحمد سالم')).toBeInTheDocument();
    expect(within(card).getByText('الأعمال المنجزة: 231')).toBeInTheDocument();
    expect(within(card).getByText('120 دقيقة')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /^احجز الآن/ })).toHaveAttribute('href', '/booking?service=svc-1');
  });
});
