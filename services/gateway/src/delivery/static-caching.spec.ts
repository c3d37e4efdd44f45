import { IMMUTABLE, REVALIDATE, staticCacheControl } from './static-caching.js';

describe('staticCacheControl', () => {
  it('keeps hashed assets of the shell and the remotes forever', () => {
    expect(staticCacheControl('shell', '/static/js/index.3192d44f.js', 200)).toBe(IMMUTABLE);
    expect(staticCacheControl('mfe_catalogue', '/static/js/async/2.209a5055.js', 200)).toBe(IMMUTABLE);
    expect(staticCacheControl('mfe_admin', '/static/css/index.1a2b3c4d.css', 200)).toBe(IMMUTABLE);
  });

  it('revalidates pages, manifests and remote entries, and a 304 keeps that answer', () => {
    expect(staticCacheControl('shell', '/', 200)).toBe(REVALIDATE);
    expect(staticCacheControl('shell', '/services', 200)).toBe(REVALIDATE);
    expect(staticCacheControl('mfe_booking', '/mf-manifest.json', 200)).toBe(REVALIDATE);
    expect(staticCacheControl('mfe_booking', '/remoteEntry.js', 304)).toBe(REVALIDATE);
    // A redirect or a missing asset must not be pinned for a year.
    expect(staticCacheControl('shell', '/static/js/gone.js', 301)).toBe(REVALIDATE);
  });

  it("leaves the services' and error answers alone", () => {
    expect(staticCacheControl('booking', '/api/services', 200)).toBeUndefined();
    expect(staticCacheControl('identity', '/static/x.js', 200)).toBeUndefined();
    expect(staticCacheControl('shell', '/static/js/gone.js', 404)).toBeUndefined();
  });
});
