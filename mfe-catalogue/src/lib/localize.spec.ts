import { initials, pick, pickList } from './localize';

describe('localized fields', () => {
  it('uses the Arabic field in Arabic when it has text, English otherwise', () => {
    expect(pick('ar', 'Cleaning', 'التنظيف')).toBe('التنظيف');
    expect(pick('ar', 'Cleaning', ' ')).toBe('Cleaning');
    expect(pick('en', 'Cleaning', 'التنظيف')).toBe('Cleaning');
    expect(pickList('ar', ['Insured'], [])).toEqual(['Insured']);
    expect(pickList('ar', ['Insured'], ['مؤمَّن'])).toEqual(['مؤمَّن']);
  });

  it('makes avatar initials for Latin and Arabic names', () => {
    expect(initials('Ahmed Salem')).toBe('AS');
    expect(initials('zahra')).toBe('Z');
    expect(initials('الفارسي للتنظيف')).toBe('ف');
    expect(initials('زهرة للعناية بالمنزل')).toBe('ز');
    expect(initials('')).toBe('');
  });
});
