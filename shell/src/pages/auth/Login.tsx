import { useId, useState, type FormEvent } from 'react';
import { Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUTH_PATHS, type SessionResponse } from '@khidma/contracts';
import { apiFetch, PageHeader, showToast, useSession, Link, useNavigate, useSearchParams } from '@khidma/web-kit';
import { authErrorKey, looksLikeEmail, type AuthAction } from '../../auth/errors';
import { signInWithGoogle } from '../../auth/google';
import { destinationAfterSignIn } from '../../auth/redirects';
import { Disclaimer, Field, FormError, GoogleButton, PasswordInput } from './parts';

type Busy = 'email' | 'google' | 'reset' | 'admin' | null;

/** Spec §2 Login: disclaimer-gated Google and e-mail sign-in, password reset, emergency admin link. */
export default function Login() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const signIn = useSession((s) => s.signIn);
  const [agreed, setAgreed] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const [adminNotice, setAdminNotice] = useState<string | null>(null);
  const ids = { email: useId(), password: useId(), hint: useId(), admin: useId() };

  const run = async (what: Exclude<Busy, null>, action: AuthAction, task: () => Promise<void>) => {
    setBusy(what);
    setError(null);
    setAdminNotice(null);
    try {
      await task();
    } catch (failure) {
      setError(t(authErrorKey(failure, action)));
    } finally {
      setBusy(null);
    }
  };

  const finish = (session: SessionResponse) => {
    signIn(session);
    showToast('success', t('auth.messages.welcomeBack'));
    navigate(destinationAfterSignIn(session.user, redirect), { replace: true });
  };

  // Enter in either field submits the form; the submit button is disabled until the disclaimer is
  // ticked, and the browser does not submit a form through a disabled button.
  const submitEmail = (event: FormEvent) => {
    event.preventDefault();
    if (!agreed || busy) return;
    if (!email.trim() || !password) return setError(t('auth.messages.missingInfo'));
    if (!looksLikeEmail(email)) return setError(t('auth.errors.invalidEmail'));
    void run('email', 'signIn', async () =>
      finish(await apiFetch<SessionResponse>(AUTH_PATHS.signIn, { method: 'POST', json: { email: email.trim(), password } })),
    );
  };

  const google = () => void run('google', 'signIn', async () => finish(await signInWithGoogle()));

  const forgot = () => {
    if (!email.trim()) return setError(t('auth.messages.enterEmail'));
    void run('reset', 'resetRequest', async () => {
      await apiFetch(AUTH_PATHS.passwordReset, { method: 'POST', json: { email: email.trim() } });
      showToast('success', t('auth.messages.resetSent'));
    });
  };

  // Shown only for the administrator's address; the server checks again and sends nothing otherwise.
  const emergency = () =>
    void run('admin', 'adminLink', async () => {
      await apiFetch(AUTH_PATHS.directAdminLogin, { method: 'POST', json: { email: email.trim() } });
      setAdminNotice(t('auth.messages.adminLinkSent'));
    });

  const gate = agreed ? undefined : ids.hint;
  return (
    <div className="kh-page kh-auth-page">
      <section className="kh-auth-card">
        <PageHeader title={t('auth.loginPage.title')} subtitle={t('auth.loginPage.subtitle')} />
        <Disclaimer checked={agreed} onChange={setAgreed} hintId={ids.hint} hint={t('auth.disclaimerHint')} />
        <GoogleButton
          label={t('auth.google.continue')}
          onClick={google}
          disabled={!agreed || busy !== null}
          loading={busy === 'google'}
          describedBy={gate}
        />
        <p className="kh-auth-or">
          <span>{t('auth.or')}</span>
        </p>
        <form onSubmit={submitEmail} noValidate className="kh-auth-form">
          <Field label={t('auth.email')} id={ids.email}>
            <Input id={ids.email} type="email" autoComplete="email" dir="ltr" value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field>
          <Field label={t('auth.password')} id={ids.password}>
            <PasswordInput id={ids.password} value={password} onChange={setPassword} autoComplete="current-password" />
          </Field>
          <div className="kh-auth-row">
            <Button type="link" onClick={forgot} loading={busy === 'reset'} disabled={busy !== null && busy !== 'reset'}>
              {t('auth.loginPage.forgot')}
            </Button>
          </div>
          <Button
            type="primary"
            htmlType="submit"
            block
            size="large"
            disabled={!agreed || (busy !== null && busy !== 'email')}
            loading={busy === 'email'}
            aria-describedby={gate}
          >
            {t('auth.loginPage.submit')}
          </Button>
        </form>
        <FormError message={error} />
        {/* Offered for any well-formed address: the server mails only the admin, and the page must not
            tell which address that is (no fingerprint of it is published). */}
        {looksLikeEmail(email) ? (
          <div className="kh-auth-emergency">
            <Button onClick={emergency} disabled={!agreed || (busy !== null && busy !== 'admin')} loading={busy === 'admin'} aria-describedby={[ids.admin, gate].filter(Boolean).join(' ')}>
              {t('auth.loginPage.emergency')}
            </Button>
            <p id={ids.admin} className="kh-auth-hint">
              {t('auth.loginPage.emergencyHelp')}
            </p>
          </div>
        ) : null}
        <div role="status" className="kh-auth-status">
          {adminNotice ? <p>{adminNotice}</p> : null}
        </div>
        <p className="kh-auth-switch">
          {t('auth.loginPage.noAccount')}{' '}
          <Link to={redirect ? `/signup?redirect=${encodeURIComponent(redirect)}` : '/signup'}>{t('auth.loginPage.signUpLink')}</Link>
        </p>
      </section>
    </div>
  );
}
