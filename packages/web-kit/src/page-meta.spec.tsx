import { act, render } from '@testing-library/react';
import { i18n, initI18n } from './i18n.js';
import { PageHeader } from './PageHeader.js';

beforeAll(() => initI18n('test'));
afterEach(() => act(() => i18n.changeLanguage('en')));

const description = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

it("titles the tab '<page> · Khidma' and describes the page, then gives the previous page its own back", () => {
  document.title = 'Khidma';
  const outer = render(<PageHeader title="Our Services" subtitle="Find professional services from trusted providers" />);
  expect(document.title).toBe('Our Services · Khidma');
  expect(description()).toBe('Find professional services from trusted providers');

  const inner = render(<PageHeader title="My Bookings" subtitle="Every booking in one place" />);
  expect(document.title).toBe('My Bookings · Khidma');
  inner.unmount();
  expect(document.title).toBe('Our Services · Khidma');
  expect(description()).toBe('Find professional services from trusted providers');
  outer.unmount();
  expect(document.title).toBe('Khidma');
});

it('names the product in Arabic on Arabic pages', async () => {
  await act(() => i18n.changeLanguage('ar'));
  const page = render(<PageHeader title="خدماتنا" subtitle="اعثر على خدمات احترافية" />);
  expect(document.title).toBe('خدماتنا · خدمة');
  expect(description()).toBe('اعثر على خدمات احترافية');
  page.unmount();
});
