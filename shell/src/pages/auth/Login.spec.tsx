import { jest } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, Toaster, useSession, WithAntd, Route, Routes } from '@khidma/web-kit';
import { fakeResponse, setSignedIn } from '@khidma/web-kit/testing';
import { mockApi, renderAt, sentBody, sessionFor, setupI18n, Where } from '../../test-utils';
import Login from './Login';

const SLOW = { timeout: 15_000 };
const error = (status: number, code: string) => fakeResponse(status, { statusCode: status, code, message: code });
/** The server's public sign-in configuration: Google on. */
const GOOGLE_ON = {
  'GET /api/auth/google/config': fakeResponse(200, { enabled: true }),
};

beforeAll(() => setupI18n('en'), 60_000);
beforeEach(() => setSignedIn(null));

async function renderLogin(path = '/login') {
  renderAt(
    <>
      <Routes>
        <Route
          path="/login"
          element={
            <WithAntd>
              <Login />
            </WithAntd>
          }
        />
        <Route path="*" element={<Where />} />
      </Routes>
      <Toaster />
    </>,
    path,
  );
  await screen.findByRole('heading', { level: 1, name: 'Welcome back' }, SLOW);
}

const disclaimer = () => screen.getByRole('checkbox', { name: /only connects clients with service providers/ });
const emailBox = () => screen.getByLabelText('E-mail');
const passwordBox = () => screen.getByLabelText('Password');
const submit = () => screen.getByRole('button', { name: 'Sign in with Email' });
/** The form's own live region (toasts of earlier tests may still be on the page as alerts too). */
const alertText = () => screen.getAllByRole('alert').find((el) => el.classList.contains('kh-auth-error'))!;

it('the disclaimer gates every sign-in action: e-mail, Google and Emergency Admin Access', async () => {
  const api = mockApi(GOOGLE_ON);
  await renderLogin();
  await userEvent.type(emailBox(), 'admin@example.com');
  await userEvent.type(passwordBox(), 'secret-pass{Enter}');
  const google = screen.getByRole('button', { name: /Continue with Google/ });
  const emergency = screen.getByRole('button', { name: 'Emergency Admin Access' });
  for (const button of [submit(), google, emergency]) {
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(expect.stringContaining('Tick the box above to enable sign-in.'));
  }
  expect(api.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

  await userEvent.click(disclaimer());
  expect(submit()).toBeEnabled();
  await waitFor(() => expect(google).toBeEnabled());
  expect(emergency).toBeEnabled();
}, 30_000);

it('Enter submits when both fields are filled and the disclaimer is ticked; a client goes home with "Welcome back"', async () => {
  const session = sessionFor('client');
  const api = mockApi({ ...GOOGLE_ON, 'POST /api/auth/login': fakeResponse(200, session) });
  await renderLogin();
  await userEvent.click(disclaimer());
  await userEvent.type(emailBox(), ' client@example.com ');
  await userEvent.type(passwordBox(), 'Client#2025{Enter}');
  expect(await screen.findByTestId('where', {}, SLOW)).toHaveTextContent(/^\/$/);
  expect(sentBody(api, '/api/auth/login')).toEqual({ email: 'client@example.com', password: 'Client#2025' });
  expect(useSession.getState()).toMatchObject({ status: 'authenticated', accessToken: session.accessToken });
  expect(await screen.findByText('Welcome back', {}, SLOW)).toBeInTheDocument();
}, 30_000);

it('an admin goes to /admin; others follow a same-site redirect parameter only', async () => {
  mockApi({ ...GOOGLE_ON, 'POST /api/auth/login': fakeResponse(200, sessionFor('admin')) });
  await renderLogin('/login?redirect=%2Fpayment');
  await userEvent.click(disclaimer());
  await userEvent.type(emailBox(), 'admin@example.com');
  await userEvent.type(passwordBox(), 'Admin#2025{Enter}');
  expect(await screen.findByTestId('where', {}, SLOW)).toHaveTextContent('/admin');
}, 30_000);

it.each([
  ['/login?redirect=%2Fmy-bookings%3Ftab%3Dcompleted', '/my-bookings?tab=completed'],
  ['/login?redirect=%2F%2Fevil.example', '/'],
])('a client signed in at %s lands on %s', async (path, expected) => {
  mockApi({ ...GOOGLE_ON, 'POST /api/auth/login': fakeResponse(200, sessionFor('client')) });
  await renderLogin(path);
  await userEvent.click(disclaimer());
  await userEvent.type(emailBox(), 'client@example.com');
  await userEvent.type(passwordBox(), 'Client#2025{Enter}');
  expect(await screen.findByTestId('where', {}, SLOW)).toHaveTextContent(new RegExp(`^${expected.replace(/[?]/g, '\\?')}$`));
}, 30_000);

it('works with the keyboard alone: tick with Space, type, Enter', async () => {
  mockApi({ 'GET /api/auth/google/config': fakeResponse(200, { enabled: false }), 'POST /api/auth/login': fakeResponse(200, sessionFor('client')) });
  await renderLogin();
  await userEvent.tab();
  expect(disclaimer()).toHaveFocus();
  await userEvent.keyboard(' ');
  expect(disclaimer()).toBeChecked();
  await userEvent.tab(); // Google is disabled here (not configured), so focus moves on to the e-mail field.
  expect(emailBox()).toHaveFocus();
  await userEvent.keyboard('client@example.com');
  await userEvent.tab();
  expect(passwordBox()).toHaveFocus();
  await userEvent.keyboard('Client#2025');
  await userEvent.tab();
  expect(screen.getByRole('button', { name: 'Show password' })).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  expect(passwordBox()).toHaveAttribute('type', 'text');
  expect(screen.getByRole('button', { name: 'Hide password' })).toHaveFocus();
  await userEvent.tab({ shift: true });
  expect(passwordBox()).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  expect(await screen.findByTestId('where', {}, SLOW)).toHaveTextContent(/^\/$/);
}, 30_000);

it('asks for both fields before calling the server', async () => {
  const api = mockApi(GOOGLE_ON);
  await renderLogin();
  await userEvent.click(disclaimer());
  await userEvent.type(emailBox(), 'client@example.com');
  await userEvent.click(submit());
  expect(alertText()).toHaveTextContent('Missing information: Please enter both email and password');
  await userEvent.clear(emailBox());
  await userEvent.type(emailBox(), 'not-an-email');
  await userEvent.type(passwordBox(), 'whatever1');
  await userEvent.click(submit());
  expect(alertText()).toHaveTextContent('Invalid email format');
  expect(api.mock.calls.some(([url]) => String(url) === '/api/auth/login')).toBe(false);
}, 30_000);

it.each([
  ['Invalid email or password', error(401, 'invalid_credentials')],
  ['Account not found. Please sign up.', error(404, 'account_not_found')],
  ['Invalid email format', error(400, 'invalid_email')],
  ['Too many failed login attempts. Please try again later.', error(429, 'too_many_attempts')],
  ['This account has been disabled. Please contact support.', error(403, 'account_disabled')],
  ['Failed to sign in', fakeResponse(500, 'boom')],
])('shows "%s" for that server answer', async (text, answer) => {
  mockApi({ ...GOOGLE_ON, 'POST /api/auth/login': answer });
  await renderLogin();
  await userEvent.click(disclaimer());
  await userEvent.type(emailBox(), 'client@example.com');
  await userEvent.type(passwordBox(), 'wrong-password{Enter}');
  await waitFor(() => expect(alertText()).toHaveTextContent(text));
  expect(useSession.getState().status).toBe('anonymous');
  expect(screen.queryByTestId('where')).not.toBeInTheDocument();
}, 30_000);

it('the show/hide toggle is a labelled button', async () => {
  mockApi(GOOGLE_ON);
  await renderLogin();
  expect(passwordBox()).toHaveAttribute('type', 'password');
  await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
  expect(passwordBox()).toHaveAttribute('type', 'text');
  expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
}, 30_000);

describe('forgot password', () => {
  it('needs the e-mail typed first', async () => {
    const api = mockApi(GOOGLE_ON);
    await renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(alertText()).toHaveTextContent('Enter your email: Please type your email above first.');
    expect(api.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  }, 30_000);

  it('sends the reset request and confirms with a toast', async () => {
    const api = mockApi({ ...GOOGLE_ON, 'POST /api/auth/password-reset': fakeResponse(202) });
    await renderLogin();
    await userEvent.type(emailBox(), 'client@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByText('Password reset sent', {}, SLOW)).toBeInTheDocument();
    expect(sentBody(api, '/api/auth/password-reset')).toEqual({ email: 'client@example.com' });
  }, 30_000);

  it('says so when the request fails', async () => {
    mockApi({ ...GOOGLE_ON, 'POST /api/auth/password-reset': fakeResponse(503) });
    await renderLogin();
    await userEvent.type(emailBox(), 'client@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await waitFor(() => expect(alertText()).toHaveTextContent('Could not send reset email'));
  }, 30_000);
});

it('Emergency Admin Access is offered for any well-formed address (the page cannot tell which is the admin) and asks the server to send the link', async () => {
  const api = mockApi({ ...GOOGLE_ON, 'POST /api/auth/direct-admin-login': fakeResponse(202) });
  await renderLogin();
  await userEvent.type(emailBox(), 'admin@example');
  expect(screen.queryByRole('button', { name: 'Emergency Admin Access' })).not.toBeInTheDocument();
  await userEvent.type(emailBox(), '.com');
  expect(await screen.findByRole('button', { name: 'Emergency Admin Access' })).toBeInTheDocument();
  await userEvent.clear(emailBox());
  await userEvent.type(emailBox(), 'someone@example.com');
  expect(screen.getByRole('button', { name: 'Emergency Admin Access' })).toBeInTheDocument();
  expect(api.mock.calls.some(([url]) => String(url).includes('direct-admin-login/config'))).toBe(false);
  await userEvent.clear(emailBox());
  await userEvent.type(emailBox(), 'admin@example.com');
  await userEvent.click(disclaimer());
  await userEvent.click(screen.getByRole('button', { name: 'Emergency Admin Access' }));
  expect(await screen.findByRole('status')).toHaveTextContent("If this is the administrator's address, a one-time sign-in link has been sent.");
  expect(sentBody(api, '/api/auth/direct-admin-login')).toEqual({ email: 'admin@example.com' });
  expect(useSession.getState().status).toBe('anonymous');
}, 30_000);

describe('Google', () => {
  it('is disabled with a note when the server has no Google configuration', async () => {
    mockApi({ 'GET /api/auth/google/config': fakeResponse(200, { enabled: false }) });
    await renderLogin();
    await userEvent.click(disclaimer());
    const google = screen.getByRole('button', { name: /Continue with Google/ });
    expect(await screen.findByText('Google sign-in is not configured on this server')).toBeInTheDocument();
    expect(google).toBeDisabled();
    expect(google).toHaveAccessibleDescription('Google sign-in is not configured on this server');
  }, 30_000);

  it.each([
    ['blocked', null, 'Sign-in popup was blocked. Please enable popups for this site.'],
    ['closed', { closed: true }, 'Sign-in popup closed'],
  ])('a %s popup is reported', async (_what, popup, text) => {
    mockApi(GOOGLE_ON);
    await renderLogin();
    await userEvent.click(disclaimer());
    const google = screen.getByRole('button', { name: /Continue with Google/ });
    await waitFor(() => expect(google).toBeEnabled());
    // A popup that is already closed when first polled stands for the user closing it.
    const opened = { closed: false };
    window.open = jest.fn(() => (popup ? opened : null)) as unknown as typeof window.open;
    await userEvent.click(google);
    if (popup) opened.closed = true;
    await waitFor(() => expect(alertText()).toHaveTextContent(text), { timeout: 3000 });
  }, 30_000);

  it('a successful popup signs in and says "Welcome back"', async () => {
    const session = sessionFor('client');
    mockApi({ ...GOOGLE_ON, 'POST /api/auth/refresh': fakeResponse(200, session) });
    await renderLogin();
    await userEvent.click(disclaimer());
    const google = screen.getByRole('button', { name: /Continue with Google/ });
    await waitFor(() => expect(google).toBeEnabled());
    const popup = { closed: false };
    window.open = jest.fn(() => popup) as unknown as typeof window.open;
    await userEvent.click(google);
    const message = new MessageEvent('message', { data: { type: 'khidma:google-sign-in', ok: true }, origin: window.location.origin });
    Object.defineProperty(message, 'source', { value: popup });
    act(() => {
      window.dispatchEvent(message);
    });
    expect(await screen.findByTestId('where', {}, SLOW)).toHaveTextContent(/^\/$/);
    expect(useSession.getState().user?.email).toBe(session.user.email);
  }, 30_000);
});

describe('in Arabic', () => {
  afterAll(() => i18n.changeLanguage('en'));

  it('shows the page right to left with Arabic labels and messages', async () => {
    await i18n.changeLanguage('ar');
    mockApi({ ...GOOGLE_ON, 'POST /api/auth/login': error(401, 'invalid_credentials') });
    renderAt(
      <WithAntd>
        <Login />
      </WithAntd>,
      '/login',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'مرحبًا بعودتك' }, SLOW)).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.type(screen.getByLabelText('البريد الإلكتروني'), 'client@example.com');
    await userEvent.type(screen.getByLabelText('كلمة المرور'), 'wrong-password{Enter}');
    await waitFor(() => expect(alertText()).toHaveTextContent('البريد الإلكتروني أو كلمة المرور غير صحيحة'));
    expect(screen.getByRole('button', { name: 'إظهار كلمة المرور' })).toBeInTheDocument();
  }, 30_000);
});
