import { act, render } from '@testing-library/react';
import { i18n, initI18n } from './i18n.js';
import { PageHeader } from './PageHeader.js';

beforeAll(() => initI18n('test'));
afterEach(() => act(() => i18n.changeLanguage('en')));

const description = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

it("titles the tab '<page> · Khidma' and describes the page, then gives the previous page its own back", () => {
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

it('names the tab after the product in the current language while no page names itself', async () => {
  const page = render(<PageHeader title="Our Services" subtitle="Find professional services from trusted providers" />);
  page.unmount();
  expect(document.title).toBe('Khidma');
  await act(() => i18n.changeLanguage('ar'));
  expect(document.title).toBe('خدمة');
});

it('gives the previous page its own title back in the language chosen meanwhile', async () => {
  let language: 'en' | 'ar' = 'en';
  const Page = ({ en, ar }: { en: string; ar: string }) => <PageHeader title={language === 'ar' ? ar : en} />;
  const outer = render(<Page en="Our Services" ar="خدماتنا" />);
  const inner = render(<Page en="My Bookings" ar="حجوزاتي" />);
  language = 'ar';
  await act(() => i18n.changeLanguage('ar'));
  outer.rerender(<Page en="Our Services" ar="خدماتنا" />);
  inner.rerender(<Page en="My Bookings" ar="حجوزاتي" />);
  expect(document.title).toBe('حجوزاتي · خدمة');
  inner.unmount();
  expect(document.title).toBe('خدماتنا · خدمة');
  outer.unmount();
  expect(document.title).toBe('خدمة');
});
