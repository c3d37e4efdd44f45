import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTH_PATHS, REDIRECT_DELAYS_MS, type SessionResponse } from '@khidma/contracts';
import { apiFetch, PageHeader, Spinner, useSession, Link, useNavigate, useSearchParams } from '@khidma/web-kit';
import { authErrorKey } from '../../auth/errors';
import { oncePerPage } from '../../auth/once';
import { FormError } from './parts';

/**
 * `/admin-access?token=`: the one-time link "Emergency Admin Access" e-mails to the administrator.
 * The server checks the token and answers the admin's session; nothing here grants anything.
 */
export default function AdminAccess() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token');
  const [state, setState] = useState<'working' | 'done' | { error: string }>(token ? 'working' : { error: 'auth.adminAccessPage.missingToken' });

  useEffect(() => {
    if (!token) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    oncePerPage(`admin-link:${token}`, () =>
      apiFetch<SessionResponse>(AUTH_PATHS.adminLinkConsume, { method: 'POST', json: { token } }).then((session) => {
        useSession.getState().signIn(session);
        return session;
      }),
    ).then(
      () => {
        if (!live) return;
        setState('done');
        // Spec §9: the admin panel opens after 1 s, time to read that the sign-in worked.
        timer = setTimeout(() => navigate('/admin', { replace: true }), REDIRECT_DELAYS_MS.admin);
      },
      (failure: unknown) => live && setState({ error: authErrorKey(failure, 'adminLink') }),
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [token, navigate]);

  return (
    <div className="kh-page kh-auth-page">
      <section className="kh-auth-card">
        <PageHeader title={t('auth.adminAccessPage.title')} />
        {state === 'working' ? <Spinner /> : null}
        <div role="status" className="kh-auth-status">
          {state === 'done' ? <p className="kh-auth-success">{t('auth.adminAccessPage.done')}</p> : null}
        </div>
        <FormError message={typeof state === 'object' ? t(state.error) : null} />
        {typeof state === 'object' ? (
          <p className="kh-auth-switch">
            <Link to="/login">{t('auth.backToLogin')}</Link>
          </p>
        ) : null}
      </section>
    </div>
  );
}
