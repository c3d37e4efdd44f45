import { CalendarOutlined, DollarOutlined, StarOutlined, AppstoreOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, formatMoney, formatNumber, useLoad } from '@khidma/web-kit';
import { NS } from '../namespace';
import { getStats } from '../api';
import { LoadError } from './LoadError';

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <li className="kp-stat">
      <span className="kp-stat-icon" aria-hidden="true">
        {icon}
      </span>
      <span className="kp-stat-label">{label}</span>
      <span className="kp-stat-value">{value}</span>
    </li>
  );
}

/** Spec §3 provider stats as four cards. */
export function StatsCards() {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const { state, reload } = useLoad('stats', getStats);
  return (
    <section className="kp-section" aria-labelledby="kp-stats-heading">
      <h2 id="kp-stats-heading" className="kh-visually-hidden">
        {t('dashboard.stats.title')}
      </h2>
      {state.status === 'loading' ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
      {state.status === 'error' ? <LoadError error={state.error} fallbackKey="dashboard.stats.failed" onRetry={reload} /> : null}
      {state.status === 'ready' ? (
        <ul className="kp-stats">
          <Stat icon={<CalendarOutlined />} label={t('dashboard.stats.totalBookings')} value={formatNumber(state.data.totalBookings, language)} />
          <Stat icon={<DollarOutlined />} label={t('dashboard.stats.totalEarnings')} value={formatMoney(Number(state.data.totalEarnings), language)} />
          <Stat
            icon={<StarOutlined />}
            label={t('dashboard.stats.averageRating')}
            value={
              state.data.averageRating === null
                ? t('dashboard.stats.noRating')
                : formatNumber(state.data.averageRating, language, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
            }
          />
          <Stat icon={<AppstoreOutlined />} label={t('dashboard.stats.activeServices')} value={formatNumber(state.data.activeServices, language)} />
        </ul>
      ) : null}
    </section>
  );
}
