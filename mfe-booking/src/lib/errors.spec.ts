import { ApiError } from '@khidma/web-kit';
import { errorMessage } from './errors';

const apiError = (status: number, body?: object) =>
  new ApiError(status, 'x', body ? ({ statusCode: status, message: 'x', ...body } as never) : undefined);

describe('errorMessage: one translation of server errors', () => {
  it('a booking or payment code has its own message, with the cut-off hours', () => {
    expect(errorMessage(apiError(409, { code: 'slot_taken' }), 'book')).toEqual({ key: 'errors.codes.slot_taken', values: { hours: 2 } });
    expect(errorMessage(apiError(402, { code: 'card_declined' }), 'pay').key).toBe('errors.codes.card_declined');
    expect(errorMessage(apiError(409, { code: 'slot_unavailable', params: { reason: 'too_long' } }), 'book').key).toBe('errors.codes.slot_unavailable_too_long');
    expect(errorMessage(apiError(409, { code: 'slot_unavailable', params: { reason: 'odd' } }), 'book').key).toBe('errors.codes.slot_unavailable');
  });

  it("an explained refusal shows the server's words; anything else the action's fallback", () => {
    expect(errorMessage(apiError(409, { code: 'conflict', message: 'Provider is on leave' }), 'cancel')).toEqual({
      key: 'errors.server',
      values: { message: 'Provider is on leave' },
    });
    expect(errorMessage(apiError(500, { code: 'internal_error', message: 'boom' }), 'cancel').key).toBe('errors.fallback.cancel');
    expect(errorMessage(apiError(404, { code: 'not_found', message: 'nope' }), 'loadBooking').key).toBe('errors.fallback.loadBooking');
    expect(errorMessage(apiError(400, { code: 'validation_failed' }), 'pay').key).toBe('errors.codes.payment_form');
    expect(errorMessage(new TypeError('Failed to fetch'), 'loadBookings').key).toBe('errors.network');
    expect(errorMessage(new Error('?'), 'book').key).toBe('errors.fallback.book');
  });
});
