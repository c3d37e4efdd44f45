import { BOOKING_SLOTS, PRICE_RANGES, remotePathPrefix } from './index.js';

describe('business constants', () => {
  it('offers hourly slots from 09:00 to 17:00', () => {
    expect(BOOKING_SLOTS).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00']);
  });
  it('has the four price buckets of the spec', () => {
    expect(PRICE_RANGES).toEqual(['0-25', '25-50', '50-100', '100+']);
  });
  it('maps remote names to gateway path prefixes', () => {
    expect(remotePathPrefix('mfe_catalogue')).toBe('/mfe/catalogue/');
  });
});
