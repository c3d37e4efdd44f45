import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession, Link, useNavigate } from '@khidma/web-kit';

/**
 * Signed-in menu of spec §2: links depend on the role; Logout returns to the landing page.
 * Each item's key is its path and the menu navigates by key, so the whole row is the target (a click on the
 * row's padding, or Enter on it, used to do nothing: only the text's link navigated). The link stays in the
 * label for its href (open in a new tab, the link role); when it handled the click itself, the menu leaves it.
 * The menu opens inside the sticky header, so it scrolls with its button: placed on the page, it drifted
 * with a scroll until realigned a frame later, and a click landing in between (mouse down on "Logout",
 * up on the button) did nothing.
 */
export default function AccountMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const signOut = useSession((s) => s.signOut);
  if (!user) return null;

  const link = (to: string, key: string) => ({ key: to, label: <Link to={to}>{t(key)}</Link> });
  const roleLink =
    user.role === 'provider'
      ? link('/provider-dashboard', 'account.providerDashboard')
      : user.role === 'admin'
        ? link('/admin', 'account.adminPanel')
        : link('/provider-signup', 'auth.becomeProvider');
  const items: MenuProps['items'] = [
    link('/profile', 'account.profile'),
    link('/my-bookings', 'account.myBookings'),
    link('/favourites', 'account.favourites'),
    link('/messages', 'account.messages'),
    roleLink,
    { type: 'divider' },
    {
      key: 'logout',
      label: t('account.logout'),
      onClick: () => {
        void signOut();
        navigate('/');
      },
    },
  ];
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  return (
    <Dropdown
      menu={{
        items,
        onClick: ({ key, domEvent }) => {
          if (key.startsWith('/') && !domEvent.isDefaultPrevented()) navigate(key);
        },
      }}
      trigger={['click']}
      getPopupContainer={(button) => button.closest('header') ?? document.body}
    >
      <Button aria-label={t('account.menu', { name })} className="kh-account-button">
        {name}
        {user.role === 'admin' ? ` · ${t('account.adminBadge')}` : ''}
      </Button>
    </Dropdown>
  );
}
