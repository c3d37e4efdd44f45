import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, Toaster, useSession, WithAntd, Route, Routes } from '@khidma/web-kit';
import { fakeResponse, setSignedIn } from '@khidma/web-kit/testing';
import { mockApi, renderAt, sentBody, sessionFor, setupI18n, Where } from '../../test-utils';
import Signup from './Signup';

const SLOW = { timeout: 15_000 };
const error = (status: number, code: string) => fakeResponse(status, { statusCode: status, code, message: code });
const GOOGLE_ON = { 'GET /api/auth/google/config': fakeResponse(200, { enabled: true }) };

beforeAll(() => setupI18n('en'), 60_000);
beforeEach(() => setSignedIn(null));

async function renderSignup(heading = 'Create your account') {
  renderAt(
    <>
      <Routes>
        <Route
          path="/signup"
          element={
            <WithAntd>
              <Signup />
            </WithAntd>
          }
        />
        <Route path="*" element={<Where />} />
      </Routes>
      <Toaster />
    </>,
    '/signup',
  );
  await screen.findByRole('heading', { level: 1, name: heading }, SLOW);
}

const formError = () => screen.getAllByRole('alert').find((el) => el.classList.contains('kh-auth-error'))!;

it('lists the three benefits and the password rules, and gates both sign-up buttons on the disclaimer', async () => {
  mockApi(GOOGLE_ON);
  await renderSignup();
  for (const benefit of ['Trusted providers', 'Secure payments', 'Real-time booking management']) {
    expect(screen.getByRole('heading', { level: 3, name: benefit })).toBeInTheDocument();
  }
  expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Between 8 and 128 characters. Very common passwords are refused.');
  const create = screen.getByRole('button', { name: 'Create Account with Email' });
  const google = screen.getByRole('button', { name: /Sign Up with Google/ });
  expect(create).toBeDisabled();
  expect(google).toBeDisabled();
  await userEvent.click(screen.getByRole('checkbox'));
  expect(create).toBeEnabled();
  await waitFor(() => expect(google).toBeEnabled());
}, 30_000);

it('creates the account, signs in, says "Account created" and goes home', async () => {
  const session = sessionFor('client', { email: 'new@example.com' });
  const api = mockApi({ ...GOOGLE_ON, 'POST /api/auth/signup': fakeResponse(201, session) });
  await renderSignup();
  await userEvent.click(screen.getByRole('checkbox'));
  await userEvent.type(screen.getByLabelText('E-mail'), 'new@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'long-enough-pass{Enter}');
  expect(await screen.findByTestId('where', {}, SLOW)).toHaveTextContent(/^\/$/);
  expect(sentBody(api, '/api/auth/signup')).toEqual({ email: 'new@example.com', password: 'long-enough-pass', language: 'en' });
  expect(useSession.getState().user?.email).toBe('new@example.com');
  expect(await screen.findByText('Account created', {}, SLOW)).toBeInTheDocument();
}, 30_000);

it('refuses a short password before calling the server', async () => {
  const api = mockApi(GOOGLE_ON);
  await renderSignup();
  await userEvent.click(screen.getByRole('checkbox'));
  await userEvent.type(screen.getByLabelText('E-mail'), 'new@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'short{Enter}');
  expect(formError()).toHaveTextContent('Weak password. Use at least 8 characters.');
  expect(api.mock.calls.some(([url]) => String(url) === '/api/auth/signup')).toBe(false);
}, 30_000);

it.each([
  ['Email already in use. Try logging in.', error(409, 'email_in_use')],
  ['Weak password. Use at least 8 characters.', error(400, 'weak_password')],
  ['This password is too common. Please choose another one.', error(400, 'common_password')],
  ['Invalid email format', error(400, 'invalid_email')],
  ['Failed to create account', fakeResponse(500, 'boom')],
])('shows "%s" for that server answer', async (text, answer) => {
  mockApi({ ...GOOGLE_ON, 'POST /api/auth/signup': answer });
  await renderSignup();
  await userEvent.click(screen.getByRole('checkbox'));
  await userEvent.type(screen.getByLabelText('E-mail'), 'new@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'password123{Enter}');
  await waitFor(() => expect(formError()).toHaveTextContent(text));
  expect(useSession.getState().status).toBe('anonymous');
}, 30_000);

it('is right to left in Arabic and sends the language with the sign-up', async () => {
  await i18n.changeLanguage('ar');
  try {
    const api = mockApi({ ...GOOGLE_ON, 'POST /api/auth/signup': fakeResponse(201, sessionFor('client')) });
    await renderSignup('أنشئ حسابك');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('heading', { level: 3, name: 'مدفوعات آمنة' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.type(screen.getByLabelText('البريد الإلكتروني'), 'new@example.com');
    await userEvent.type(screen.getByLabelText('كلمة المرور'), 'password123{Enter}');
    expect(await screen.findByText('تم إنشاء الحساب', {}, SLOW)).toBeInTheDocument();
    expect(sentBody(api, '/api/auth/signup')).toMatchObject({ language: 'ar' });
  } finally {
    // The page is still mounted: it re-renders in English.
    await act(() => i18n.changeLanguage('en'));
  }
}, 30_000);
