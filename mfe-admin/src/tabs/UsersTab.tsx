import { useState } from 'react';
import { Button, Modal, Select, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROLES, type AdminUsersResponse, type Role, type UserDto } from '@khidma/contracts';
import { isolate, showToast, useDateFormat, type Loaded } from '@khidma/web-kit';
import { NS } from '../namespace';
import { updateUser, usersPath } from '../api';
import { serverMessage } from '../lib/errors';
import { displayName } from '../lib/people';
import { PagedList } from '../components/PagedList';
import { StatusBadge } from '../components/StatusBadge';
import { CreditDialog } from '../components/CreditDialog';

type Change = { role: Role } | { isActive: boolean };

/**
 * Users: search, role and activation (PATCH /api/admin/users/:id). The admin's own row is locked:
 * the server refuses a self-demotion or self-deactivation too, and its message is shown if it does.
 */
export default function UsersTab({ me }: { me: UserDto }) {
  const { t } = useTranslation(NS);
  const { formatDate } = useDateFormat();
  const [modal, contextHolder] = Modal.useModal();
  const [saving, setSaving] = useState<string | null>(null);
  const [creditOf, setCreditOf] = useState<UserDto | null>(null);

  const apply = async (list: Loaded<AdminUsersResponse>, user: UserDto, change: Change) => {
    setSaving(user.id);
    try {
      const { user: saved } = await updateUser(user.id, change);
      list.update((data) => ({
        ...data,
        users: data.users.map((u) => (u.id === saved.id ? saved : u)),
      }));
      const name = isolate(displayName(saved));
      showToast(
        'success',
        'role' in change
          ? t('users.roleChanged', { name, role: t(`roles.${saved.role}`) })
          : t(saved.isActive ? 'users.activated' : 'users.deactivated', { name }),
      );
    } catch (error) {
      showToast(
        'error',
        `${t('pending.errorTitle')}: ${serverMessage(error, t('users.updateFailed'), t)}`,
      );
    } finally {
      setSaving(null);
    }
  };

  const confirmActivation = (list: Loaded<AdminUsersResponse>, user: UserDto) => {
    const activate = !user.isActive;
    const name = isolate(displayName(user));
    void modal.confirm({
      title: t(activate ? 'users.activateTitle' : 'users.deactivateTitle', { name }),
      content: t(activate ? 'users.activateText' : 'users.deactivateText'),
      okText: t('users.confirm'),
      cancelText: t('users.cancel'),
      okButtonProps: { danger: !activate },
      onOk: () => apply(list, user, { isActive: activate }),
    });
  };

  const columns = (list: Loaded<AdminUsersResponse>): TableColumnsType<UserDto> => [
    {
      key: 'name',
      title: t('users.name'),
      render: (_, user) => (
        <span className="ka-person">
          <span className="ka-person-name">
            {displayName(user)}
            {user.id === me.id ? <span className="ka-you"> · {t('users.you')}</span> : null}
          </span>
          <span className="ka-muted">{user.email}</span>
        </span>
      ),
    },
    {
      key: 'role',
      title: t('users.role'),
      render: (_, user) => {
        const self = user.id === me.id;
        return (
          <Select<Role>
            aria-label={t('users.roleOf', { name: displayName(user) })}
            className="ka-role-select"
            value={user.role}
            disabled={self || saving === user.id}
            title={self ? t('users.selfLocked') : undefined}
            onChange={(role) => void apply(list, user, { role })}
            options={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          />
        );
      },
    },
    {
      key: 'status',
      title: t('users.status'),
      render: (_, user) => (
        <StatusBadge
          status={user.isActive ? 'active' : 'inactive'}
          label={t(user.isActive ? 'users.active' : 'users.inactive')}
        />
      ),
    },
    {
      key: 'joined',
      title: t('users.joined'),
      render: (_, user) => (
        <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
      ),
    },
    {
      key: 'actions',
      title: t('users.actions'),
      render: (_, user) => (
        <span className="ka-row-actions">
          {user.id === me.id ? (
            <span className="ka-muted ka-small">{t('users.selfLocked')}</span>
          ) : (
            <Button
              danger={user.isActive}
              loading={saving === user.id}
              onClick={() => confirmActivation(list, user)}
              aria-label={`${t(user.isActive ? 'users.deactivate' : 'users.activate')}: ${displayName(user)}`}
            >
              {t(user.isActive ? 'users.deactivate' : 'users.activate')}
            </Button>
          )}
          {/* Credit is spent at checkout, so only clients have it. */}
          {user.role === 'client' ? (
            <Button onClick={() => setCreditOf(user)} aria-label={t('users.creditOf', { name: displayName(user) })}>
              {t('users.credit')}
            </Button>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <>
      <PagedList<AdminUsersResponse, UserDto>
        label={t('tabs.users')}
        pathFor={usersPath}
        pageOf={(answer) => ({ rows: answer.users, total: answer.total })}
        columns={columns}
      />
      {contextHolder}
      <CreditDialog user={creditOf} onClose={() => setCreditOf(null)} />
    </>
  );
}
