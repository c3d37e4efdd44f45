import { openApiGaps, publicOperationsChecked } from '@khidma/nest-kit/testing';
import { bookingTestConfig, startBooking } from './support.js';

/** Routes excused from the document's completeness check, with the reason: the list may only shrink. */
const NOT_DOCUMENTED: Record<string, string> = {
  'GET /metrics': 'Prometheus text for the scraper, outside the API (docs/observability.md)',
  'GET /openapi.json': 'the document itself',
};

describe('booking OpenAPI security', () => {
  const config = bookingTestConfig();
  let booking: Awaited<ReturnType<typeof startBooking>>;
  beforeAll(async () => {
    booking = await startBooking(config);
  });
  afterAll(async () => {
    await booking?.app.close();
    await config.cleanup();
  });

  it('declares security on every operation: bearer where a token is needed (401 without), none on the public ones', async () => {
    expect(await publicOperationsChecked(booking.url)).toEqual([
      'GET /api/bookings/availability',
      'GET /api/service-categories',
      'GET /api/services',
      'GET /api/services/{idOrSlug}',
      'GET /api/services/{id}/reviews',
      'GET /api/services/{serviceId}/photos/{photoId}',
      'GET /healthz',
      'GET /readyz',
      'POST /api/contact',
    ]);
  });

  it('documents every route of its router, with request and success-answer schemas', async () => {
    expect(await openApiGaps(booking.app, booking.url, NOT_DOCUMENTED)).toEqual([]);
  });
});
