import { addressList, addressMatcher } from './trusted-proxies.js';

describe('trusted proxies', () => {
  test('reads addresses and CIDR ranges, refusing anything else', () => {
    expect(addressList('').parse('10.0.0.0/8, 127.0.0.1,fd00::/8')).toEqual(['10.0.0.0/8', '127.0.0.1', 'fd00::/8']);
    expect(addressList('127.0.0.1').parse(undefined)).toEqual(['127.0.0.1']);
    for (const bad of ['10.0.0.0/33', 'gateway', '10.0.0.1/8/2', '::1/129']) expect(addressList('').safeParse(bad).success).toBe(false);
  });

  test('matches an address inside a range, its IPv4-mapped form, and nothing outside', () => {
    const trusted = addressMatcher(['10.0.0.0/8', '::1', '192.168.1.7']);
    expect(['10.244.3.17', '::ffff:10.1.2.3', '::1', '192.168.1.7'].map(trusted)).toEqual([true, true, true, true]);
    expect(['11.0.0.1', '192.168.1.8', '::ffff:11.0.0.1', 'fd00::1', 'unknown'].map(trusted)).toEqual([false, false, false, false, false]);
  });
});
