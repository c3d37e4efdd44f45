import { useState } from 'react';
import { Button, Tag } from 'antd';
import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AUTH_PATHS } from '@khidma/contracts';
import { apiFetch, PageHeader, showToast, useDateFormat, useNavigate, useSession } from '@khidma/web-kit';
import { authErrorKey } from '../../auth/errors';

/** `/profile`: the signed-in user's record as the server has it (the shell guards sign-in). */
export default function Profile() {
  const { t } = useTranslation();
  const { formatDate } = useDateFormat();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const signOut = useSession((s) => s.signOut);
  const [sending, setSending] = useState(false);
  if (!user) return null;

  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  const resend = async () => {
    setSending(true);
    try {
      await apiFetch(AUTH_PATHS.verifyEmailResend, { method: 'POST' });
      showToast('success', t('profile.resent'));
    } catch (failure) {
      showToast('error', t(authErrorKey(failure, 'resendVerification')));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="kh-page kh-profile">
      <PageHeader title={t('profile.title')} subtitle={t('profile.subtitle')} />
      <section className="kh-card kh-profile-card" aria-label={t('profile.details')}>
        <dl>
          <dt>{t('profile.name')}</dt>
          <dd>{name || t('profile.noName')}</dd>
          <dt>{t('profile.email')}</dt>
          <dd>
            <bdi>{user.email}</bdi>{' '}
            {user.emailVerified ? (
              <Tag color="success" icon={<CheckCircleFilled aria-hidden />}>
                {t('profile.verified')}
              </Tag>
            ) : (
              <>
                <Tag color="warning" icon={<ExclamationCircleFilled aria-hidden />}>
                  {t('profile.notVerified')}
                </Tag>
                <Button size="small" onClick={() => void resend()} loading={sending}>
                  {t('profile.resend')}
                </Button>
              </>
            )}
          </dd>
          <dt>{t('profile.role')}</dt>
          <dd>{t(`profile.roles.${user.role}`)}</dd>
          <dt>{t('profile.memberSince')}</dt>
          <dd>{formatDate(user.createdAt, { dateStyle: 'long' })}</dd>
        </dl>
        <Button
          danger
          onClick={() => {
            void signOut();
            navigate('/');
          }}
        >
          {t('profile.signOut')}
        </Button>
      </section>
    </div>
  );
}
