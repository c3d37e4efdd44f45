import type { ReactNode } from 'react';
import {
  CalendarOutlined,
  CheckCircleOutlined,
  DollarOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AdminStatsDto, AdminUsersResponse } from '@khidma/contracts';
import { currentLanguage, formatMoney, formatNumber, Link, useApi, useDateFormat } from '@khidma/web-kit';
import { NS } from '../namespace';
import { recentUsersPath, statsPath } from '../api';
import { displayName } from '../lib/people';
import { EmptyState, ErrorState, LoadingBlock } from '../components/States';
import { StatusBadge } from '../components/StatusBadge';
import { ActivityCharts } from '../components/ActivityCharts';

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="ka-stat">
      <span className="ka-stat-icon" aria-hidden="true">
        {icon}
      </span>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function Stats({ stats }: { stats: AdminStatsDto }) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  return (
    <dl className="ka-stats" aria-label={t('dashboard.statsLabel')}>
      <Stat
        icon={<TeamOutlined />}
        label={t('dashboard.totalUsers')}
        value={formatNumber(stats.totalUsers, language)}
      />
      <Stat
        icon={<CheckCircleOutlined />}
        label={t('dashboard.activeProviders')}
        value={formatNumber(stats.activeProviders, language)}
      />
      <Stat
        icon={<CalendarOutlined />}
        label={t('dashboard.completedBookings')}
        value={formatNumber(stats.completedBookings, language)}
      />
      <Stat
        icon={<DollarOutlined />}
        label={t('dashboard.revenue')}
        value={formatMoney(Number(stats.revenue), language)}
      />
    </dl>
  );
}

/** Spec §2: the newest accounts, ADMIN_RECENT_USERS of them (spec §9: 5). */
function RecentUsers() {
  const { t } = useTranslation(NS);
  const { formatDate } = useDateFormat();
  const { state, reload } = useApi<AdminUsersResponse>(recentUsersPath);
  let body;
  if (state.status === 'loading') body = <LoadingBlock rows={5} />;
  else if (state.status === 'error') body = <ErrorState onRetry={reload} />;
  else if (state.data.users.length === 0) body = <EmptyState>{t('states.empty')}</EmptyState>;
  else
    body = (
      <ul className="ka-people">
        {state.data.users.map((user) => (
          <li key={user.id}>
            <span className="ka-avatar" aria-hidden="true">
              {displayName(user).slice(0, 1).toUpperCase()}
            </span>
            <span className="ka-person">
              <span className="ka-person-name">{displayName(user)}</span>
              <span className="ka-muted">{user.email}</span>
            </span>
            <StatusBadge status={user.role} label={t(`roles.${user.role}`)} />
            <time className="ka-muted" dateTime={user.createdAt}>
              {formatDate(user.createdAt)}
            </time>
          </li>
        ))}
      </ul>
    );
  return (
    <section className="ka-card" aria-labelledby="ka-recent-users">
      <header className="ka-card-header">
        <h2 id="ka-recent-users">{t('dashboard.recentUsers')}</h2>
        <Link to="?tab=users">{t('dashboard.seeAllUsers')}</Link>
      </header>
      {body}
    </section>
  );
}

/** The dashboard tab: the four figures of spec §3, the last 30 days as charts, and the newest users. */
export default function DashboardTab() {
  const { state, reload } = useApi<AdminStatsDto>(statsPath);
  return (
    <div className="ka-dashboard">
      {state.status === 'loading' ? <LoadingBlock rows={2} /> : null}
      {state.status === 'error' ? <ErrorState onRetry={reload} /> : null}
      {state.status === 'ready' ? (
        <>
          <Stats stats={state.data} />
          <ActivityCharts series={state.data.series} />
        </>
      ) : null}
      <RecentUsers />
    </div>
  );
}
