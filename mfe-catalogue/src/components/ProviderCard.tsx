import { MessageOutlined, PhoneOutlined, SafetyCertificateFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { WEEK_DAYS, type ServiceDetailDto } from '@khidma/contracts';
import { currentLanguage, formatDate, formatNumber, localized, Link } from '@khidma/web-kit';
import { NS } from '../namespace';
import { FavouriteButton } from './FavouriteButton';
import { ProviderAvatar } from './ProviderAvatar';
import { Rating } from './Rating';

/** Who provides the service, how to reach them and when they work (spec §2 provider card). */
export function ProviderCard({ service }: { service: ServiceDetailDto }) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const { provider } = service;
  const name = localized(language, provider.name, provider.nameAr) || t('defaults.providerName');
  // Call is offered only when the provider gave a number.
  const phone = provider.phone?.trim() || undefined;
  const response =
    provider.responseTimeMinutes >= 60
      ? t('provider.responseHours', { hours: formatNumber(Math.round(provider.responseTimeMinutes / 60), language) })
      : t('provider.responseMinutes', { minutes: formatNumber(provider.responseTimeMinutes, language) });

  return (
    <section className="kc-panel kc-provider" aria-labelledby="kc-provider-name">
      <div className="kc-provider-head">
        <ProviderAvatar name={name} src={provider.avatar} size={56} />
        <div>
          <h2 id="kc-provider-name" className="kc-provider-title">
            {name}
            {provider.verified ? (
              <SafetyCertificateFilled className="kc-verified" role="img" aria-label={t('card.verified')} />
            ) : null}
          </h2>
          <Rating value={provider.rating} />
        </div>
        <FavouriteButton kind="provider" id={provider.id} name={name} className="kc-heart-end" />
      </div>
      {provider.bio ? <p className="kc-muted">{localized(language, provider.bio, provider.bioAr)}</p> : null}
      <dl className="kc-facts">
        <div>
          <dt>{t('provider.completed')}</dt>
          <dd>{formatNumber(provider.completedJobs, language)}</dd>
        </div>
        <div>
          <dt>{t('provider.disputes')}</dt>
          {/* Plain counts beside the rating, never folded into it (docs/disputes.md). */}
          <dd>
            {provider.disputes.resolved
              ? t('provider.disputesResolved', { resolved: formatNumber(provider.disputes.resolved, language), refunded: formatNumber(provider.disputes.refunded, language) })
              : t('provider.noDisputes')}
          </dd>
        </div>
        <div>
          <dt>{t('provider.response')}</dt>
          <dd>{response}</dd>
        </div>
        <div>
          <dt>{t('provider.languages')}</dt>
          <dd>{provider.languages.map((l) => t(`languageNames.${l}`, { defaultValue: l })).join(t('listSeparator'))}</dd>
        </div>
        <div>
          <dt>{t('provider.memberSince')}</dt>
          <dd>{formatDate(provider.joinedAt, language, { month: 'long', year: 'numeric' })}</dd>
        </div>
        {provider.city ? (
          <div>
            <dt>{t('provider.city')}</dt>
            <dd>{localized(language, provider.city, provider.cityAr)}</dd>
          </div>
        ) : null}
      </dl>
      <h3 className="kc-subheading">{t('provider.hours')}</h3>
      <table className="kc-hours">
        <caption className="kh-visually-hidden">{t('provider.hours')}</caption>
        <tbody>
          {WEEK_DAYS.map((day) => {
            const hours = provider.weeklyAvailability[day];
            return (
              <tr key={day}>
                <th scope="row">{t(`days.${day}`)}</th>
                <td>{hours ? <bdi dir="ltr">{`${hours[0]}–${hours[1]}`}</bdi> : t('provider.closed')}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="kc-actions kc-actions-stack">
        <Link to={`/chat?provider=${encodeURIComponent(provider.id)}`} className="kc-btn kc-btn-outline">
          <MessageOutlined aria-hidden="true" /> {t('provider.chat')}
        </Link>
        {phone ? (
          <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="kc-btn kc-btn-outline">
            <PhoneOutlined aria-hidden="true" /> {t('provider.call')}
          </a>
        ) : null}
        <Link to={`/booking?service=${encodeURIComponent(service.id)}`} className="kc-btn kc-btn-primary">
          {t('card.book')}
        </Link>
      </div>
    </section>
  );
}
