import { useId, useState } from 'react';
import { CheckCircleFilled, ClockCircleOutlined, DeleteOutlined, HeartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FavouriteKind, FavouriteProviderDto, FavouritesResponse, FavouriteServiceDto } from '@khidma/contracts';
import { ApiError, PageHeader, Spinner, currentLanguage, formatMoney, localized, Link, showToast, useLoad, useSession } from '@khidma/web-kit';
import { NS } from '../namespace';
import { ErrorState, loadErrorKey } from '../components/States';
import { ProviderAvatar } from '../components/ProviderAvatar';
import { Rating } from '../components/Rating';
import { getFavourites, rememberFavourites, setFavourite } from '../lib/favourites';
import '../catalogue.css';

/** Plain markup only: the shell mounts this page without antd (see ServicesPage). */
export const usesAntd = false;

/** "Free time this week" or not, as the server computed it with the booking rules (the gap spaces the icon). */
function WeekBadge({ available }: { available: boolean }) {
  const { t } = useTranslation(NS);
  return available ? (
    <span className="kc-week kc-week-yes">
      <CheckCircleFilled aria-hidden="true" />
      {t('favourites.availableThisWeek')}
    </span>
  ) : (
    <span className="kc-week kc-week-no">
      <ClockCircleOutlined aria-hidden="true" />
      {t('favourites.notThisWeek')}
    </span>
  );
}

function RemoveButton({ name, onRemove, busy }: { name: string; onRemove: () => void; busy: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <button type="button" className="kc-btn kc-btn-outline kc-btn-remove" onClick={onRemove} disabled={busy} aria-label={t('favourites.removeOf', { name })}>
      <DeleteOutlined aria-hidden="true" /> {t('favourites.remove')}
    </button>
  );
}

function SavedService({ favourite, onRemove, busy }: { favourite: FavouriteServiceDto; onRemove: () => void; busy: boolean }) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const titleId = useId();
  const { service } = favourite;
  const title = localized(language, service.title, service.titleAr);
  const providerName = localized(language, service.provider.name, service.provider.nameAr) || t('defaults.providerName');
  return (
    <article className="kc-card kc-fav" aria-labelledby={titleId}>
      {service.imageUrl ? <img className="kc-card-photo" src={service.imageUrl} alt="" width={480} height={270} loading="lazy" decoding="async" /> : null}
      <div className="kc-card-top">
        <Rating value={service.rating} />
        <span className="kc-price">
          {formatMoney(service.price, language)}
          <span className="kc-price-unit">/{t(`priceType.${service.priceType}`)}</span>
        </span>
      </div>
      <h3 id={titleId} className="kc-card-title">
        <Link to={`/service/${encodeURIComponent(service.id)}`}>{title}</Link>
      </h3>
      <p className="kc-muted">{providerName}</p>
      <WeekBadge available={favourite.availableThisWeek} />
      <div className="kc-actions">
        <Link to={`/booking?service=${encodeURIComponent(service.id)}`} className="kc-btn kc-btn-primary">
          {t('card.book')}
          <span className="kh-visually-hidden">: {title}</span>
        </Link>
        <RemoveButton name={title} onRemove={onRemove} busy={busy} />
      </div>
    </article>
  );
}

function SavedProvider({ favourite, onRemove, busy }: { favourite: FavouriteProviderDto; onRemove: () => void; busy: boolean }) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const titleId = useId();
  const { provider } = favourite;
  const name = localized(language, provider.name, provider.nameAr) || t('defaults.providerName');
  return (
    <article className="kc-card kc-fav" aria-labelledby={titleId}>
      <div className="kc-provider-head">
        <ProviderAvatar name={name} src={provider.avatar} size={48} />
        <div>
          <h3 id={titleId} className="kc-card-title">
            {name}
          </h3>
          <Rating value={provider.rating} /> {provider.city ? <span className="kc-muted">· {localized(language, provider.city, provider.cityAr)}</span> : null}
        </div>
      </div>
      <WeekBadge available={favourite.availableThisWeek} />
      <ul className="kc-fav-services" aria-label={t('favourites.servicesOf', { name })}>
        {favourite.services.map((service) => (
          <li key={service.id}>
            <Link to={`/service/${encodeURIComponent(service.id)}`}>{localized(language, service.title, service.titleAr)}</Link>{' '}
            <span className="kc-muted">
              {formatMoney(service.price, language)}/{t(`priceType.${service.priceType}`)}
            </span>
          </li>
        ))}
      </ul>
      <div className="kc-actions">
        <RemoveButton name={name} onRemove={onRemove} busy={busy} />
      </div>
    </article>
  );
}

/** Route /favourites: the signed-in user's saved services and providers, each with "free this week". */
export default function FavouritesPage() {
  const { t } = useTranslation(NS);
  const status = useSession((s) => s.status);
  const userId = useSession((s) => s.user?.id ?? null);
  // Removed on this visit: gone from the page at once, without reloading the list.
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [removing, setRemoving] = useState<ReadonlySet<string>>(new Set());
  const { state, reload } = useLoad<FavouritesResponse>(userId, async (signal) => {
    const answer = await getFavourites(signal);
    rememberFavourites(userId!, answer);
    return answer;
  });

  const remove = (kind: FavouriteKind, id: string, name: string) => {
    const key = `${kind} ${id}`;
    setRemoving((s) => new Set(s).add(key));
    setFavourite(kind, id, false).then(
      () => {
        setRemoved((s) => new Set(s).add(key));
        showToast('success', t('favourites.removed', { name }));
      },
      (error: unknown) => showToast('error', t(error instanceof ApiError && error.status === 401 ? 'favourites.signIn' : 'favourites.failed')),
    ).finally(() =>
      setRemoving((s) => {
        const next = new Set(s);
        next.delete(key);
        return next;
      }),
    );
  };

  let body;
  if (status === 'anonymous') {
    body = (
      <div className="kc-state">
        <p>{t('favourites.signIn')}</p>
        <Link to={`/login?redirect=${encodeURIComponent('/favourites')}`} className="kc-btn kc-btn-primary">
          {t('favourites.signInAction')}
        </Link>
      </div>
    );
  } else if (status === 'loading' || state.status === 'loading') {
    body = <Spinner />;
  } else if (state.status === 'error') {
    body = <ErrorState message={t(loadErrorKey(state.error))} onRetry={reload} />;
  } else {
    const language = currentLanguage();
    const services = state.data.services.filter((f) => !removed.has(`service ${f.service.id}`));
    const providers = state.data.providers.filter((f) => !removed.has(`provider ${f.provider.id}`));
    body =
      services.length === 0 && providers.length === 0 ? (
        <div className="kc-state kc-fav-empty">
          <HeartOutlined aria-hidden="true" className="kc-fav-empty-icon" />
          <h2>{t('favourites.emptyTitle')}</h2>
          <p>{t('favourites.emptyText')}</p>
          <Link to="/services" className="kc-btn kc-btn-primary">
            {t('favourites.browse')}
          </Link>
        </div>
      ) : (
        <>
          {services.length > 0 ? (
            <section className="kc-group" aria-labelledby="kc-fav-services">
              <h2 id="kc-fav-services">{t('favourites.servicesHeading')}</h2>
              <div className="kc-grid">
                {services.map((favourite) => {
                  const name = localized(language, favourite.service.title, favourite.service.titleAr);
                  return (
                    <SavedService
                      key={favourite.service.id}
                      favourite={favourite}
                      busy={removing.has(`service ${favourite.service.id}`)}
                      onRemove={() => remove('service', favourite.service.id, name)}
                    />
                  );
                })}
              </div>
            </section>
          ) : null}
          {providers.length > 0 ? (
            <section className="kc-group" aria-labelledby="kc-fav-providers">
              <h2 id="kc-fav-providers">{t('favourites.providersHeading')}</h2>
              <div className="kc-grid">
                {providers.map((favourite) => {
                  const name = localized(language, favourite.provider.name, favourite.provider.nameAr);
                  return (
                    <SavedProvider
                      key={favourite.provider.id}
                      favourite={favourite}
                      busy={removing.has(`provider ${favourite.provider.id}`)}
                      onRemove={() => remove('provider', favourite.provider.id, name)}
                    />
                  );
                })}
              </div>
            </section>
          ) : null}
        </>
      );
  }

  return (
    <div className="kh-page kc-favourites">
      <PageHeader title={t('favourites.title')} subtitle={t('favourites.subtitle')} />
      {body}
    </div>
  );
}
