import { bearerMatches } from './http-metrics.js';

const TOKEN = 'scrape-token-0123456789';

describe('bearerMatches (the metrics scrape token)', () => {
  it('accepts the token in an Authorization bearer header, read as access tokens are', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    // The scheme is case-insensitive and may be followed by any whitespace (RFC 9110 / the shared parser).
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`BEARER \t${TOKEN}`, TOKEN)).toBe(true);
  });

  it('refuses another token, a prefix or extension of it, another scheme or no header', () => {
    expect(bearerMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(`Basic ${TOKEN}`, TOKEN)).toBe(false);
    expect(bearerMatches(TOKEN, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN} extra`, TOKEN)).toBe(false);
    expect(bearerMatches('Bearer ', TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
  });
});
