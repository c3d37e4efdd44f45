import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PromoCodeDto } from '@khidma/contracts';
import { i18n, initI18n } from '@khidma/web-kit';
import { fakeResponse } from '@khidma/web-kit/testing';
import { NS } from '../namespace';
import { admin, callsTo, categories, mockApi, paged, pending } from '../testing/fixtures';
import { LANGUAGES, renderAdmin, signIn, tr } from '../testing/render';
import { promoFormErrors, promoRequest, type PromoForm } from './PromoCodesTab';

beforeAll(() => initI18n(NS), 30_000);
beforeEach(() => signIn(admin));
afterEach(() => signIn(null));

const promo = (overrides: Partial<PromoCodeDto> = {}): PromoCodeDto => ({
  id: 'pc-1',
  code: 'WELCOME10',
  kind: 'percent',
  value: '10.00',
  minOrderAmount: null,
  validFrom: null,
  validUntil: null,
  maxRedemptions: null,
  perUserLimit: 1,
  firstOrderOnly: true,
  categories: [],
  active: true,
  redemptionCount: 3,
  createdAt: '2026-11-20T10:00:00.000Z',
  deactivatedAt: null,
  ...overrides,
});

function api(create: (body: Record<string, unknown>) => Response = (body) => fakeResponse(201, promo({ id: 'pc-new', code: String(body.code).toUpperCase() }))) {
  let rows = [promo(), promo({ id: 'pc-2', code: 'WINTER15', value: '15.00', categories: ['cleaning'], maxRedemptions: 200, redemptionCount: 12, firstOrderOnly: false, perUserLimit: 2, validFrom: '2026-11-12', validUntil: '2026-12-26' })];
  return mockApi((url, init) => {
    if (url.pathname === '/api/admin/pending-approvals') return fakeResponse(200, pending());
    if (url.pathname === '/api/service-categories') return fakeResponse(200, categories);
    if (url.pathname === '/api/admin/promo-codes' && init?.method === 'POST') {
      const answer = create(JSON.parse(String(init.body)) as Record<string, unknown>);
      if (answer.status === 201) rows = [promo({ id: 'pc-new', code: 'SPRING5', kind: 'fixed', value: '5.00', firstOrderOnly: false, perUserLimit: null }), ...rows];
      return answer;
    }
    if (url.pathname === '/api/admin/promo-codes') return fakeResponse(200, paged(rows, rows.length));
    if (url.pathname === '/api/admin/promo-codes/pc-1/deactivate') return fakeResponse(200, promo({ active: false, deactivatedAt: '2026-11-25T10:00:00.000Z' }));
    return undefined;
  });
}

const EMPTY: PromoForm = { code: '', kind: 'percent', value: '', minOrderAmount: '', validFrom: '', validUntil: '', maxRedemptions: '', perUserLimit: '', firstOrderOnly: false, categories: [] };

describe('promo code form rules', () => {
  it('checks the code, the value (a percent at most 100), amounts, the window and limits', () => {
    expect(promoFormErrors(EMPTY)).toEqual({ code: 'code', value: 'value' });
    expect(promoFormErrors({ ...EMPTY, code: 'OK10', value: '101' })).toEqual({ value: 'percent' });
    expect(promoFormErrors({ ...EMPTY, code: 'OK10', kind: 'fixed', value: '101' })).toEqual({});
    expect(
      promoFormErrors({ ...EMPTY, code: 'a b', value: '5', minOrderAmount: '3.456', validFrom: '2026-12-01', validUntil: '2026-11-01', maxRedemptions: '0', perUserLimit: '1.5' }),
    ).toEqual({ code: 'code', minOrderAmount: 'minOrderAmount', validUntil: 'validUntil', maxRedemptions: 'limit', perUserLimit: 'limit' });
  });

  it('sends unset fields as null and limits as numbers', () => {
    expect(promoRequest({ ...EMPTY, code: ' spring5 ', kind: 'fixed', value: '5', maxRedemptions: '100', categories: ['cleaning'] })).toEqual({
      code: 'spring5',
      kind: 'fixed',
      value: '5',
      minOrderAmount: null,
      validFrom: null,
      validUntil: null,
      maxRedemptions: 100,
      perUserLimit: null,
      firstOrderOnly: false,
      categories: ['cleaning'],
    });
  });
});

describe.each(LANGUAGES)('promo codes tab in %s', (language) => {
  beforeAll(() => i18n.changeLanguage(language));

  it('lists the codes with their rules and use, and deactivates one', async () => {
    const fetch = api();
    renderAdmin('/admin?tab=promos');
    const table = await screen.findByRole('region', { name: tr('tabs.promos') });
    const welcome = (await within(table).findByText('WELCOME10')).closest('tr')!;
    expect(welcome).toHaveTextContent(tr('promos.ruleFirst'));
    expect(welcome).toHaveTextContent(tr('promos.states.active'));
    const winter = within(table).getByText('WINTER15').closest('tr')!;
    expect(winter).toHaveTextContent('2026-11-12 → 2026-12-26');
    // Categories by their names in the page's language, not their slugs.
    expect(winter).toHaveTextContent(tr('promos.ruleCategories', { list: language === 'ar' ? 'التنظيف' : 'Cleaning' }));
    fireEvent.click(within(welcome).getByRole('button', { name: tr('promos.deactivateOf', { code: 'WELCOME10' }) }));
    await waitFor(() => expect(within(table).getByText('WELCOME10').closest('tr')).toHaveTextContent(tr('promos.states.inactive')));
    expect(callsTo(fetch, '/api/admin/promo-codes/pc-1/deactivate').map((call) => call.method)).toEqual(['POST']);
  });

  it('checks the form before sending, creates a code and shows it in the list', async () => {
    const fetch = api();
    renderAdmin('/admin?tab=promos');
    const form = await screen.findByRole('form', { name: tr('promos.newTitle') });
    fireEvent.click(within(form).getByRole('button', { name: tr('promos.create') }));
    expect(await within(form).findByText(tr('promos.errors.code'))).toBeInTheDocument();
    expect(within(form).getByText(tr('promos.errors.value'))).toBeInTheDocument();
    expect(callsTo(fetch, '/api/admin/promo-codes').filter((call) => call.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText(tr('promos.code')), { target: { value: 'spring5' } });
    fireEvent.click(within(form).getByRole('radio', { name: tr('promos.kinds.fixed') }));
    fireEvent.change(within(form).getByLabelText(tr('promos.valueAmount')), { target: { value: '5' } });
    fireEvent.change(within(form).getByLabelText(tr('promos.maxRedemptions')), { target: { value: '100' } });
    fireEvent.click(within(form).getByRole('button', { name: tr('promos.create') }));
    // The list reloads (a new GET) and shows the new code.
    await waitFor(() => expect(screen.getByRole('region', { name: tr('tabs.promos') })).toHaveTextContent('SPRING5'), { timeout: 10_000 });
    expect(callsTo(fetch, '/api/admin/promo-codes').filter((call) => call.method === 'GET').length).toBeGreaterThanOrEqual(2);
    const [sent] = callsTo(fetch, '/api/admin/promo-codes').filter((call) => call.method === 'POST');
    expect(sent!.body).toMatchObject({ code: 'spring5', kind: 'fixed', value: '5', maxRedemptions: 100, perUserLimit: null });
    expect(within(form).getByLabelText(tr('promos.code'))).toHaveValue('');
  });

  it('says a taken code at the field, keeping what was typed', async () => {
    api(() => fakeResponse(422, { statusCode: 422, code: 'promo_code_taken', message: 'taken', params: { code: 'WELCOME10' } }));
    renderAdmin('/admin?tab=promos');
    const form = await screen.findByRole('form', { name: tr('promos.newTitle') });
    fireEvent.change(within(form).getByLabelText(tr('promos.code')), { target: { value: 'welcome10' } });
    fireEvent.change(within(form).getByLabelText(tr('promos.valuePercent')), { target: { value: '20' } });
    fireEvent.click(within(form).getByRole('button', { name: tr('promos.create') }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(tr('promos.errors.taken'));
    expect(within(form).getByLabelText(tr('promos.code'))).toHaveValue('welcome10');
  });
});
