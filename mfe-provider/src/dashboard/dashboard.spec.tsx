import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AvailabilityDto, EarningsSeriesDto, ProviderServiceRequest, ProviderStatsDto, ReviewDetailDto } from '@khidma/contracts';
import { formatMoney, i18n, initI18n, isolate } from '@khidma/web-kit';
import { fakeResponse, resetToasts, testReview } from '@khidma/web-kit/testing';
import { NS } from '../namespace';
import { type Answer, LANGUAGES, fakeApi, plainText, renderProvider, signIn, tr, user } from '../testing/render';
import { bookingRow, categories, service } from '../testing/fixtures';

beforeAll(() => initI18n(NS), 30_000);
beforeEach(() => resetToasts());

const stats: ProviderStatsDto = { totalBookings: 42, totalEarnings: '1234.50', averageRating: 4.76, activeServices: 3 };
const earnings = (period: EarningsSeriesDto['period']): EarningsSeriesDto => ({
  period,
  points:
    period === 'year'
      ? [
          { bucket: '2026-10', earnings: '300.00', bookings: 4 },
          { bucket: '2026-11', earnings: '120.00', bookings: 2 },
        ]
      : [
          { bucket: '2026-11-20', earnings: '50.00', bookings: 1 },
          { bucket: '2026-11-21', earnings: '0.00', bookings: 0 },
        ],
});
const week: AvailabilityDto = {
  weeklyAvailability: {
    sunday: null,
    monday: ['09:00', '17:00'],
    tuesday: ['09:00', '17:00'],
    wednesday: ['09:00', '17:00'],
    thursday: ['09:00', '17:00'],
    friday: ['09:00', '13:00'],
    saturday: null,
  },
};

/** A provider's whole dashboard answered; `extra` adds or replaces answers. */
function dashboardApi(extra: Record<string, Answer> = {}) {
  return fakeApi({
    'GET /api/provider/stats': fakeResponse(200, stats),
    'GET /api/provider/earnings?period=month': fakeResponse(200, earnings('month')),
    'GET /api/provider/earnings?period=week': fakeResponse(200, earnings('week')),
    'GET /api/provider/earnings?period=year': fakeResponse(200, earnings('year')),
    'GET /api/provider/bookings?period=month': fakeResponse(200, { bookings: [] }),
    'GET /api/provider/services': fakeResponse(200, []),
    'GET /api/service-categories': fakeResponse(200, categories),
    'GET /api/provider/availability': fakeResponse(200, week),
    'GET /api/provider/special-hours': fakeResponse(200, { region: 'JO', specialHours: [] }),
    'GET /api/provider/reviews?page=1&pageSize=10': fakeResponse(200, { items: [], total: 0, page: 1, limit: 10 }),
    ...extra,
  });
}

function openDashboard() {
  signIn(user('provider'));
  return renderProvider('/provider-dashboard');
}

const section = async (headingKey: string) =>
  (await screen.findByRole('heading', { level: 2, name: tr(headingKey) })).closest('section') as HTMLElement;

describe.each(LANGUAGES)('provider dashboard in %s', (language) => {
  beforeAll(() => i18n.changeLanguage(language));

  it('sends signed-out visitors to sign in and non-providers to the pending page', async () => {
    fakeApi({ 'GET /api/providers/application': fakeResponse(200, { application: null }) });
    signIn(null);
    let router = renderProvider('/provider-dashboard');
    await waitFor(() => expect(router.url).toBe('/login?redirect=%2Fprovider-dashboard'));
    signIn(user('client'));
    router = renderProvider('/provider-dashboard');
    await waitFor(() => expect(router.url).toBe('/pending-approval'));
  });

  it('shows the four figures', async () => {
    dashboardApi();
    openDashboard();
    const figures = await screen.findByText(tr('dashboard.stats.totalEarnings'));
    const list = figures.closest('ul') as HTMLElement;
    const items = within(list).getAllByRole('listitem').map(plainText);
    expect(items[0]).toContain('42');
    expect(items[1]).toContain(plainText(Object.assign(document.createElement('span'), { textContent: formatMoney(1234.5, language) })));
    expect(items[2]).toContain('4.8');
    expect(items[3]).toContain('3');
  });

  it('charts earnings by month first, and by week or year on request, with a table for screen readers', async () => {
    const api = dashboardApi();
    openDashboard();
    const earningsSection = await section('dashboard.earnings.title');
    const table = await within(earningsSection).findByRole('table', { hidden: true });
    expect(within(table).getAllByRole('row', { hidden: true })).toHaveLength(3);
    expect(api.calls.map((c) => c.path)).toContain('/api/provider/earnings?period=month');

    fireEvent.click(within(earningsSection).getByRole('radio', { name: tr('periods.year') }));
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('/api/provider/earnings?period=year'));
    await waitFor(() => expect(within(earningsSection).getByRole('columnheader', { name: tr('dashboard.earnings.bucket.year'), hidden: true })).toBeInTheDocument());
  });

  it('a period without earnings says so instead of drawing an empty axis', async () => {
    dashboardApi({
      'GET /api/provider/earnings?period=month': fakeResponse(200, { period: 'month', points: [{ bucket: '2026-11-20', earnings: '0.00', bookings: 0 }] }),
    });
    openDashboard();
    const earningsSection = await section('dashboard.earnings.title');
    expect(await within(earningsSection).findByText(tr('dashboard.earnings.empty'))).toBeInTheDocument();
  });

  it('shows per booking only the actions the server allows', async () => {
    dashboardApi({
      'GET /api/provider/bookings?period=month': fakeResponse(200, {
        bookings: [
          bookingRow({ id: 'b-1', bookingNumber: 'KH-1', allowed: ['accept', 'decline'] }),
          bookingRow({ id: 'b-2', bookingNumber: 'KH-2', status: 'accepted', allowed: ['start'] }),
          bookingRow({ id: 'b-3', bookingNumber: 'KH-3', status: 'in_progress', allowed: ['complete'] }),
          bookingRow({ id: 'b-4', bookingNumber: 'KH-4', status: 'completed', paymentStatus: 'paid' }),
        ],
      }),
    });
    openDashboard();
    const bookings = await section('dashboard.bookings.title');
    await within(bookings).findByText('KH-1');
    const buttonsOf = (number: string) =>
      within(within(bookings).getByText(number).closest('tr') as HTMLElement)
        .queryAllByRole('button')
        .map((b) => b.getAttribute('aria-label'));
    const label = (action: string, booking: string) => tr(`dashboard.bookings.actionLabels.${action}`, { booking });
    expect(buttonsOf('KH-1')).toEqual([label('accept', 'KH-1'), label('decline', 'KH-1')]);
    expect(buttonsOf('KH-2')).toEqual([label('start', 'KH-2')]);
    expect(buttonsOf('KH-3')).toEqual([label('complete', 'KH-3')]);
    expect(buttonsOf('KH-4')).toEqual([]);
    expect(within(bookings).getByText(tr('dashboard.bookings.noActions'))).toBeInTheDocument();
    // The service in the page's language.
    expect(within(bookings).getAllByText(language === 'ar' ? 'تنظيف منزلي عميق' : 'Deep home cleaning', { selector: 'td' })).toHaveLength(4);
  });

  it('marks bookings that belong to a recurring series with their place in it', async () => {
    dashboardApi({
      'GET /api/provider/bookings?period=month': fakeResponse(200, {
        bookings: [
          bookingRow({ id: 'b-1', bookingNumber: 'KH-1', series: { id: 's-1', frequency: 'weekly', index: 3, size: 6 } }),
          bookingRow({ id: 'b-2', bookingNumber: 'KH-2', series: { id: 's-2', frequency: 'monthly', index: 1, size: 2 } }),
          bookingRow({ id: 'b-3', bookingNumber: 'KH-3' }),
        ],
      }),
    });
    openDashboard();
    const bookings = await section('dashboard.bookings.title');
    await within(bookings).findByText('KH-1');
    const rowOf = (number: string) => within(bookings).getByText(number).closest('tr') as HTMLElement;
    const badge = (frequency: string, index: number, size: number) => tr('series.badge', { frequency: tr(`series.frequency.${frequency}`), index, size });
    expect(within(rowOf('KH-1')).getByText(badge('weekly', 3, 6))).toBeInTheDocument();
    expect(within(rowOf('KH-2')).getByText(badge('monthly', 1, 2))).toBeInTheDocument();
    expect(rowOf('KH-3').querySelector('.kp-series')).toBeNull();
    expect(badge('weekly', 3, 6)).toBe(language === 'ar' ? 'أسبوعيًا · 3 من 6' : 'Weekly · 3 of 6');
  });

  it('accepting posts, then reads the list again; a refusal is a clear toast', async () => {
    const api = dashboardApi({
      'GET /api/provider/bookings?period=month': fakeResponse(200, { bookings: [bookingRow({ allowed: ['accept', 'decline'] })] }),
      'POST /api/bookings/b-1/accept': fakeResponse(200, {}),
    });
    openDashboard();
    const bookings = await section('dashboard.bookings.title');
    fireEvent.click(await within(bookings).findByRole('button', { name: tr('dashboard.bookings.actionLabels.accept', { booking: 'KH-AAAA-0001' }) }));
    expect(await screen.findByText(tr('dashboard.bookings.done.accept', { booking: 'KH-AAAA-0001' }))).toBeInTheDocument();
    const listReads = () => api.calls.filter((c) => c.path === '/api/provider/bookings?period=month').length;
    await waitFor(() => expect(listReads()).toBe(2));

    api.set(
      'POST /api/bookings/b-1/accept',
      fakeResponse(409, { statusCode: 409, code: 'invalid_transition', message: 'Booking is not pending' }),
    );
    fireEvent.click(within(bookings).getByRole('button', { name: tr('dashboard.bookings.actionLabels.accept', { booking: 'KH-AAAA-0001' }) }));
    expect(await screen.findByText(tr('errors.codes.invalid_transition'))).toBeInTheDocument();
  });

  it('declining asks for an optional reason and sends it', async () => {
    const api = dashboardApi({
      'GET /api/provider/bookings?period=month': fakeResponse(200, { bookings: [bookingRow({ allowed: ['accept', 'decline'] })] }),
      'POST /api/bookings/b-1/decline': fakeResponse(200, {}),
    });
    openDashboard();
    const bookings = await section('dashboard.bookings.title');
    fireEvent.click(await within(bookings).findByRole('button', { name: tr('dashboard.bookings.actionLabels.decline', { booking: 'KH-AAAA-0001' }) }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(tr('dashboard.bookings.decline.reason')), { target: { value: 'Fully booked that day' } });
    fireEvent.click(within(dialog).getByRole('button', { name: tr('dashboard.bookings.decline.confirm') }));
    await waitFor(() => expect(api.calls.find((c) => c.path === '/api/bookings/b-1/decline')?.body).toEqual({ reason: 'Fully booked that day' }));
  });

  it('lists services with their review state and (de)activates live ones', async () => {
    const api = dashboardApi({
      'GET /api/provider/services': fakeResponse(200, [
        service({ id: 's-1', pendingRevision: { ...service(), price: 30, submittedAt: '2026-11-20T00:00:00Z' } }),
        service({ id: 's-2', title: 'Window cleaning', titleAr: 'تنظيف النوافذ', status: 'rejected', rejectionReason: 'Photos missing' }),
        service({ id: 's-3', title: 'Carpet cleaning', titleAr: 'تنظيف السجاد', status: 'pending' }),
      ]),
      'POST /api/provider/services/s-1/deactivate': fakeResponse(200, service({ status: 'inactive' })),
    });
    openDashboard();
    const services = await section('dashboard.services.title');
    expect(await within(services).findByText(tr('dashboard.services.changesPending'))).toBeInTheDocument();
    expect(within(services).getByText(tr('dashboard.services.rejectedReason', { reason: isolate('Photos missing') }))).toBeInTheDocument();
    expect(within(services).getByText(tr('dashboard.services.pendingNote'))).toBeInTheDocument();
    const title = language === 'ar' ? 'تنظيف منزلي عميق' : 'Deep home cleaning';
    fireEvent.click(within(services).getByRole('button', { name: tr('dashboard.services.deactivateLabel', { title }) }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/provider/services/s-1/deactivate')).toBe(true));
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/api/provider/services')).toHaveLength(2));
    // Only live or deactivated services can be switched.
    expect(within(services).queryByRole('button', { name: tr('dashboard.services.deactivateLabel', { title: language === 'ar' ? 'تنظيف السجاد' : 'Carpet cleaning' }) })).toBeNull();
  });

  it('a new service needs both languages and valid numbers, then goes to review', async () => {
    const api = dashboardApi({ 'POST /api/provider/services': fakeResponse(201, service({ status: 'pending' })) });
    openDashboard();
    const services = await section('dashboard.services.title');
    fireEvent.click(within(services).getByRole('button', { name: tr('dashboard.services.add') }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(tr('dashboard.services.form.reviewNote'))).toBeInTheDocument();
    const save = () => fireEvent.click(within(dialog).getByRole('button', { name: tr('dashboard.services.form.save') }));
    save();
    expect(await within(dialog).findAllByText(tr('dashboard.services.form.errors.required'))).toHaveLength(5);
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    const field = (key: string) => within(dialog).getByRole('textbox', { name: tr(`dashboard.services.form.${key}`) });
    fireEvent.change(field('title'), { target: { value: 'Sofa cleaning' } });
    fireEvent.change(field('titleAr'), { target: { value: 'تنظيف الكنب' } });
    fireEvent.change(field('description'), { target: { value: 'Fabric and leather' } });
    fireEvent.change(field('descriptionAr'), { target: { value: 'قماش وجلد' } });
    fireEvent.change(field('price'), { target: { value: '0' } });
    fireEvent.change(field('duration'), { target: { value: '45' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: tr('dashboard.services.form.category') }));
    fireEvent.click(await screen.findByTitle(language === 'ar' ? 'السباكة' : 'Plumbing'));
    save();
    expect(await within(dialog).findByText(/^(Enter a price|أدخل سعرًا)/)).toBeInTheDocument();
    expect(within(dialog).getByText(/^(Enter whole minutes|أدخل عدد دقائق)/)).toBeInTheDocument();

    fireEvent.change(field('price'), { target: { value: '35.5' } });
    fireEvent.change(field('duration'), { target: { value: '90' } });
    save();
    expect(await screen.findByText(tr('dashboard.services.form.saved'))).toBeInTheDocument();
    const sent = api.calls.find((c) => c.method === 'POST' && c.path === '/api/provider/services')?.body as ProviderServiceRequest;
    expect(sent).toEqual({
      categoryId: 2,
      title: 'Sofa cleaning',
      titleAr: 'تنظيف الكنب',
      description: 'Fabric and leather',
      descriptionAr: 'قماش وجلد',
      price: 35.5,
      priceType: 'per_job',
      duration: 90,
    });
    // Whole antd dialogs render slowly in jsdom.
  }, 120_000);

  it('availability: closing must follow opening; a valid week is saved', async () => {
    const api = dashboardApi({ 'PUT /api/provider/availability': fakeResponse(200, week) });
    openDashboard();
    const availability = await section('dashboard.availability.title');
    const monday = await within(availability).findByTestId('day-monday');
    const mondayName = within(monday).getByText(/./, { selector: '.kp-day-name' }).textContent ?? '';
    fireEvent.mouseDown(within(monday).getByRole('combobox', { name: tr('dashboard.availability.from', { day: mondayName }) }));
    fireEvent.click(await screen.findByTitle('18:00'));
    fireEvent.click(within(availability).getByRole('button', { name: tr('dashboard.availability.save') }));
    expect(await within(monday).findByText(tr('dashboard.availability.errors.order'))).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.mouseDown(within(monday).getByRole('combobox', { name: tr('dashboard.availability.from', { day: mondayName }) }));
    const options = await screen.findAllByTitle('08:00');
    fireEvent.click(options[options.length - 1]!);
    const sunday = within(availability).getByTestId('day-sunday');
    fireEvent.click(within(sunday).getByRole('switch'));
    fireEvent.click(within(availability).getByRole('button', { name: tr('dashboard.availability.save') }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      weeklyAvailability: { ...week.weeklyAvailability, sunday: ['09:00', '17:00'], monday: ['08:00', '17:00'] },
    });
    expect(await screen.findByText(tr('dashboard.availability.saved'))).toBeInTheDocument();
  });

  it('special hours: declares Ramadan evenings past midnight after naming each problem, removes them, moves the region', async () => {
    const ramadan = { id: 'sh-1', label: 'Ramadan', startDate: '2027-02-08', endDate: '2027-03-09', opensAt: '20:00', closesAt: '02:00' };
    let declared: (typeof ramadan)[] = [];
    const api = dashboardApi({
      'GET /api/provider/special-hours': () => fakeResponse(200, { region: 'JO', specialHours: declared }),
      'POST /api/provider/special-hours': () => {
        declared = [ramadan];
        return fakeResponse(201, ramadan);
      },
      'DELETE /api/provider/special-hours/sh-1': () => {
        declared = [];
        return fakeResponse(204);
      },
      'PUT /api/provider/region': fakeResponse(200, { region: 'SA' }),
    });
    openDashboard();
    const panel = await section('dashboard.specialHours.title');
    expect(await within(panel).findByText(tr('dashboard.specialHours.none'))).toBeInTheDocument();
    const add = within(panel).getByRole('button', { name: tr('dashboard.specialHours.add') });
    fireEvent.click(add);
    expect(await within(panel).findAllByText(tr('dashboard.specialHours.errors.required'))).toHaveLength(3);
    fireEvent.change(within(panel).getByLabelText(tr('dashboard.specialHours.label')), { target: { value: 'Ramadan' } });
    fireEvent.change(within(panel).getByLabelText(tr('dashboard.specialHours.startDate')), { target: { value: '2027-03-09' } });
    fireEvent.change(within(panel).getByLabelText(tr('dashboard.specialHours.endDate')), { target: { value: '2027-02-08' } });
    fireEvent.click(add);
    expect(await within(panel).findByText(tr('dashboard.specialHours.errors.order'))).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    // The default hours (20:00–02:00) run past midnight, and the form says so.
    expect(within(panel).getByText(tr('dashboard.specialHours.overnightHelp'))).toBeInTheDocument();
    fireEvent.change(within(panel).getByLabelText(tr('dashboard.specialHours.startDate')), { target: { value: '2027-02-08' } });
    fireEvent.change(within(panel).getByLabelText(tr('dashboard.specialHours.endDate')), { target: { value: '2027-03-09' } });
    fireEvent.click(add);
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ label: 'Ramadan', startDate: '2027-02-08', endDate: '2027-03-09', opensAt: '20:00', closesAt: '02:00' }));
    const row = await within(panel).findByTestId('special-hours');
    expect(row).toHaveTextContent(tr('dashboard.specialHours.hoursOvernight', { from: '20:00', to: '02:00' }));
    fireEvent.click(within(row).getByRole('button', { name: tr('dashboard.specialHours.removeNamed', { label: 'Ramadan' }) }));
    expect(await within(panel).findByText(tr('dashboard.specialHours.none'))).toBeInTheDocument();

    fireEvent.mouseDown(within(panel).getByRole('combobox', { name: tr('dashboard.specialHours.region') }));
    fireEvent.click(await screen.findByTitle(language === 'ar' ? 'المملكة العربية السعودية (Asia/Riyadh)' : 'Saudi Arabia (Asia/Riyadh)'));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT' && c.path === '/api/provider/region')?.body).toEqual({ region: 'SA' }));
  }, 120_000);
});

const providerReview = (overrides: Partial<ReviewDetailDto> = {}): ReviewDetailDto =>
  testReview({ actions: { edit: false, reply: true }, ...overrides });

describe.each(LANGUAGES)('reviews on the provider dashboard in %s', (language) => {
  beforeAll(() => i18n.changeLanguage(language));

  it('lists the reviews of the provider’s services and replies once', async () => {
    const answered = providerReview({ reply: { comment: 'Thank you, Sara!', createdAt: '2026-11-25T09:00:00.000Z' }, actions: { edit: false, reply: false } });
    const api = dashboardApi({
      'GET /api/provider/reviews?page=1&pageSize=10': fakeResponse(200, {
        items: [providerReview(), providerReview({ id: 'rv-2', authorName: 'Omar', comment: 'خدمة ممتازة', language: 'ar', hidden: true, hiddenReason: 'Spam', actions: { edit: false, reply: true } })],
        total: 2,
        page: 1,
        limit: 10,
      }),
      'POST /api/reviews/rv-1/reply': fakeResponse(200, answered),
    });
    openDashboard();
    const reviews = await section('dashboard.reviews.title');
    const service = language === 'ar' ? 'إصلاح الأبواب والأقفال' : 'Door and Lock Repair';
    const sara = await within(reviews).findByRole('article', { name: tr('dashboard.reviews.reviewBy', { name: 'Sara', service }) });
    expect(within(sara).getByRole('img', { name: tr('dashboard.reviews.rated', { rating: 4 }) })).toBeInTheDocument();
    const omar = within(reviews).getByRole('article', { name: tr('dashboard.reviews.reviewBy', { name: 'Omar', service }) });
    expect(within(omar).getByText('خدمة ممتازة')).toHaveAttribute('lang', 'ar');
    expect(omar).toHaveTextContent(tr('dashboard.reviews.hidden', { reason: 'Spam' }));

    // The form opens from its button, with the caret in it; Cancel closes it, drops the text and puts
    // the keyboard back on the button.
    const replyButton = () => within(sara).getByRole('button', { name: tr('dashboard.reviews.reply') });
    const replyField = () => within(sara).queryByLabelText(tr('dashboard.reviews.replyLabel', { name: 'Sara' }));
    expect(replyField()).not.toBeInTheDocument();
    fireEvent.click(replyButton());
    expect(replyField()).toHaveFocus();
    fireEvent.change(replyField()!, { target: { value: 'draft' } });
    fireEvent.click(within(sara).getByRole('button', { name: tr('common.cancel') }));
    expect(replyField()).not.toBeInTheDocument();
    expect(replyButton()).toHaveFocus();
    fireEvent.click(replyButton());
    expect(replyField()).toHaveValue('');

    fireEvent.click(within(sara).getByRole('button', { name: tr('dashboard.reviews.send') }));
    expect(await within(sara).findByRole('alert')).toHaveTextContent(tr('dashboard.reviews.replyEmpty'));
    fireEvent.change(within(sara).getByLabelText(tr('dashboard.reviews.replyLabel', { name: 'Sara' })), { target: { value: '  Thank you, Sara!  ' } });
    fireEvent.click(within(sara).getByRole('button', { name: tr('dashboard.reviews.send') }));
    expect(await within(sara).findByText(tr('dashboard.reviews.yourReply'))).toBeInTheDocument();
    expect(sara).toHaveTextContent('Thank you, Sara!');
    expect(within(sara).queryByRole('button', { name: tr('dashboard.reviews.send') })).not.toBeInTheDocument();
    expect(within(sara).queryByRole('button', { name: tr('dashboard.reviews.reply') })).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === '/api/reviews/rv-1/reply').map((call) => call.body)).toEqual([{ comment: 'Thank you, Sara!' }]);
  });

  it('explains a second reply the server refused', async () => {
    dashboardApi({
      'GET /api/provider/reviews?page=1&pageSize=10': fakeResponse(200, { items: [providerReview()], total: 1, page: 1, limit: 10 }),
      'POST /api/reviews/rv-1/reply': fakeResponse(409, { statusCode: 409, code: 'already_replied', message: 'already' }),
    });
    openDashboard();
    const reviews = await section('dashboard.reviews.title');
    fireEvent.click(await within(reviews).findByRole('button', { name: tr('dashboard.reviews.reply') }));
    const form = within(reviews).getByLabelText(tr('dashboard.reviews.replyLabel', { name: 'Sara' }));
    fireEvent.change(form, { target: { value: 'Again' } });
    fireEvent.click(within(reviews).getByRole('button', { name: tr('dashboard.reviews.send') }));
    expect(await within(reviews).findByRole('alert')).toHaveTextContent(tr('errors.codes.already_replied'));
    // Nothing typed is lost on a refusal.
    expect(form).toHaveValue('Again');
  });

  it('says when there are no reviews yet', async () => {
    dashboardApi();
    openDashboard();
    const reviews = await section('dashboard.reviews.title');
    expect(await within(reviews).findByText(tr('dashboard.reviews.empty'))).toBeInTheDocument();
  });
});
