import { defaultWeeklyAvailability, isRegionCode, REGIONS, regionOfLocale, regionOfTimeZone, regionOr, WHOLE_HOUR } from './index.js';

describe('regions', () => {
  it('closes a new provider’s weekly hours on the region’s weekend', () => {
    const closed = (code: keyof typeof REGIONS) =>
      Object.entries(defaultWeeklyAvailability(REGIONS[code])).filter(([, hours]) => hours === null).map(([day]) => day);
    expect(closed('AE')).toEqual(['sunday', 'saturday']);
    for (const code of ['SA', 'QA', 'KW', 'BH', 'OM', 'JO'] as const) expect(closed(code)).toEqual(['friday', 'saturday']);
    expect(defaultWeeklyAvailability(REGIONS.AE).monday).toEqual(['09:00', '17:00']);
  });

  it('finds the marketplace default from its zone, a client’s from the browser locale', () => {
    expect(regionOfTimeZone('Asia/Amman').code).toBe('JO');
    expect(regionOfTimeZone('Asia/Dubai').code).toBe('AE');
    expect(regionOfTimeZone('Europe/Berlin').code).toBe('JO');
    expect(regionOfLocale('ar-SA', REGIONS.JO).code).toBe('SA');
    expect(regionOfLocale('en_AE', REGIONS.JO).code).toBe('AE');
    expect(regionOfLocale('en-US', REGIONS.JO).code).toBe('JO');
    expect(regionOfLocale('ar', REGIONS.QA).code).toBe('QA');
    expect(regionOr(null, REGIONS.KW).code).toBe('KW');
    expect(isRegionCode('OM')).toBe(true);
    expect(isRegionCode('US')).toBe(false);
  });

  it('names every region in English and Arabic', () => {
    for (const region of Object.values(REGIONS)) {
      expect(region.name).not.toBe('');
      expect(region.nameAr).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('takes whole hours from 00:00 to 23:00 as booking times', () => {
    expect(['00:00', '01:00', '23:00'].every((time) => WHOLE_HOUR.test(time))).toBe(true);
    expect(['24:00', '08:30', '8:00'].some((time) => WHOLE_HOUR.test(time))).toBe(false);
  });
});
