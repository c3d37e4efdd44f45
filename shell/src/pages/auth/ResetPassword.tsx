import { useState, type FormEvent } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUTH_PATHS, PASSWORD_RULES } from '@khidma/contracts';
import { apiFetch, PageHeader, showToast, Link, useNavigate, useSearchParams } from '@khidma/web-kit';
import { authErrorKey } from '../../auth/errors';
import { FormError, NewPasswordField } from './parts';

/** `/reset-password?token=`: the e-mailed link's form for a new password. */
export default function ResetPassword() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : t('auth.resetPage.missingToken'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token || busy) return;
    if (password.length < PASSWORD_RULES.minLength) return setError(t('auth.errors.weakPassword'));
    setBusy(true);
    setError(null);
    try {
      await apiFetch(AUTH_PATHS.passwordResetConfirm, { method: 'POST', json: { token, password } });
      showToast('success', t('auth.resetPage.done'));
      navigate('/login', { replace: true });
    } catch (failure) {
      setError(t(authErrorKey(failure, 'resetConfirm')));
      setBusy(false);
    }
  };

  return (
    <div className="kh-page kh-auth-page">
      <section className="kh-auth-card">
        <PageHeader title={t('auth.resetPage.title')} subtitle={t('auth.resetPage.subtitle')} />
        {token ? (
          <form onSubmit={(e) => void submit(e)} noValidate className="kh-auth-form">
            <NewPasswordField label={t('auth.resetPage.newPassword')} value={password} onChange={setPassword} />
            <Button type="primary" htmlType="submit" block size="large" loading={busy}>
              {t('auth.resetPage.submit')}
            </Button>
          </form>
        ) : null}
        <FormError message={error} />
        <p className="kh-auth-switch">
          <Link to="/login">{t('auth.backToLogin')}</Link>
        </p>
      </section>
    </div>
  );
}
