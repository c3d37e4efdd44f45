import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ProviderApplicationDto } from '@khidma/contracts';
import { formatDate, i18n, initI18n, isolate } from '@khidma/web-kit';
import { fakeResponse, resetToasts } from '@khidma/web-kit/testing';
import { NS } from '../namespace';
import { LANGUAGES, fakeApi, renderProvider, signIn, tr, user } from '../testing/render';

beforeAll(() => initI18n(NS), 30_000);
beforeEach(() => resetToasts());

const application = (patch: Partial<ProviderApplicationDto> = {}): ProviderApplicationDto => ({
  id: 'app-1',
  userId: 'u-1',
  status: 'pending',
  businessName: 'Sparkle Co',
  ownerName: 'Sara Haddad',
  email: 'sara@example.com',
  phone: '+20 100 000 0000',
  businessAddress: '12 Nile St, Cairo',
  city: 'Cairo',
  businessType: 'cleaning',
  experience: '3-5',
  description: 'Homes',
  licenseNumber: null,
  insuranceInfo: '',
  documents: [],
  rejectionReason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  reviewedAt: null,
  ...patch,
});

describe.each(LANGUAGES)('pending approval in %s', (language) => {
  beforeAll(() => i18n.changeLanguage(language));

  it('says Pending Review, 24-48 hours, with links home and to contact', async () => {
    fakeApi({ 'GET /api/providers/application': fakeResponse(200, { application: application() }) });
    signIn(user());
    renderProvider('/pending-approval');
    expect(await screen.findByRole('heading', { level: 1, name: tr('pending.title') })).toBeInTheDocument();
    expect(screen.getByText(tr('pending.subtitle'))).toHaveTextContent(/24/);
    expect(screen.getByRole('link', { name: tr('pending.home') })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: tr('pending.contact') })).toHaveAttribute('href', '/contact');
    expect(await screen.findByRole('heading', { name: 'Sparkle Co' })).toBeInTheDocument();
    expect(screen.getByText(tr('pending.submittedOn', { date: formatDate('2026-11-20T10:00:00.000Z', language, { dateStyle: 'medium', hijri: language === 'ar' }) }), { exact: false })).toBeInTheDocument();
  });

  it('a rejected application shows the reason and Apply again', async () => {
    fakeApi({
      'GET /api/providers/application': fakeResponse(200, { application: application({ status: 'rejected', rejectionReason: 'ID card unreadable' }) }),
    });
    signIn(user());
    renderProvider('/pending-approval');
    expect(await screen.findByText(tr('pending.rejected.reason', { reason: isolate('ID card unreadable') }))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: tr('pending.rejected.applyAgain') })).toHaveAttribute('href', '/provider-signup');
  });

  it('no application yet: a link to apply', async () => {
    fakeApi({ 'GET /api/providers/application': fakeResponse(200, { application: null }) });
    signIn(user());
    renderProvider('/pending-approval');
    expect(await screen.findByText(tr('pending.none.text'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: tr('pending.none.apply') })).toHaveAttribute('href', '/provider-signup');
  });

  it('approved since the session began: the refreshed role moves on to the dashboard', async () => {
    fakeApi({
      'GET /api/providers/application': fakeResponse(200, { application: application({ status: 'approved' }) }),
      'POST /api/auth/refresh': fakeResponse(200, { accessToken: 'renewed', expiresIn: 600, user: user('provider') }),
    });
    signIn(user());
    const router = renderProvider('/pending-approval');
    await waitFor(() => expect(router.url).toBe('/provider-dashboard'));
  });

  it('a failed load says so and offers Retry', async () => {
    const api = fakeApi({ 'GET /api/providers/application': fakeResponse(500, 'boom') });
    signIn(user());
    renderProvider('/pending-approval');
    const retry = await screen.findByRole('button', { name: tr('common.retry') });
    expect(screen.getByText(tr('pending.loadFailed'))).toBeInTheDocument();
    api.set('GET /api/providers/application', fakeResponse(200, { application: null }));
    fireEvent.click(retry);
    expect(await screen.findByText(tr('pending.none.text'))).toBeInTheDocument();
  });

  it('signed out goes to sign in', async () => {
    fakeApi({});
    signIn(null);
    const router = renderProvider('/pending-approval');
    await waitFor(() => expect(router.url).toBe('/login?redirect=%2Fpending-approval'));
  });

  it('providers go to their dashboard', async () => {
    fakeApi({});
    signIn(user('provider'));
    const router = renderProvider('/pending-approval');
    await waitFor(() => expect(router.url).toBe('/provider-dashboard'));
  });
});
