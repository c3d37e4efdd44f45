import { useId, useState, type FormEvent } from 'react';
import { Button, Input } from 'antd';
import { CalendarOutlined, LockOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AUTH_PATHS, PASSWORD_RULES, type SessionResponse } from '@khidma/contracts';
import { apiFetch, currentLanguage, PageHeader, showToast, useSession, Link, useNavigate, useSearchParams } from '@khidma/web-kit';
import { authErrorKey, looksLikeEmail } from '../../auth/errors';
import { signInWithGoogle } from '../../auth/google';
import { destinationAfterSignIn } from '../../auth/redirects';
import { Disclaimer, Field, FormError, GoogleButton, NewPasswordField } from './parts';

const BENEFIT_ICONS = [SafetyCertificateOutlined, LockOutlined, CalendarOutlined];

/** Spec §2 Signup: disclaimer-gated Google and e-mail sign-up, with the three benefits. */
export default function Signup() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const signIn = useSession((s) => s.signIn);
  const [agreed, setAgreed] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<'email' | 'google' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ids = { email: useId(), hint: useId(), benefits: useId() };
  const benefits = t('auth.signupPage.benefits', { returnObjects: true }) as { title: string; text: string }[];

  const finish = (session: SessionResponse, toastKey: string) => {
    signIn(session);
    showToast('success', t(toastKey));
    navigate(destinationAfterSignIn(session.user, redirect), { replace: true });
  };

  const run = async (what: 'email' | 'google', task: () => Promise<void>) => {
    setBusy(what);
    setError(null);
    try {
      await task();
    } catch (failure) {
      setError(t(authErrorKey(failure, 'signUp')));
    } finally {
      setBusy(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!agreed || busy) return;
    if (!email.trim() || !password) return setError(t('auth.messages.missingInfo'));
    if (!looksLikeEmail(email)) return setError(t('auth.errors.invalidEmail'));
    if (password.length < PASSWORD_RULES.minLength) return setError(t('auth.errors.weakPassword'));
    void run('email', async () => {
      const session = await apiFetch<SessionResponse>(AUTH_PATHS.signUp, {
        method: 'POST',
        json: { email: email.trim(), password, language: currentLanguage() },
      });
      finish(session, 'auth.messages.accountCreated');
    });
  };

  const google = () => void run('google', async () => finish(await signInWithGoogle(), 'auth.messages.welcome'));

  const gate = agreed ? undefined : ids.hint;
  return (
    <div className="kh-page kh-auth-page kh-auth-page-wide">
      <section className="kh-auth-card">
        <PageHeader title={t('auth.signupPage.title')} subtitle={t('auth.signupPage.subtitle')} />
        <Disclaimer checked={agreed} onChange={setAgreed} hintId={ids.hint} hint={t('auth.signupPage.disclaimerHint')} />
        <GoogleButton label={t('auth.google.signUp')} onClick={google} disabled={!agreed || busy !== null} loading={busy === 'google'} describedBy={gate} />
        <p className="kh-auth-or">
          <span>{t('auth.or')}</span>
        </p>
        <form onSubmit={submit} noValidate className="kh-auth-form">
          <Field label={t('auth.email')} id={ids.email}>
            <Input id={ids.email} type="email" autoComplete="email" dir="ltr" value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field>
          <NewPasswordField label={t('auth.password')} value={password} onChange={setPassword} />
          <Button type="primary" htmlType="submit" block size="large" disabled={!agreed || busy === 'google'} loading={busy === 'email'} aria-describedby={gate}>
            {t('auth.signupPage.submit')}
          </Button>
        </form>
        <FormError message={error} />
        <p className="kh-auth-switch">
          {t('auth.signupPage.haveAccount')}{' '}
          <Link to={redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'}>{t('auth.signupPage.loginLink')}</Link>
        </p>
      </section>
      <section className="kh-auth-benefits" aria-labelledby={ids.benefits}>
        <h2 id={ids.benefits}>{t('auth.signupPage.benefitsTitle')}</h2>
        <ul>
          {benefits.map((benefit, i) => {
            const Icon = BENEFIT_ICONS[i] ?? SafetyCertificateOutlined;
            return (
              <li key={benefit.title}>
                <Icon aria-hidden className="kh-auth-benefit-icon" />
                <div>
                  <h3>{benefit.title}</h3>
                  <p>{benefit.text}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
