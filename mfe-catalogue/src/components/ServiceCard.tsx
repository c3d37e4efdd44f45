import { useId } from 'react';
import { ClockCircleOutlined, EnvironmentOutlined, SafetyCertificateFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DISPLAY_DEFAULTS, type ServiceCategoryDto, type ServiceSummaryDto } from '@khidma/contracts';
import { currentLanguage, formatMoney, formatNumber, localized, Link, useLocation } from '@khidma/web-kit';
import { NS } from '../namespace';
import { CategoryIcon } from './CategoryIcon';
import { FavouriteButton } from './FavouriteButton';
import { ProviderAvatar } from './ProviderAvatar';
import { Rating } from './Rating';

type CardCategory = Pick<ServiceCategoryDto, 'icon' | 'color'>;

/** Where "Back to services" on the detail page returns: the list with the filters the visitor came from. */
export interface FromState {
  from?: string;
}

/** One service with every card field of spec §2, and the display defaults of spec §3 where data is missing. */
export function ServiceCard({
  service,
  category,
  headingLevel = 3,
  leading = false,
}: {
  service: ServiceSummaryDto;
  category: CardCategory | undefined;
  headingLevel?: 2 | 3;
  /** The list's first card: its photo is the page's largest paint, so it is fetched at once and first. */
  leading?: boolean;
}) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const location = useLocation();
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  const title = localized(language, service.title, service.titleAr);
  const provider = service.provider;
  const providerName = localized(language, provider.name, provider.nameAr) || t('defaults.providerName');
  const place = localized(language, service.location, service.locationAr) || t('defaults.location');
  const verified = provider.verified ?? DISPLAY_DEFAULTS.verified;
  const from: FromState = { from: `${location.pathname}${location.search}` };

  return (
    <article className="kc-card" aria-labelledby={titleId}>
      {service.imageUrl ? (
        // Width and height give the box its 16:9 shape before the image arrives: nothing moves.
        <img
          className="kc-card-photo"
          src={service.imageUrl}
          alt={title}
          width={480}
          height={270}
          loading={leading ? 'eager' : 'lazy'}
          fetchPriority={leading ? 'high' : 'auto'}
          decoding="async"
        />
      ) : null}
      <div className="kc-card-top">
        <CategoryIcon icon={category?.icon} color={category?.color} />
        <Rating value={service.rating ?? DISPLAY_DEFAULTS.serviceRating} />
        {service.reviewCount > 0 ? (
          <span className="kc-muted kc-card-reviews">{t('detail.reviews', { reviews: formatNumber(service.reviewCount, language) })}</span>
        ) : null}
        <span className="kc-price">
          {formatMoney(service.price, language)}
          <span className="kc-price-unit">/{t(`priceType.${service.priceType}`)}</span>
        </span>
      </div>
      <Heading id={titleId} className="kc-card-title">
        {title}
      </Heading>
      <p className="kc-card-desc">{localized(language, service.description, service.descriptionAr)}</p>
      <ul className="kc-meta">
        <li>
          <ClockCircleOutlined aria-hidden="true" />{' '}
          {t('card.duration', { minutes: formatNumber(service.duration || DISPLAY_DEFAULTS.durationMinutes, language) })}
        </li>
        <li>
          <EnvironmentOutlined aria-hidden="true" /> {place}
        </li>
      </ul>
      <div className="kc-provider-line">
        <ProviderAvatar name={providerName} src={provider.avatar} />
        <div>
          <p className="kc-provider-name">
            {providerName}
            {verified ? (
              <SafetyCertificateFilled className="kc-verified" role="img" aria-label={t('card.verified')} />
            ) : null}
          </p>
          <p className="kc-muted">
            {t('card.jobs', { jobs: formatNumber(provider.completedJobs ?? DISPLAY_DEFAULTS.completedJobs, language) })}
          </p>
        </div>
      </div>
      <div className="kc-actions">
        <Link to={`/service/${encodeURIComponent(service.id)}`} state={from} className="kc-btn kc-btn-outline">
          {t('card.details')}
          <span className="kh-visually-hidden">: {title}</span>
        </Link>
        <Link to={`/booking?service=${encodeURIComponent(service.id)}`} className="kc-btn kc-btn-primary">
          {t('card.book')}
          <span className="kh-visually-hidden">: {title}</span>
        </Link>
        <FavouriteButton kind="service" id={service.id} name={title} />
      </div>
    </article>
  );
}
