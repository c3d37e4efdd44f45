import { isolate, localized } from './localize.js';

describe('localized', () => {
  it('uses the Arabic text in Arabic when it has content, English otherwise', () => {
    expect(localized('ar', 'Cleaning', 'التنظيف')).toBe('التنظيف');
    expect(localized('ar', 'Cleaning', ' ')).toBe('Cleaning');
    expect(localized('ar', 'Cleaning', null)).toBe('Cleaning');
    expect(localized('ar', 'Cleaning', undefined)).toBe('Cleaning');
    expect(localized('en', 'Cleaning', 'التنظيف')).toBe('Cleaning');
  });
});

describe('isolate', () => {
  it('wraps text in a first-strong isolate so its direction never reorders the sentence around it', () => {
    expect(isolate('Aziz Handyman 288')).toBe('\u2068Aziz Handyman 288\u2069');
  });
});
