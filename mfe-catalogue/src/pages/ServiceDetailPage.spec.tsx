import { fireEvent, screen, within } from '@testing-library/react';
import { i18n, initI18n } from '@khidma/web-kit';
import { fakeResponse } from '@khidma/web-kit/testing';
import { NS } from '../namespace';
import { detail, mockApi, reviewFixture, reviewsPage } from '../testing/fixtures';
import { plainText, renderCatalogue } from '../testing/render';

beforeAll(() => initI18n(NS), 30_000);
beforeEach(() => i18n.changeLanguage('en'));

function api(service = detail(), reviews = (page: number) => reviewsPage({ page })) {
  return mockApi((url) => {
    if (url.pathname === `/api/services/${service.id}/reviews`) return fakeResponse(200, reviews(Number(url.searchParams.get('page'))));
    return url.pathname === `/api/services/${service.id}` || url.pathname === `/api/services/${service.slug}`
      ? fakeResponse(200, service)
      : undefined;
  });
}

describe('Service detail page', () => {
  it('loads the service by id or slug and shows its header', async () => {
    const fetch = api();
    renderCatalogue('/service/standard-home-cleaning');
    expect(await screen.findByRole('heading', { level: 1, name: 'Standard Home Cleaning' })).toBeInTheDocument();
    expect(fetch.mock.calls.map((call) => String(call[0]))).toEqual(['/api/services/standard-home-cleaning']);
    expect(screen.getByRole('link', { name: 'Back to services' })).toHaveAttribute('href', '/services');
    expect(screen.getAllByRole('img', { name: 'Rated 4.6 out of 5' })[0]).toBeInTheDocument();
    expect(within(screen.getByRole('heading', { level: 1 }).parentElement!).getByText('(12 reviews)')).toBeInTheDocument();
    expect(screen.getAllByText('120 min').length).toBeGreaterThan(0);
    expect(plainText(screen.getByRole('heading', { level: 1 }).parentElement!)).toContain('$25/per hour');
    // The badge comes from the provider's week; which wording depends on today, but it is one of them.
    expect(screen.getByText(/^(Available today until|Next available:|No open hours)/)).toBeInTheDocument();
  });

  it('has Description, Features and Reviews tabs with the real content', async () => {
    api();
    renderCatalogue('/service/svc-1');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Weekly or one-off cleaning.');

    fireEvent.click(screen.getByRole('tab', { name: 'Features' }));
    expect(await screen.findByText('Eco-friendly products')).toBeVisible();
    expect(screen.getByText('Insured staff')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: 'Reviews (12)' }));
    const review = await screen.findByRole('article', { name: 'Review by Sara K.' });
    expect(within(review).getByText('Spotless flat, on time.')).toHaveAttribute('lang', 'en');
    expect(within(review).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(within(review).getByText('Mar 2, 2025')).toBeInTheDocument();
    expect(within(review).getByText('Reply from the provider')).toBeInTheDocument();
    expect(within(review).getByText('Thank you, Sara!')).toBeInTheDocument();
    expect(screen.getByText('عمل ممتاز وسريع.')).toHaveAttribute('lang', 'ar');
  });

  it('shows the Reviews tab’s average, histogram and pages, newest first from the server', async () => {
    const fetch = api(detail(), (page) =>
      page === 2 ? reviewsPage({ page: 2, reviews: [reviewFixture({ id: 'r11', authorName: 'Oldest Omar', comment: 'First one.' })] }) : reviewsPage(),
    );
    renderCatalogue('/service/svc-1');
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(screen.getByRole('tab', { name: 'Reviews (12)' }));
    const summary = await screen.findByRole('region', { name: 'Rating summary' });
    expect(within(summary).getByRole('img', { name: 'Rated 4.6 out of 5' })).toBeInTheDocument();
    const rows = within(within(summary).getByRole('list', { name: 'Reviews by stars' })).getAllByRole('listitem');
    expect(rows.map((row) => plainText(row))).toEqual(['5 stars8', '4 stars3', '3 stars0', '2 stars1', '1 star0']);
    const pages = screen.getByRole('navigation', { name: 'Review pages' });
    fireEvent.click(within(pages).getByText('2'));
    expect(await screen.findByRole('article', { name: 'Review by Oldest Omar' })).toBeInTheDocument();
    const asked = fetch.mock.calls.map((call) => String(call[0])).filter((url) => url.includes('/reviews'));
    expect(asked).toEqual(['/api/services/svc-1/reviews?page=1&pageSize=10', '/api/services/svc-1/reviews?page=2&pageSize=10']);
  });

  it('says so when a service has no reviews yet', async () => {
    api(detail({ reviewCount: 0, reviews: [] }), () => reviewsPage({ reviews: [], total: 0, average: null, histogram: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } }));
    renderCatalogue('/service/svc-1');
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(screen.getByRole('tab', { name: 'Reviews (0)' }));
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
  });

  it('shows the provider card, quick stats and similar services', async () => {
    api();
    renderCatalogue('/service/svc-1');
    const provider = await screen.findByRole('region', { name: /Ahmed Salem/ });
    expect(within(provider).getByRole('img', { name: 'Verified provider' })).toBeInTheDocument();
    expect(within(provider).getByText('231')).toBeInTheDocument();
    expect(within(provider).getByText('Within 20 min')).toBeInTheDocument();
    expect(within(provider).getByText('Arabic, English')).toBeInTheDocument();
    expect(within(provider).getByText('February 2023')).toBeInTheDocument();
    expect(within(provider).getByRole('row', { name: /Monday 09:00–17:00/ })).toBeInTheDocument();
    expect(within(provider).getByRole('row', { name: /Friday Closed/ })).toBeInTheDocument();
    expect(within(provider).getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/chat?provider=prov-1');
    expect(within(provider).getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', '/booking?service=svc-1');
    // No phone number in the data: no Call action at all rather than a button that does nothing.
    expect(within(provider).queryByRole('link', { name: 'Call' })).not.toBeInTheDocument();
    expect(within(provider).queryByRole('button', { name: 'Call' })).not.toBeInTheDocument();

    const stats = screen.getByRole('region', { name: 'Quick Stats' });
    expect(plainText(stats)).toContain('$15 – $35');
    expect(stats).toHaveTextContent('Cleaning');
    expect(stats).toHaveTextContent('Riyadh');

    const similar = screen.getByRole('region', { name: 'Similar Services' });
    expect(within(similar).getByRole('link', { name: /^Details ?: Deep Cleaning$/ })).toHaveAttribute('href', '/service/svc-3');
  });

  it('offers Call as a tel: link when the provider has a phone number', async () => {
    const service = detail();
    api({ ...service, provider: { ...service.provider, phone: '+966 50 123 4567' } });
    renderCatalogue('/service/svc-1');
    const provider = await screen.findByRole('region', { name: /Ahmed Salem/ });
    expect(within(provider).getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+966501234567');
  });

  it('an unknown id shows Service not found with a way back', async () => {
    api();
    renderCatalogue('/service/no-such-service');
    expect(await screen.findByRole('heading', { level: 1, name: 'Service not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all services' })).toHaveAttribute('href', '/services');
  });

  it('a failed request shows an error with Retry, which loads the service', async () => {
    let fail = true;
    mockApi((url) => (url.pathname === '/api/services/svc-1' ? (fail ? fakeResponse(500, 'boom') : fakeResponse(200, detail())) : undefined));
    renderCatalogue('/service/svc-1');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 1, name: 'Service details unavailable' })).toBeInTheDocument();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Standard Home Cleaning' })).toBeInTheDocument();
  });

  it('Back to services returns to the filtered list the visitor came from', async () => {
    mockApi((url) => {
      if (url.pathname === '/api/services/svc-1') return fakeResponse(200, detail());
      if (url.pathname === '/api/services') return fakeResponse(200, { services: [detail()], total: 1, page: 1, limit: 20 });
      if (url.pathname === '/api/service-categories') return fakeResponse(200, []);
      return undefined;
    });
    const router = renderCatalogue('/services?category=cleaning&view=list');
    const card = await screen.findByRole('article', { name: 'Standard Home Cleaning' });
    fireEvent.click(within(card).getByRole('link', { name: /^Details/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Standard Home Cleaning' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to services' })).toHaveAttribute('href', '/services?category=cleaning&view=list');
    fireEvent.click(screen.getByRole('link', { name: 'Back to services' }));
    expect(router.url).toBe('/services?category=cleaning&view=list');
    expect(await screen.findByRole('article', { name: 'Standard Home Cleaning' })).toBeInTheDocument();
  });
});

describe('Service detail page in Arabic', () => {
  beforeEach(() => i18n.changeLanguage('ar'));

  it('shows the Arabic title, features, provider and quick stats', async () => {
    api();
    renderCatalogue('/service/svc-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'تنظيف منزلي اعتيادي' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى الخدمات' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'المزايا' }));
    expect(await screen.findByText('منتجات صديقة للبيئة')).toBeVisible();
    const provider = screen.getByRole('region', { name: /أحمد سالم/ });
    expect(within(provider).getByText('العربية، الإنجليزية')).toBeInTheDocument();
    expect(within(provider).getByRole('link', { name: 'محادثة' })).toHaveAttribute('href', '/chat?provider=prov-1');
    const stats = screen.getByRole('region', { name: 'معلومات سريعة' });
    expect(plainText(stats)).toContain('$15 – $35');
    expect(stats).toHaveTextContent('التنظيف');
    expect(stats).toHaveTextContent('الرياض');
  });

  it('shows the Reviews tab in Arabic, each review in the language it was written in', async () => {
    api();
    renderCatalogue('/service/svc-1');
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(screen.getByRole('tab', { name: 'التقييمات (12)' }));
    const summary = await screen.findByRole('region', { name: 'ملخص التقييم' });
    expect(within(summary).getByText('نجمتان')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'تقييم من Sara K.' })).toHaveTextContent('ردّ مقدّم الخدمة');
    expect(screen.getByText('Spotless flat, on time.')).toHaveAttribute('lang', 'en');
  });

  it('an unknown id shows the Arabic not-found state', async () => {
    api();
    renderCatalogue('/service/missing');
    expect(await screen.findByRole('heading', { level: 1, name: 'الخدمة غير موجودة' })).toBeInTheDocument();
  });
});
