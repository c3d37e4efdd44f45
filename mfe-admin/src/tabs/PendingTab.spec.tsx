import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jest } from '@jest/globals';
import { formatDate, i18n, initI18n, isolate } from '@khidma/web-kit';
import { fakeResponse } from '@khidma/web-kit/testing';
import { NS } from '../namespace';
import {
  admin,
  application,
  callsTo,
  categories,
  changedService,
  mockApi,
  newService,
  pending,
  stats,
  usersPage,
} from '../testing/fixtures';
import { LANGUAGES, plainText, renderAdmin, signIn, tr } from '../testing/render';

beforeAll(() => initI18n(NS), 30_000);
beforeEach(() => signIn(admin));
afterEach(() => signIn(null));

// jsdom has no object URLs: count what is made and revoked.
const created: string[] = [];
const revoked: string[] = [];
beforeAll(() => {
  URL.createObjectURL = jest.fn(() => {
    created.push(`blob:doc-${created.length + 1}`);
    return created.at(-1)!;
  });
  URL.revokeObjectURL = jest.fn((url: string) => void revoked.push(url));
});
beforeEach(() => {
  created.length = 0;
  revoked.length = 0;
});

type Decide = (body: unknown) => Response;

function api({ provider, service }: { provider?: Decide; service?: Decide } = {}) {
  return mockApi((url, init) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    switch (url.pathname) {
      case '/api/admin/pending-approvals':
        return fakeResponse(200, pending());
      case '/api/service-categories':
        return fakeResponse(200, categories);
      case '/api/providers/documents/doc-1':
      case '/api/providers/documents/doc-2':
        return fakeResponse(200, new Blob(['jpeg'], { type: 'image/jpeg' }));
      case '/api/admin/approve-provider':
        return (provider ?? (() => fakeResponse(200, { message: 'ok' })))(body);
      case '/api/admin/approve-service':
        return (service ?? (() => fakeResponse(200, { message: 'ok' })))(body);
      case '/api/admin/stats':
        return fakeResponse(200, stats);
      case '/api/admin/users':
        return fakeResponse(200, usersPage([admin]));
      default:
        return undefined;
    }
  });
}

const pendingTab = (count: number) =>
  screen.findByRole('tab', { name: tr('tabs.pendingCount', { count: String(count) }) });

/** Opens the decision dialog of `card`, types `reason` (if any) and confirms. */
async function decide(card: HTMLElement, action: 'approve' | 'reject', reason?: string) {
  fireEvent.click(
    within(card).getByRole('button', { name: new RegExp(`^${tr(`pending.${action}`)}`) }),
  );
  const dialog = await screen.findByRole('dialog');
  if (reason)
    fireEvent.change(within(dialog).getByLabelText(tr('pending.reason')), {
      target: { value: reason },
    });
  fireEvent.click(
    within(dialog).getByRole('button', {
      name: tr(action === 'approve' ? 'pending.confirmApprove' : 'pending.confirmReject'),
    }),
  );
}

describe.each(LANGUAGES)('Pending tab in %s', (language) => {
  beforeAll(() => i18n.changeLanguage(language));

  it('shows each application in full: business, owner, contact, category, experience, description, license, insurance, date', async () => {
    api();
    renderAdmin('/admin?tab=pending');
    const card = await screen.findByRole('article', { name: 'Sparkle Homes' });
    const text = plainText(card);
    for (const part of [
      'Omar Nasser',
      'omar@sparkle.test',
      '+966500000001',
      '12 King Fahd Road',
      'Riyadh',
      'LIC-2025-77',
      application.description,
    ]) {
      expect(text).toContain(part);
    }
    expect(text).toContain(tr('categories.cleaning'));
    expect(text).toContain(tr('pending.experienceYears', { band: '3-5' }));
    expect(text).toContain(tr('pending.noInsurance'));
    expect(within(card).getByRole('link', { name: 'omar@sparkle.test' })).toHaveAttribute(
      'href',
      'mailto:omar@sparkle.test',
    );
    expect(card.querySelector('time')).toHaveAttribute('datetime', application.createdAt);
    // The Hijri date follows in Arabic, where the preference is on by default.
    const submitted = formatDate(application.createdAt, language, { dateStyle: 'medium', timeStyle: 'short', hijri: language === 'ar' });
    expect(card.querySelector('time')).toHaveTextContent(submitted);
  });

  it('fetches the documents with the bearer, shows thumbnails that open larger, and frees them on leaving', async () => {
    const fetch = api();
    renderAdmin('/admin?tab=pending');
    const card = await screen.findByRole('article', { name: 'Sparkle Homes' });
    const front = await within(card).findByRole('button', {
      name: tr('pending.openDocument', {
        name: `${tr('documentKinds.id_card_front')} · Sparkle Homes`,
      }),
    });
    await within(card).findByRole('button', {
      name: new RegExp(tr('documentKinds.certification').replace(/[()]/g, '\\$&')),
    });
    const docCall = fetch.mock.calls.find(
      ([input]) => String(input) === '/api/providers/documents/doc-1',
    )!;
    expect(new Headers(docCall[1]?.headers).get('Authorization')).toBe('Bearer test-token');
    fireEvent.click(front);
    const dialog = await screen.findByRole('dialog');
    const large = within(dialog).getByAltText(
      `${tr('documentKinds.id_card_front')} · Sparkle Homes`,
    );
    expect(large).toHaveAttribute('src', front.querySelector('img')!.getAttribute('src'));
    fireEvent.click(screen.getByRole('tab', { name: tr('tabs.dashboard') }));
    await waitFor(() => expect([...revoked].sort()).toEqual([...created].sort()));
    expect(created).toHaveLength(2);
  });

  it('shows new and changed services, and what a changed service changed', async () => {
    api();
    renderAdmin('/admin?tab=pending');
    const fresh = await screen.findByRole('article', {
      name: language === 'ar' ? newService.titleAr : newService.title,
    });
    expect(fresh).toHaveTextContent(tr('pending.newService'));
    expect(plainText(fresh)).toContain(tr('priceTypes.per_job', { price: '$30' }));
    expect(fresh).toHaveTextContent('Fresh Start');
    // A change of a live service shows the proposal, and each changed field as live → proposed.
    const changed = screen.getByRole('article', {
      name: language === 'ar' ? 'إصلاح التسربات' : 'Leak Repair Pro',
    });
    expect(changed).toHaveTextContent(tr('pending.changedService'));
    expect(plainText(changed)).toContain(tr('priceTypes.hourly', { price: '$50' }));
    const changes = within(changed).getAllByRole('listitem').map(plainText);
    expect(changes).toHaveLength(2);
    expect(changes.find((c) => c.startsWith(tr('changes.price')))).toMatch(/\$45.*\$50/);
    expect(changes.find((c) => c.startsWith(tr('changes.title')))).toMatch(
      /Leak Repair.*Leak Repair Pro/,
    );
    // The category by name, from /api/service-categories.
    expect(plainText(changed)).toContain(language === 'ar' ? 'السباكة' : 'Plumbing');
  });

  it('approving an application sends its id, approved and the reason, then takes it off the list with a toast', async () => {
    const fetch = api();
    renderAdmin('/admin?tab=pending');
    await pendingTab(3);
    const card = await screen.findByRole('article', { name: 'Sparkle Homes' });
    await decide(card, 'approve', 'Documents checked');
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Sparkle Homes' })).not.toBeInTheDocument(),
    );
    expect(callsTo(fetch, '/api/admin/approve-provider').map((c) => [c.method, c.body])).toEqual([
      ['POST', { providerId: 'app-1', approved: true, reason: 'Documents checked' }],
    ]);
    expect(
      await screen.findByText(tr('pending.providerApproved', { name: isolate('Sparkle Homes') })),
    ).toBeInTheDocument();
    expect(await pendingTab(2)).toBeInTheDocument();
    expect(screen.getByText(tr('pending.noProviders'))).toBeInTheDocument();
  });

  it('rejecting a service without a reason sends only its id and approved false', async () => {
    const fetch = api();
    renderAdmin('/admin?tab=pending');
    const title = language === 'ar' ? newService.titleAr : newService.title;
    const card = await screen.findByRole('article', { name: title });
    await decide(card, 'reject');
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: title })).not.toBeInTheDocument(),
    );
    expect(callsTo(fetch, '/api/admin/approve-service').map((c) => c.body)).toEqual([
      { serviceId: 'svc-new', approved: false },
    ]);
    expect(
      await screen.findByText(tr('pending.serviceRejected', { name: isolate(title) })),
    ).toBeInTheDocument();
    expect(await pendingTab(2)).toBeInTheDocument();
  });

  it('a refused decision keeps the item and shows the server message, or the spec §8 text when there is none', async () => {
    api({
      provider: () =>
        fakeResponse(409, {
          statusCode: 409,
          code: 'conflict',
          message: 'Application already decided',
        }),
      service: () => fakeResponse(502, 'Bad gateway'),
    });
    renderAdmin('/admin?tab=pending');
    const card = await screen.findByRole('article', { name: 'Sparkle Homes' });
    await decide(card, 'approve');
    expect(
      await screen.findByText(`${tr('pending.errorTitle')}: Application already decided`),
    ).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Sparkle Homes' })).toBeInTheDocument();

    const title = language === 'ar' ? changedService.titleAr : 'Leak Repair Pro';
    await decide(screen.getByRole('article', { name: title }), 'approve');
    expect(
      await screen.findByText(`${tr('pending.errorTitle')}: ${tr('pending.approveServiceFailed')}`),
    ).toBeInTheDocument();
    await decide(screen.getByRole('article', { name: title }), 'reject');
    expect(
      await screen.findByText(`${tr('pending.errorTitle')}: ${tr('pending.rejectServiceFailed')}`),
    ).toBeInTheDocument();
    expect(screen.getByRole('article', { name: title })).toBeInTheDocument();
    expect(await pendingTab(3)).toBeInTheDocument();
  });

  it('an empty queue says so for both lists', async () => {
    mockApi((url) =>
      url.pathname === '/api/admin/pending-approvals'
        ? fakeResponse(200, pending({ providers: [], services: [] }))
        : undefined,
    );
    renderAdmin('/admin?tab=pending');
    expect(await screen.findByText(tr('pending.noProviders'))).toBeInTheDocument();
    expect(screen.getByText(tr('pending.noServices'))).toBeInTheDocument();
    expect(await pendingTab(0)).toBeInTheDocument();
  });
});
