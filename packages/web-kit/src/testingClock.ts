import { jest } from '@jest/globals';

/**
 * The instant every frontend test runs at: Saturday 21 November 2026, 10:00 in Asia/Amman (07:00 UTC,
 * still Friday 23:00 in Los Angeles, the zone the tests run in: jest.frontend.mjs). The shared Jest setup
 * pins `Date` to it before each test, so no test depends on the day it runs on; dates a test needs are
 * computed from it (`testDay`).
 */
export const TEST_NOW = new Date('2026-11-21T07:00:00Z');

/** Every fakeable API but `Date`: timers stay real, so Testing Library's waits work unchanged. */
const REAL_APIS = [
  'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame',
  'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval',
  'setTimeout', 'clearTimeout', 'Temporal',
] as const;

/**
 * Pins `Date` to `now`; it then moves on with real time (a test that waits a second sees a second
 * pass). A test that fakes timers itself calls `jest.useFakeTimers()` after this and starts at `now` too.
 */
export function pinClock(now: Date = TEST_NOW): void {
  jest.useFakeTimers({ now, doNotFake: [...REAL_APIS], advanceTimers: true });
}

const marketplaceDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Amman' });

/** `YYYY-MM-DD` of the marketplace day (Asia/Amman, the servers' default zone) `days` after TEST_NOW's. */
export function testDay(days = 0): string {
  const day = new Date(`${marketplaceDay.format(TEST_NOW)}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}
