import { Suspense, lazy, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HijriSwitch, LanguageSwitcher, useSession, WithAntd, Link, NavLink, useLocation } from '@khidma/web-kit';
import { useDismiss } from './useDismiss';

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

const MENU_ID = 'kh-header-menu';

/**
 * One row on wide screens. On narrow ones the links and actions fold behind a menu button, so the
 * header stays one row high whether or not the session is known yet (no layout shift when the
 * sign-in buttons arrive) and the page starts right under it.
 */
export function Header() {
  const { t } = useTranslation();
  const status = useSession((s) => s.status);
  const { pathname } = useLocation();
  // The page the menu was opened on: a new page closes it, as a full page load would.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const closeMenu = useCallback(() => setMenuOpenOn(null), []);
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useDismiss(menuOpen, closeMenu, { root: headerRef, toggle: toggleRef });

  return (
    <header ref={headerRef} className="kh-header" data-menu={menuOpen ? 'open' : 'closed'}>
      <div className="kh-header-inner">
        <Link to="/" className="kh-brand">
          <span className="kh-brand-mark" aria-hidden="true">
            خ
          </span>
          {t('brand.name')}
        </Link>
        {status === 'authenticated' && (
          // Apart, and outside the folding menu: new messages and notifications show on every screen.
          <div className="kh-header-quick">
            <Suspense fallback={null}>
              <MessagesLink />
            </Suspense>
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
          </div>
        )}
        <button
          ref={toggleRef}
          type="button"
          className="kh-menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          aria-label={t('nav.menu')}
          onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
        >
          <span aria-hidden="true" />
        </button>
        <div id={MENU_ID} className="kh-header-menu">
          <nav aria-label={t('nav.label')} className="kh-nav">
            {NAV.map((item) => (
              <NavLink key={item.to} to={item.to} end={item.end} onClick={closeMenu}>
                {t(item.key)}
              </NavLink>
            ))}
          </nav>
          <div className="kh-header-actions">
            {status === 'authenticated' ? (
              <Suspense fallback={null}>
                <WithAntd>
                  <AccountMenu />
                </WithAntd>
              </Suspense>
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
      </div>
    </header>
  );
}
