import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, initI18n } from '@khidma/web-kit';
import { NS } from '../namespace';
import '../testing/render';
import { Gallery } from './Gallery';

beforeAll(() => initI18n(NS), 30_000);

const photos = ['/api/services/s/photos/a', '/api/services/s/photos/b', '/api/services/s/photos/c'];

describe('Gallery', () => {
  it('shows the first photo large and switches with keyboard-usable thumbnails', async () => {
    await i18n.changeLanguage('en');
    const user = userEvent.setup();
    render(<Gallery images={photos} title="Deep Home Cleaning" icon="sparkles" color="#0EA5E9" />);
    expect(screen.getByRole('img', { name: 'Deep Home Cleaning, photo 1' })).toHaveAttribute('src', photos[0]);
    const thumbs = screen.getAllByRole('button', { name: /^Show photo \d$/ });
    expect(thumbs).toHaveLength(3);
    expect(thumbs[0]).toHaveAttribute('aria-pressed', 'true');

    // Tab to the third thumbnail and press Enter; then Space on the second.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(thumbs[2]).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('img', { name: 'Deep Home Cleaning, photo 3' })).toHaveAttribute('src', photos[2]);
    expect(thumbs[2]).toHaveAttribute('aria-pressed', 'true');
    expect(thumbs[0]).toHaveAttribute('aria-pressed', 'false');
    await user.tab({ shift: true });
    await user.keyboard(' ');
    expect(screen.getByRole('img', { name: 'Deep Home Cleaning, photo 2' })).toHaveAttribute('src', photos[1]);
  });

  it('labels photos and thumbnails in Arabic', async () => {
    await i18n.changeLanguage('ar');
    render(<Gallery images={photos} title="تنظيف عميق للمنزل" icon="sparkles" color="#0EA5E9" />);
    expect(screen.getByRole('img', { name: 'تنظيف عميق للمنزل، الصورة 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'عرض الصورة 3' })).toBeInTheDocument();
  });

  it('shows one photo without thumbnails, and the category icon when there is none', async () => {
    await i18n.changeLanguage('en');
    const { unmount } = render(<Gallery images={photos.slice(0, 1)} title="Deep Home Cleaning" icon="sparkles" color="#0EA5E9" />);
    expect(screen.getByRole('img', { name: 'Deep Home Cleaning, photo 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    render(<Gallery images={[]} title="Deep Home Cleaning" icon="sparkles" color="#0EA5E9" />);
    expect(screen.queryByRole('img', { name: /photo/ })).toBeNull();
    expect(document.querySelector('.kc-gallery-empty')).not.toBeNull();
  });
});
