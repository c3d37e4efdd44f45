import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProviderServiceDto, ServiceCategoryDto } from '@khidma/contracts';
import { currentLanguage, formatMoney, formatNumber, showToast, useLoad, isolate, localized } from '@khidma/web-kit';
import { NS } from '../namespace';
import { getCategories, listServices, setServiceActive } from '../api';
import { errorMessage } from '../lib/errors';
import { ServiceStatusBadge } from './Badges';
import { LoadError } from './LoadError';
import { ServiceFormDialog } from './ServiceFormDialog';

const NO_CATEGORIES: ServiceCategoryDto[] = [];

/** The provider's services (spec §3 provider view) with create, edit and (de)activate; every change goes to review. */
export function ServicesSection() {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const { state, reload } = useLoad('services', listServices);
  const { state: categoriesState } = useLoad('categories', getCategories);
  const categories = categoriesState.status === 'ready' ? categoriesState.data : NO_CATEGORIES;
  // undefined: dialog closed; null: creating; a service: editing it.
  const [editing, setEditing] = useState<ProviderServiceDto | null | undefined>(undefined);
  const [busy, setBusy] = useState<string | null>(null);

  const toggle = async (service: ProviderServiceDto) => {
    const activate = service.status === 'inactive';
    setBusy(service.id);
    try {
      await setServiceActive(service.id, activate);
      showToast('success', t(activate ? 'dashboard.services.activated' : 'dashboard.services.deactivated'));
      reload();
    } catch (error) {
      const message = errorMessage(error, activate ? 'dashboard.services.activateFailed' : 'dashboard.services.deactivateFailed');
      showToast('error', t(message.key, message.values));
    } finally {
      setBusy(null);
    }
  };

  const categoryName = (id: number) => {
    const category = categories.find((c) => c.id === id);
    return category ? localized(language, category.name, category.nameAr) : '';
  };

  return (
    <section className="kp-section kp-panel" aria-labelledby="kp-services-heading">
      <div className="kp-section-head">
        <h2 id="kp-services-heading">{t('dashboard.services.title')}</h2>
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setEditing(null)}>
          {t('dashboard.services.add')}
        </Button>
      </div>
      {state.status === 'loading' ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
      {state.status === 'error' ? <LoadError error={state.error} fallbackKey="dashboard.services.loadFailed" onRetry={reload} /> : null}
      {state.status === 'ready' && state.data.length === 0 ? <p className="kp-muted">{t('dashboard.services.empty')}</p> : null}
      {state.status === 'ready' && state.data.length > 0 ? (
        <ul className="kp-services">
          {state.data.map((service) => {
            const title = localized(language, service.title, service.titleAr);
            return (
              <li key={service.id} className="kp-service">
                <div className="kp-service-main">
                  <h3>{title}</h3>
                  <p className="kp-muted">
                    {[
                      categoryName(service.categoryId),
                      t(`priceLabel.${service.priceType}`, { price: formatMoney(service.price, language) }),
                      t('dashboard.services.duration', { minutes: formatNumber(service.duration, language) }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                  <p className="kp-muted">
                    {t('dashboard.services.bookings', { count: formatNumber(service.bookings, language) })}
                    {' · '}
                    {service.rating === null
                      ? t('dashboard.stats.noRating')
                      : t('dashboard.services.rating', { rating: formatNumber(service.rating, language, { maximumFractionDigits: 1 }) })}
                  </p>
                  <p className="kp-service-status">
                    <ServiceStatusBadge status={service.status} />
                    {service.pendingRevision ? <span className="kp-badge kp-service-pending">{t('dashboard.services.changesPending')}</span> : null}
                  </p>
                  {service.status === 'pending' ? <p className="kp-note">{t('dashboard.services.pendingNote')}</p> : null}
                  {service.rejectionReason ? (
                    <p className="kp-note kp-note-error">
                      {t(service.status === 'rejected' ? 'dashboard.services.rejectedReason' : 'dashboard.services.changeRejectedReason', {
                        reason: isolate(service.rejectionReason),
                      })}
                    </p>
                  ) : null}
                </div>
                <Space wrap className="kp-service-actions">
                  <Button onClick={() => setEditing(service)} aria-label={t('dashboard.services.editLabel', { title })}>
                    {t('dashboard.services.edit')}
                  </Button>
                  {service.status === 'active' || service.status === 'inactive' ? (
                    <Button
                      loading={busy === service.id}
                      onClick={() => void toggle(service)}
                      aria-label={t(service.status === 'active' ? 'dashboard.services.deactivateLabel' : 'dashboard.services.activateLabel', { title })}
                    >
                      {t(service.status === 'active' ? 'dashboard.services.deactivate' : 'dashboard.services.activate')}
                    </Button>
                  ) : null}
                </Space>
              </li>
            );
          })}
        </ul>
      ) : null}
      {editing !== undefined ? (
        <ServiceFormDialog
          service={editing}
          categories={categories}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            reload();
          }}
        />
      ) : null}
    </section>
  );
}
