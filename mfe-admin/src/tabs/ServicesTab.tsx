import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { SERVICE_STATUSES, type AdminServiceRowDto, type PagedResponse } from '@khidma/contracts';
import { currentLanguage, formatMoney, localized } from '@khidma/web-kit';
import { NS } from '../namespace';
import { servicesPath } from '../api';
import { PagedList } from '../components/PagedList';
import { StatusBadge } from '../components/StatusBadge';

/** Services: the title in the page's language, provider, price and status, searchable and paged. */
export default function ServicesTab() {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const columns = (): TableColumnsType<AdminServiceRowDto> => [
    {
      key: 'title',
      title: t('services.title'),
      render: (_, row) => (
        <span className="ka-person-name">{localized(language, row.title, row.titleAr)}</span>
      ),
    },
    { key: 'provider', title: t('services.provider'), dataIndex: 'providerName' },
    {
      key: 'price',
      title: t('services.price'),
      render: (_, row) =>
        t(`priceTypes.${row.priceType}`, { price: formatMoney(row.price, language) }),
    },
    {
      key: 'status',
      title: t('services.status'),
      render: (_, row) => (
        <StatusBadge status={row.status} label={t(`serviceStatuses.${row.status}`)} />
      ),
    },
  ];
  return (
    <PagedList<PagedResponse<AdminServiceRowDto>, AdminServiceRowDto>
      label={t('tabs.services')}
      pathFor={servicesPath}
      pageOf={(answer) => ({ rows: answer.items, total: answer.total })}
      columns={columns}
      statusFilter={{
        options: SERVICE_STATUSES,
        label: (status) => t(`serviceStatuses.${status}`),
      }}
    />
  );
}
