import { initials, pickList } from './localize';

describe('localized fields', () => {
  it('uses the Arabic list in Arabic when it is filled in, English otherwise', () => {
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
