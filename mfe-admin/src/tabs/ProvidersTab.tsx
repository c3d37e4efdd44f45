import { SafetyCertificateFilled, StarFilled } from '@ant-design/icons';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PROVIDER_STATUSES, type AdminProviderRowDto, type PagedResponse } from '@khidma/contracts';
import { currentLanguage, formatNumber, localized } from '@khidma/web-kit';
import { NS } from '../namespace';
import { providersPath } from '../api';
import { PagedList } from '../components/PagedList';
import { StatusBadge } from '../components/StatusBadge';

/** Providers: business, city, status, rating and completed jobs, searchable, filtered by status and paged. */
export default function ProvidersTab() {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const columns = (): TableColumnsType<AdminProviderRowDto> => [
    {
      key: 'business',
      title: t('providers.business'),
      render: (_, row) => (
        <span className="ka-person-name">
          {localized(language, row.businessName, row.businessNameAr)}
          {row.verified ? (
            <SafetyCertificateFilled
              className="ka-verified"
              role="img"
              aria-label={t('providers.verified')}
              title={t('providers.verified')}
            />
          ) : null}
        </span>
      ),
    },
    {
      key: 'city',
      title: t('providers.city'),
      render: (_, row) => localized(language, row.city, row.cityAr),
    },
    {
      key: 'status',
      title: t('providers.status'),
      render: (_, row) => (
        <StatusBadge status={row.status} label={t(`providerStatuses.${row.status}`)} />
      ),
    },
    {
      key: 'rating',
      title: t('providers.rating'),
      render: (_, row) =>
        row.rating === null ? (
          <span className="ka-muted">{t('providers.noRating')}</span>
        ) : (
          <span className="ka-rating">
            <StarFilled aria-hidden="true" className="ka-star" />{' '}
            {formatNumber(row.rating, language, {
              minimumFractionDigits: 1,
              maximumFractionDigits: 1,
            })}
          </span>
        ),
    },
    {
      key: 'jobs',
      title: t('providers.jobs'),
      render: (_, row) => formatNumber(row.completedJobs, language),
    },
  ];
  return (
    <PagedList<PagedResponse<AdminProviderRowDto>, AdminProviderRowDto>
      label={t('tabs.providers')}
      pathFor={providersPath}
      pageOf={(answer) => ({ rows: answer.items, total: answer.total })}
      columns={columns}
      statusFilter={{
        options: PROVIDER_STATUSES,
        label: (status) => t(`providerStatuses.${status}`),
      }}
    />
  );
}
