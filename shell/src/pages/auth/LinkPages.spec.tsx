import { jest } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, useSession, WithAntd, Route, Routes } from '@khidma/web-kit';
import { fakeResponse, setSignedIn } from '@khidma/web-kit/testing';
import { mockApi, renderAt, sentBody, sessionFor, setupI18n, Where } from '../../test-utils';
import AdminAccess from './AdminAccess';
import ResetPassword from './ResetPassword';
import VerifyEmail from './VerifyEmail';

const SLOW = { timeout: 15_000 };
const invalidToken = () => fakeResponse(400, { statusCode: 400, code: 'invalid_token', message: 'x' });

beforeAll(() => setupI18n('en'), 60_000);
beforeEach(() => setSignedIn(null));

function renderPage(path: string, page: React.ReactElement) {
  const route = path.split('?')[0]!;
  renderAt(
    <>
      <Routes>
        <Route path={route} element={<WithAntd>{page}</WithAntd>} />
        <Route path="*" element={<Where />} />
      </Routes>
      <Toaster />
    </>,
    path,
  );
}
const formError = () => screen.getAllByRole('alert').find((el) => el.classList.contains('kh-auth-error'))!;

describe('/reset-password', () => {
  it('sets the new password with the token, confirms and goes to /login', async () => {
    const api = mockApi({ 'POST /api/auth/password-reset/confirm': fakeResponse(204) });
    renderPage('/reset-password?token=tok-1', <ResetPassword />);
    await userEvent.type(await screen.findByLabelText('New password', {}, SLOW), 'brand-new-pass{Enter}');
    expect(await screen.findByTestId('where', {}, SLOW)).toHaveTextContent('/login');
    expect(sentBody(api, '/api/auth/password-reset/confirm')).toEqual({ token: 'tok-1', password: 'brand-new-pass' });
    expect(await screen.findByText('Your password has been changed. Please sign in.', {}, SLOW)).toBeInTheDocument();
  }, 30_000);

  it('says when the link is invalid or expired', async () => {
    mockApi({ 'POST /api/auth/password-reset/confirm': invalidToken });
    renderPage('/reset-password?token=old', <ResetPassword />);
    await userEvent.type(await screen.findByLabelText('New password', {}, SLOW), 'brand-new-pass{Enter}');
    await waitFor(() => expect(formError()).toHaveTextContent('This link is invalid or has expired. Please request a new one.'));
  }, 30_000);

  it('without a token shows no form', async () => {
    renderPage('/reset-password', <ResetPassword />);
    expect(await screen.findByText(/This reset link is incomplete/, {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  }, 30_000);
});

describe('/verify-email', () => {
  it('verifies once and updates the signed-in user', async () => {
    const session = sessionFor('client', { emailVerified: false });
    useSession.setState({ status: 'authenticated', accessToken: 't', user: session.user });
    const api = mockApi({ 'POST /api/auth/verify-email': fakeResponse(200, { user: { ...session.user, emailVerified: true } }) });
    renderPage('/verify-email?token=v-1', <VerifyEmail />);
    expect(await screen.findByText('Your e-mail address is verified.', {}, SLOW)).toBeInTheDocument();
    expect(useSession.getState().user?.emailVerified).toBe(true);
    expect(api.mock.calls.filter(([url]) => String(url) === '/api/auth/verify-email')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Go to your profile' })).toHaveAttribute('href', '/profile');
  }, 30_000);

  it('reports a used or expired token', async () => {
    mockApi({ 'POST /api/auth/verify-email': invalidToken });
    renderPage('/verify-email?token=v-2', <VerifyEmail />);
    await waitFor(() => expect(formError()).toHaveTextContent('This link is invalid or has expired.'), SLOW);
  }, 30_000);
});

describe('/admin-access', () => {
  it('consumes the link, signs the admin in and opens /admin after 1 s', async () => {
    const session = sessionFor('admin');
    mockApi({ 'POST /api/auth/admin-link/consume': fakeResponse(200, session) });
    // Testing Library advances Jest's fake clock while it polls, so the page's 1 s delay is measurable.
    jest.useFakeTimers();
    try {
      renderPage('/admin-access?token=a-1', <AdminAccess />);
      expect(await screen.findByText('Signed in as administrator. Opening the admin panel…', {}, SLOW)).toBeInTheDocument();
      expect(useSession.getState()).toMatchObject({ status: 'authenticated', user: { role: 'admin' } });
      expect(screen.queryByTestId('where')).not.toBeInTheDocument();
      await act(() => jest.advanceTimersByTimeAsync(1000));
    } finally {
      jest.useRealTimers();
    }
    expect(screen.getByTestId('where')).toHaveTextContent('/admin');
  }, 30_000);

  it('reports a used or expired link and stays signed out', async () => {
    mockApi({ 'POST /api/auth/admin-link/consume': invalidToken });
    renderPage('/admin-access?token=a-2', <AdminAccess />);
    await waitFor(() => expect(formError()).toHaveTextContent('This link is invalid or has expired.'), SLOW);
    expect(useSession.getState().status).toBe('anonymous');
  }, 30_000);
});
