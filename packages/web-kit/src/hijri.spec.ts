import { formatCalendarDate, formatDate, formatHijriDate } from './format.js';
import { HIJRI_STORAGE_KEY, reloadHijriChoice, setShowHijri, showsHijri } from './hijri.js';
import { testDay } from './testingClock.js';

// Gregorian → Umm al-Qura pairs as Node's ICU tells them (checked with Intl before writing them down):
// 1 Ramadan 1447 began on 18 February 2026, 1 Shawwal 1447 (Eid al-Fitr) on 20 March 2026.
const isolated = (text: string) => `\u2068${text}\u2069`;

describe('formatHijriDate / formatCalendarDate', () => {
  it.each([
    ['2026-02-17', 'Shaʻban 29, 1447 AH', '29 شعبان 1447 هـ'],
    ['2026-02-18', 'Ramadan 1, 1447 AH', '1 رمضان 1447 هـ'],
    ['2026-03-20', 'Shawwal 1, 1447 AH', '1 شوال 1447 هـ'],
    ['2026-11-27', 'Jumada II 17, 1448 AH', '17 جمادى الآخرة 1448 هـ'],
  ])('%s is %s in English and %s in Arabic', (day, english, arabic) => {
    expect(formatHijriDate(`${day}T00:00:00Z`, 'en', 'UTC')).toBe(english);
    expect(formatHijriDate(`${day}T00:00:00Z`, 'ar', 'UTC')).toBe(arabic);
  });

  it('shows only the Gregorian date when Hijri is off', () => {
    expect(formatCalendarDate('2026-02-18', 'en')).toBe('Feb 18, 2026');
    expect(formatCalendarDate('2026-02-18', 'en', { dateStyle: 'medium', hijri: false })).toBe('Feb 18, 2026');
  });

  it('adds the Hijri date after a middle dot, each part isolated, in both languages', () => {
    expect(formatCalendarDate('2026-02-18', 'en', { dateStyle: 'medium', hijri: true })).toBe(
      `${isolated('Feb 18, 2026')} · ${isolated('Ramadan 1, 1447 AH')}`,
    );
    const arabic = formatCalendarDate('2026-11-27', 'ar', { dateStyle: 'full', hijri: true });
    expect(arabic).toBe(`${isolated(formatCalendarDate('2026-11-27', 'ar', { dateStyle: 'full' }))} · ${isolated('17 جمادى الآخرة 1448 هـ')}`);
    expect(arabic).toContain('الجمعة'); // Friday, in the Gregorian part
    expect(arabic).not.toMatch(/[٠-٩]/); // Latin digits, as everywhere in the Arabic UI
  });

  it("keeps a calendar date on its day whatever the device's zone (no off-by-one around midnight)", () => {
    // Frontend suites run with TZ=America/Los_Angeles (UTC-8, jest.frontend.mjs): a `YYYY-MM-DD` read as
    // the device's midnight would show 17 February and 29 Shaʻban there (checked: that mistake fails this
    // test). Node in Jest does not apply a process.env.TZ set at run time, hence no loop over zones here.
    expect(new Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('America/Los_Angeles');
    expect(formatCalendarDate('2026-02-18', 'en', { dateStyle: 'full', hijri: true })).toBe(
      `${isolated('Wednesday, February 18, 2026')} · ${isolated('Ramadan 1, 1447 AH')}`,
    );
    expect(formatCalendarDate('2026-02-18', 'ar', { dateStyle: 'full', hijri: true })).toContain(isolated('1 رمضان 1447 هـ'));
  });

  it('tells both calendars of an instant in the same zone, either side of the marketplace midnight', () => {
    // 20:59 UTC is 23:59 in Amman on 17 February; 21:01 UTC is already 00:01 on the 18th (1 Ramadan).
    const beforeMidnight = formatDate('2026-02-17T20:59:00Z', 'en', { dateStyle: 'medium', timeZone: 'Asia/Amman', hijri: true });
    const afterMidnight = formatDate('2026-02-17T21:01:00Z', 'en', { dateStyle: 'medium', timeZone: 'Asia/Amman', hijri: true });
    expect(beforeMidnight).toBe(`${isolated('Feb 17, 2026')} · ${isolated('Shaʻban 29, 1447 AH')}`);
    expect(afterMidnight).toBe(`${isolated('Feb 18, 2026')} · ${isolated('Ramadan 1, 1447 AH')}`);
  });

  it("formats the tests' marketplace today (TEST_NOW) with its Hijri date", () => {
    expect(formatCalendarDate(testDay(0), 'en', { dateStyle: 'medium', hijri: true })).toBe(
      `${isolated('Nov 21, 2026')} · ${isolated('Jumada II 11, 1448 AH')}`,
    );
  });
});

describe('the "Show Hijri dates" preference', () => {
  beforeEach(() => {
    localStorage.clear();
    reloadHijriChoice();
  });

  it('defaults to on in Arabic and off in English', () => {
    expect(showsHijri('ar')).toBe(true);
    expect(showsHijri('en')).toBe(false);
    expect(localStorage.getItem(HIJRI_STORAGE_KEY)).toBeNull();
  });

  it("the user's explicit choice wins in every language", () => {
    setShowHijri(false);
    expect(showsHijri('ar')).toBe(false);
    expect(showsHijri('en')).toBe(false);
    setShowHijri(true);
    expect(showsHijri('en')).toBe(true);
    expect(showsHijri('ar')).toBe(true);
  });

  it('is remembered in localStorage and read back on the next load', () => {
    setShowHijri(true);
    expect(localStorage.getItem(HIJRI_STORAGE_KEY)).toBe('on');
    reloadHijriChoice();
    expect(showsHijri('en')).toBe(true);

    localStorage.setItem(HIJRI_STORAGE_KEY, 'off');
    reloadHijriChoice();
    expect(showsHijri('ar')).toBe(false);

    localStorage.setItem(HIJRI_STORAGE_KEY, 'garbage');
    reloadHijriChoice();
    expect(showsHijri('ar')).toBe(true); // an unreadable value falls back to the default
  });
});
