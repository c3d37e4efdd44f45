import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTH_PATHS, type MeResponse } from '@khidma/contracts';
import { apiFetch, PageHeader, Spinner, useSession, Link, useSearchParams } from '@khidma/web-kit';
import { authErrorKey } from '../../auth/errors';
import { oncePerPage } from '../../auth/once';
import { FormError } from './parts';

type Outcome = { ok: true } | { ok: false; key: string };

/** `/verify-email?token=`: confirms the address from the e-mailed link and says how it went. */
export default function VerifyEmail() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token');
  const status = useSession((s) => s.status);
  const [outcome, setOutcome] = useState<Outcome | null>(token ? null : { ok: false, key: 'auth.verifyPage.missingToken' });

  useEffect(() => {
    if (!token) return;
    let live = true;
    oncePerPage(`verify:${token}`, () => apiFetch<MeResponse>(AUTH_PATHS.verifyEmail, { method: 'POST', json: { token } })).then(
      ({ user }) => {
        // The signed-in user's record in this page still says "not verified".
        if (useSession.getState().user?.id === user.id) useSession.setState({ user });
        if (live) setOutcome({ ok: true });
      },
      (failure: unknown) => live && setOutcome({ ok: false, key: authErrorKey(failure, 'verify') }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <div className="kh-page kh-auth-page">
      <section className="kh-auth-card">
        <PageHeader title={t('auth.verifyPage.title')} />
        {outcome === null ? <Spinner /> : null}
        <div role="status" className="kh-auth-status">
          {outcome?.ok ? <p className="kh-auth-success">{t('auth.verifyPage.done')}</p> : null}
        </div>
        <FormError message={outcome && !outcome.ok ? t(outcome.key) : null} />
        {outcome ? (
          <p className="kh-auth-switch">
            {status === 'authenticated' ? <Link to="/profile">{t('auth.verifyPage.toProfile')}</Link> : <Link to="/login">{t('auth.backToLogin')}</Link>}
          </p>
        ) : null}
      </section>
    </div>
  );
}
