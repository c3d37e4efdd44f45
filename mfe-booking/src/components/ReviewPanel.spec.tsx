import { fireEvent, screen, within } from '@testing-library/react';
import type { BookingReviewResponse, ReviewDetailDto } from '@khidma/contracts';
import { i18n, initI18n } from '@khidma/web-kit';
import { fakeResponse, testReview } from '@khidma/web-kit/testing';
import { NS } from '../namespace';
import { apiError, booking, callsTo, mockApi, type Call } from '../testing/fixtures';
import { renderBooking, signIn } from '../testing/render';

beforeAll(() => initI18n(NS), 30_000);
beforeEach(() => i18n.changeLanguage('en'));

const noActions = { cancel: false, reschedule: false, pay: false, accept: false, decline: false, start: false, complete: false };
const completed = booking({ status: 'completed', paymentStatus: 'paid', actions: noActions });

function written(overrides: Partial<ReviewDetailDto> = {}): ReviewDetailDto {
  return testReview({
    comment: 'Very tidy work.',
    serviceId: completed.serviceId,
    serviceTitle: completed.service.title,
    serviceTitleAr: completed.service.titleAr,
    bookingId: completed.id,
    actions: { edit: true, reply: false },
    ...overrides,
  });
}

function api(review: BookingReviewResponse, extra: (call: Call) => Response | undefined = () => undefined) {
  return mockApi((call) => {
    if (call.url.pathname === `/api/bookings/${completed.id}` && call.method === 'GET') return fakeResponse(200, completed);
    if (call.url.pathname === `/api/bookings/${completed.id}/review` && call.method === 'GET') return fakeResponse(200, review);
    return extra(call);
  });
}

describe('Review of a completed booking', () => {
  it('is not offered before the booking is completed', async () => {
    signIn();
    const calls = mockApi((call) => (call.url.pathname === '/api/bookings/bk-1' ? fakeResponse(200, booking()) : undefined));
    renderBooking('/my-bookings/bk-1');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Leave a review' })).not.toBeInTheDocument();
    expect(callsTo(calls, '/api/bookings/bk-1/review')).toHaveLength(0);
  });

  it('takes stars and a text, asks for stars first, and sends the language it was written in', async () => {
    signIn();
    const calls = api({ review: null, canReview: true }, (call) =>
      call.url.pathname === `/api/bookings/${completed.id}/review` && call.method === 'POST'
        ? fakeResponse(201, written({ rating: 5, comment: 'عمل رائع', language: 'ar' }))
        : undefined,
    );
    renderBooking(`/my-bookings/${completed.id}`);
    const panel = await screen.findByRole('region', { name: 'Leave a review' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Submit review' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Please choose from 1 to 5 stars.');
    fireEvent.click(within(panel).getByRole('radio', { name: '5 stars' }));
    fireEvent.change(within(panel).getByLabelText('Your review (optional)'), { target: { value: ' عمل رائع ' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Submit review' }));
    const review = await screen.findByRole('region', { name: 'Your review' });
    expect(within(review).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(within(review).getByText('عمل رائع')).toHaveAttribute('lang', 'ar');
    expect(callsTo(calls, `/api/bookings/${completed.id}/review`, 'POST').map((call) => call.body)).toEqual([{ rating: 5, comment: 'عمل رائع', language: 'ar' }]);
  });

  it('shows the review with the provider’s reply and lets its author edit it while allowed', async () => {
    signIn();
    const calls = api({ review: written({ reply: { comment: 'Thanks, Sara!', createdAt: '2026-11-25T09:00:00.000Z' } }), canReview: false }, (call) =>
      call.url.pathname === '/api/reviews/rv-1' && call.method === 'PATCH' ? fakeResponse(200, written({ rating: 3 })) : undefined,
    );
    renderBooking(`/my-bookings/${completed.id}`);
    const panel = await screen.findByRole('region', { name: 'Your review' });
    expect(await within(panel).findByText('Thanks, Sara!')).toBeInTheDocument();
    expect(within(panel).getByText('You can edit your review until Dec 1, 2026.')).toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('button', { name: 'Edit review' }));
    expect(within(panel).getByRole('radio', { name: '4 stars' })).toBeChecked();
    fireEvent.click(within(panel).getByRole('radio', { name: '3 stars' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Save changes' }));
    expect(await within(panel).findByRole('img', { name: 'Rated 3 out of 5' })).toBeInTheDocument();
    expect(callsTo(calls, '/api/reviews/rv-1', 'PATCH').map((call) => call.body)).toEqual([{ rating: 3, comment: 'Very tidy work.', language: 'en' }]);
  });

  it('offers no Edit after the 7 days', async () => {
    signIn();
    api({ review: written({ actions: { edit: false, reply: false } }), canReview: false });
    renderBooking(`/my-bookings/${completed.id}`);
    const panel = await screen.findByRole('region', { name: 'Your review' });
    expect(await within(panel).findByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Edit review' })).not.toBeInTheDocument();
    expect(within(panel).queryByText(/You can edit/)).not.toBeInTheDocument();
  });

  it('says why a review was refused, in Arabic', async () => {
    await i18n.changeLanguage('ar');
    signIn();
    api({ review: null, canReview: true }, (call) => (call.method === 'POST' ? apiError(409, 'already_reviewed') : undefined));
    renderBooking(`/my-bookings/${completed.id}`);
    const panel = await screen.findByRole('region', { name: 'اكتب تقييمًا' });
    fireEvent.click(within(panel).getByRole('radio', { name: 'نجمتان' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'إرسال التقييم' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('تم تقييم هذا الحجز من قبل.');
  });
});
