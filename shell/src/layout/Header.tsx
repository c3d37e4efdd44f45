import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { HijriSwitch, LanguageSwitcher, useSession, WithAntd, Link, NavLink } from '@khidma/web-kit';

// The account menu (antd Dropdown) and the notification bell only matter once signed in: keep them
// out of the first load.
const AccountMenu = lazy(() => import('./AccountMenu'));
const NotificationBell = lazy(() => import('./NotificationBell'));
const MessagesLink = lazy(() => import('../conversations/MessagesLink'));

const NAV = [
  { to: '/', key: 'nav.home', end: true },
  { to: '/services', key: 'nav.services', end: false },
  { to: '/about', key: 'nav.about', end: false },
  { to: '/contact', key: 'nav.contact', end: false },
] as const;

export function Header() {
  const { t } = useTranslation();
  const status = useSession((s) => s.status);
  return (
    <header className="kh-header">
      <div className="kh-header-inner">
        <Link to="/" className="kh-brand">
          <span className="kh-brand-mark" aria-hidden="true">
            خ
          </span>
          {t('brand.name')}
        </Link>
        <nav aria-label={t('nav.label')} className="kh-nav">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end}>
              {t(item.key)}
            </NavLink>
          ))}
        </nav>
        <div className="kh-header-actions">
          {status === 'authenticated' ? (
            <>
              {/* Apart, so the bell does not wait for antd to load. */}
              <Suspense fallback={null}>
                <MessagesLink />
              </Suspense>
              <Suspense fallback={null}>
                <NotificationBell />
              </Suspense>
              <Suspense fallback={null}>
                <WithAntd>
                  <AccountMenu />
                </WithAntd>
              </Suspense>
            </>
          ) : status === 'anonymous' ? (
            <>
              <Link to="/login" className="kh-btn kh-btn-text">
                {t('auth.login')}
              </Link>
              <Link to="/signup" className="kh-btn kh-btn-primary">
                {t('auth.signup')}
              </Link>
              <Link to="/provider-signup" className="kh-btn kh-btn-outline">
                {t('auth.becomeProvider')}
              </Link>
            </>
          ) : null}
          <HijriSwitch label={t('calendar.showHijri')} />
          <LanguageSwitcher label={t('language.label')} />
        </div>
      </div>
    </header>
  );
}
