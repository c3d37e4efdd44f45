import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReviewDetailDto } from '@khidma/contracts';
import { i18n, initI18n } from '@khidma/web-kit';
import { fakeResponse, testReview } from '@khidma/web-kit/testing';
import { NS } from '../namespace';
import { admin, callsTo, mockApi, paged, pending } from '../testing/fixtures';
import { LANGUAGES, renderAdmin, signIn, tr } from '../testing/render';

beforeAll(() => initI18n(NS), 30_000);
beforeEach(() => signIn(admin));
afterEach(() => signIn(null));

const review = (overrides: Partial<ReviewDetailDto> = {}): ReviewDetailDto => testReview({ rating: 1, comment: 'Rude and late.', ...overrides });

function api() {
  return mockApi((url, init) => {
    if (url.pathname === '/api/admin/pending-approvals') return fakeResponse(200, pending());
    if (url.pathname === '/api/admin/reviews') return fakeResponse(200, paged([review(), review({ id: 'rv-2', authorName: 'Omar', rating: 5, comment: 'ممتاز', language: 'ar', hidden: true, hiddenReason: 'Spam' })], 2));
    if (url.pathname === '/api/admin/reviews/rv-1/hide') {
      const body = JSON.parse(String(init?.body)) as { reason: string };
      return fakeResponse(200, review({ hidden: true, hiddenReason: body.reason }));
    }
    if (url.pathname === '/api/admin/reviews/rv-2/hide') return fakeResponse(200, review({ id: 'rv-2', authorName: 'Omar', rating: 5 }));
    return undefined;
  });
}

describe.each(LANGUAGES)('reviews tab in %s', (language) => {
  beforeAll(() => i18n.changeLanguage(language));

  it('lists reviews with their visibility and hides one with a required reason', async () => {
    const fetch = api();
    renderAdmin('/admin?tab=reviews');
    const table = await screen.findByRole('region', { name: tr('tabs.reviews') });
    const saraRow = (await within(table).findByText('Rude and late.')).closest('tr')!;
    expect(within(saraRow).getByRole('img', { name: tr('reviews.rated', { rating: 1 }) })).toBeInTheDocument();
    const omarRow = within(table).getByText('ممتاز').closest('tr')!;
    expect(within(omarRow).getByText('ممتاز')).toHaveAttribute('lang', 'ar');
    expect(omarRow).toHaveTextContent(tr('reviews.visibility.hidden'));
    expect(omarRow).toHaveTextContent('Spam');

    fireEvent.click(within(saraRow).getByRole('button', { name: tr('reviews.hideOf', { name: 'Sara' }) }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: tr('reviews.confirmHide') }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(tr('reviews.reasonRequired'));
    expect(callsTo(fetch, '/api/admin/reviews/rv-1/hide')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(tr('reviews.reason')), { target: { value: ' Insulting ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: tr('reviews.confirmHide') }));
    await waitFor(() => expect(within(table).getByText('Rude and late.').closest('tr')).toHaveTextContent('Insulting'));
    expect(callsTo(fetch, '/api/admin/reviews/rv-1/hide').map((call) => [call.method, call.body])).toEqual([['PATCH', { hidden: true, reason: 'Insulting' }]]);

    fireEvent.click(within(omarRow).getByRole('button', { name: tr('reviews.showOf', { name: 'Omar' }) }));
    await waitFor(() => expect(callsTo(fetch, '/api/admin/reviews/rv-2/hide').map((call) => call.body)).toEqual([{ hidden: false }]));
  });

  it('filters by visibility through ?hidden=', async () => {
    const fetch = api();
    renderAdmin('/admin?tab=reviews');
    await screen.findByText('Rude and late.');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: tr('list.status') }));
    fireEvent.click(await screen.findByTitle(tr('reviews.visibility.hidden')));
    await waitFor(() => expect(callsTo(fetch, '/api/admin/reviews').at(-1)!.query.get('hidden')).toBe('true'));
    expect(callsTo(fetch, '/api/admin/reviews').at(-1)!.query.get('status')).toBeNull();
  });
});
