import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DISPLAY_DEFAULTS, type ServiceCategoryDto } from '@khidma/contracts';
import { apiFetch, CategoryGlyph, currentLanguage, formatMoney, localized } from '@khidma/web-kit';


type State =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; categories: ServiceCategoryDto[] };

/** The 12 categories from GET /api/service-categories, each linking to its filtered catalogue. */
export function CategoryGrid() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    apiFetch<ServiceCategoryDto[]>('/service-categories', { signal: controller.signal }).then(
      (categories) => setState({ status: 'ready', categories }),
      () => controller.signal.aborted || setState({ status: 'error' }),
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = () => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  };

  if (state.status === 'loading') {
    return (
      <ul className="kh-grid" aria-busy="true" aria-label={t('landing.categories.loading')}>
        {Array.from({ length: 12 }, (_, i) => (
          <li key={i} className="kh-card kh-skeleton" aria-hidden="true">
            <span className="kh-skeleton-icon" />
            <span className="kh-skeleton-line" />
            <span className="kh-skeleton-line kh-skeleton-short" />
          </li>
        ))}
      </ul>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="kh-alert" role="alert">
        <p>{t('landing.categories.error')}</p>
        <button type="button" className="kh-btn kh-btn-outline" onClick={retry}>
          {t('actions.retry')}
        </button>
      </div>
    );
  }
  return (
    <ul className="kh-grid">
      {state.categories.map((c) => {
        return (
          <li key={c.id}>
            <Link
              to={`/services?category=${encodeURIComponent(c.slug)}`}
              className="kh-card kh-category"
            >
              <span
                className="kh-category-icon"
                aria-hidden="true"
                style={{
                  color: c.color || DISPLAY_DEFAULTS.categoryColor,
                  background: `${c.color || DISPLAY_DEFAULTS.categoryColor}1f`,
                }}
              >
                <CategoryGlyph icon={c.icon} />
              </span>
              <span className="kh-category-name">
                {localized(language, c.name, c.nameAr)}
              </span>
              <span className="kh-category-desc">
                {localized(language, c.description, c.descriptionAr)}
              </span>
              <span className="kh-category-price">
                {t('landing.categories.from', { price: formatMoney(c.startingPrice, language) })}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
