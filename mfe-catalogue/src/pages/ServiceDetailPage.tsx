import { useMemo } from 'react';
import { ArrowLeftOutlined, CalendarOutlined, CheckCircleFilled, ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DETAIL_PRICE_SPREAD, DISPLAY_DEFAULTS, type ServiceDetailDto } from '@khidma/contracts';
import { ApiError, currentLanguage, formatMoney, formatNumber, useApi, localized, Link, useLocation, useParams, usePageMeta } from '@khidma/web-kit';
import { NS } from '../namespace';
import { FavouriteButton } from '../components/FavouriteButton';
import { Gallery } from '../components/Gallery';
import { ProviderCard } from '../components/ProviderCard';
import { Rating } from '../components/Rating';
import { Reviews } from '../components/Reviews';
import { ServiceCard, type FromState } from '../components/ServiceCard';
import { ErrorState, LinesSkeleton, loadErrorKey } from '../components/States';
import { Tabs } from '../components/Tabs';
import { availabilityOn, type Availability } from '../lib/availability';
import { pickList } from '../lib/localize';
import '../catalogue.css';

/** Plain markup only: the shell mounts this page without antd (see ServicesPage). */
export const usesAntd = false;

function AvailabilityBadge({ availability }: { availability: Availability }) {
  const { t } = useTranslation(NS);
  switch (availability.kind) {
    case 'today':
      return <span className="kc-badge kc-badge-ok">{t('availability.today', { until: availability.until })}</span>;
    case 'tomorrow':
      return <span className="kc-badge">{t('availability.tomorrow', { from: availability.from })}</span>;
    case 'next':
      return <span className="kc-badge">{t('availability.next', { day: t(`days.${availability.day}`), from: availability.from })}</span>;
    default:
      return <span className="kc-badge kc-badge-muted">{t('availability.none')}</span>;
  }
}

function QuickStats({ service }: { service: ServiceDetailDto }) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  // Spec §9: the detail page shows a price range of the price ± DETAIL_PRICE_SPREAD (never below zero).
  const low = formatMoney(Math.max(0, service.price - DETAIL_PRICE_SPREAD), language);
  const high = formatMoney(service.price + DETAIL_PRICE_SPREAD, language);
  return (
    <section className="kc-panel" aria-labelledby="kc-stats">
      <h2 id="kc-stats" className="kc-panel-title">
        {t('detail.quickStats')}
      </h2>
      <dl className="kc-facts">
        <div>
          <dt>{t('detail.priceRange')}</dt>
          <dd>{t('price.between', { min: low, max: high })}</dd>
        </div>
        <div>
          <dt>{t('detail.duration')}</dt>
          <dd>{t('card.duration', { minutes: formatNumber(service.duration || DISPLAY_DEFAULTS.durationMinutes, language) })}</dd>
        </div>
        <div>
          <dt>{t('detail.category')}</dt>
          <dd>{localized(language, service.category.name, service.category.nameAr) || t('defaults.categoryName')}</dd>
        </div>
        <div>
          <dt>{t('detail.location')}</dt>
          <dd>{localized(language, service.location, service.locationAr) || t('defaults.location')}</dd>
        </div>
      </dl>
    </section>
  );
}

function ServiceDetail({ service }: { service: ServiceDetailDto }) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const title = localized(language, service.title, service.titleAr);
  usePageMeta(title, localized(language, service.description, service.descriptionAr));
  const features = pickList(language, service.features, service.featuresAr);
  // Read once per service: the badge describes the moment the page was opened.
  const availability = useMemo(() => availabilityOn(service.provider.weeklyAvailability, new Date()), [service]);
  const images = service.images.length > 0 ? service.images : service.imageUrl ? [service.imageUrl] : [];

  return (
    <>
      <div className="kc-detail-layout">
        <div className="kc-detail-main">
          <Gallery images={images} title={title} icon={service.category.icon} color={service.category.color} />
          <header className="kc-detail-header">
            <div className="kc-title-row">
              <p className="kc-detail-rating">
                <Rating value={service.rating} />{' '}
                <span className="kc-muted">{t('detail.reviews', { reviews: formatNumber(service.reviewCount, language) })}</span>
              </p>
              <FavouriteButton kind="service" id={service.id} name={title} className="kc-heart-end" />
            </div>
            <h1>{title}</h1>
            <ul className="kc-meta kc-meta-lg">
              <li>
                <ClockCircleOutlined aria-hidden="true" />{' '}
                {t('card.duration', { minutes: formatNumber(service.duration || DISPLAY_DEFAULTS.durationMinutes, language) })}
              </li>
              <li className="kc-price">
                {formatMoney(service.price, language)}
                <span className="kc-price-unit">/{t(`priceType.${service.priceType}`)}</span>
              </li>
              <li>
                <CalendarOutlined aria-hidden="true" /> <AvailabilityBadge availability={availability} />
              </li>
            </ul>
          </header>
          <Tabs
            items={[
              {
                key: 'description',
                label: t('detail.tabs.description'),
                children: <p className="kc-prose">{localized(language, service.description, service.descriptionAr)}</p>,
              },
              {
                key: 'features',
                label: t('detail.tabs.features'),
                children:
                  features.length > 0 ? (
                    <ul className="kc-features">
                      {features.map((feature) => (
                        <li key={feature}>
                          <CheckCircleFilled aria-hidden="true" className="kc-check" /> {feature}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="kc-muted">{t('detail.noFeatures')}</p>
                  ),
              },
              {
                key: 'reviews',
                label: t('detail.tabs.reviews', { reviews: formatNumber(service.reviewCount, language) }),
                children: <Reviews serviceId={service.id} />,
              },
            ]}
          />
        </div>
        <aside className="kc-detail-side" aria-label={t('detail.aside')}>
          <ProviderCard service={service} />
          <QuickStats service={service} />
        </aside>
      </div>
      {service.similar.length > 0 ? (
        <section className="kc-similar" aria-labelledby="kc-similar">
          <h2 id="kc-similar">{t('detail.similar')}</h2>
          <div className="kc-grid">
            {service.similar.map((similar) => (
              <ServiceCard key={similar.id} service={similar} category={service.category} />
            ))}
          </div>
        </section>
      ) : null}
    </>
  );
}

/** Route /service/:idOrSlug: one service from GET /api/services/{id or slug}. */
export default function ServiceDetailPage() {
  const { t } = useTranslation(NS);
  const { idOrSlug = '' } = useParams();
  const location = useLocation();
  const backTo = (location.state as FromState | null)?.from ?? '/services';
  const { state, reload } = useApi<ServiceDetailDto>(`/services/${encodeURIComponent(idOrSlug)}`);

  let body;
  if (state.status === 'loading') {
    body = (
      <div role="status" aria-label={t('states.loading')} className="kc-detail-loading">
        <span className="kc-skeleton-image" aria-hidden="true" />
        <LinesSkeleton rows={6} />
      </div>
    );
  } else if (state.status === 'error') {
    body =
      state.error instanceof ApiError && state.error.status === 404 ? (
        <div className="kc-state">
          <h1>{t('detail.notFoundTitle')}</h1>
          <p>{t('detail.notFoundText')}</p>
          <Link to="/services" className="kc-btn kc-btn-primary">
            {t('detail.browse')}
          </Link>
        </div>
      ) : (
        <ErrorState title={<h1>{t('detail.errorTitle')}</h1>} message={t(loadErrorKey(state.error))} onRetry={reload} />
      );
  } else {
    body = <ServiceDetail service={state.data} />;
  }

  return (
    <div className="kh-page kc-detail">
      <Link to={backTo} className="kc-back">
        <ArrowLeftOutlined aria-hidden="true" className="kc-flip" /> {t('detail.back')}
      </Link>
      {body}
    </div>
  );
}
