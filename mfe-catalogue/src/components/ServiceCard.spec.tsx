import { screen } from '@testing-library/react';
import { i18n, initI18n, Route } from '@khidma/web-kit';
import { renderRoutes } from '@khidma/web-kit/testing';
import { NS } from '../namespace';
import { categories, summary } from '../testing/fixtures';
import '../testing/render';
import { ServiceCard } from './ServiceCard';

beforeAll(() => initI18n(NS), 30_000);

const photo = '/api/services/svc-1/photos/3f1c0e2a-5b6d-8e7f-9a0b-1c2d3e4f5a6b';

function renderCard(imageUrl: string | null, leading = false) {
  renderRoutes(
    '/services',
    <Route path="/services" element={<ServiceCard service={summary({ imageUrl })} category={categories[0]} leading={leading} />} />,
  );
}

describe('ServiceCard photo', () => {
  it('shows the cover photo lazily, named by the title, in a box sized before it loads', async () => {
    await i18n.changeLanguage('en');
    renderCard(photo);
    const image = await screen.findByRole('img', { name: 'Standard Home Cleaning' });
    expect(image).toHaveAttribute('src', photo);
    expect(image).toHaveAttribute('loading', 'lazy');
    // Intrinsic 16:9 size: the browser reserves the box, so the card does not jump when the photo arrives.
    expect(image).toHaveAttribute('width', '480');
    expect(image).toHaveAttribute('height', '270');
    expect(image).toHaveClass('kc-card-photo');
  });

  it('fetches the leading card\'s photo at once and first: it is the list page\'s largest paint', async () => {
    await i18n.changeLanguage('en');
    renderCard(photo, true);
    const image = await screen.findByRole('img', { name: 'Standard Home Cleaning' });
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
  });

  it('names the photo in Arabic when the page is Arabic', async () => {
    await i18n.changeLanguage('ar');
    renderCard(photo);
    expect(await screen.findByRole('img', { name: 'تنظيف منزلي اعتيادي' })).toHaveAttribute('src', photo);
  });

  it('has no photo at all when the service has none', async () => {
    await i18n.changeLanguage('en');
    renderCard(null);
    await screen.findByRole('heading', { name: 'Standard Home Cleaning' });
    expect(document.querySelector('.kc-card-photo')).toBeNull();
  });
});

describe('ServiceCard rating', () => {
  it('shows how many reviews the rating stands on, in the page language', async () => {
    await i18n.changeLanguage('ar');
    renderRoutes(
      '/services',
      <Route path="/services" element={<ServiceCard service={summary({ rating: 4.6, reviewCount: 12 })} category={categories[0]} />} />,
    );
    expect(await screen.findByRole('img', { name: /^التقييم .+ من 5$/ })).toBeInTheDocument();
    expect(document.querySelector('.kc-card-reviews')).toHaveTextContent(/^\(عدد التقييمات: (12|١٢)\)$/);
  });

  it('shows no count for a service nobody reviewed yet', async () => {
    await i18n.changeLanguage('en');
    renderRoutes('/services', <Route path="/services" element={<ServiceCard service={summary({ reviewCount: 0 })} category={categories[0]} />} />);
    await screen.findByRole('heading', { name: 'Standard Home Cleaning' });
    expect(document.querySelector('.kc-card-reviews')).toBeNull();
  });
});
