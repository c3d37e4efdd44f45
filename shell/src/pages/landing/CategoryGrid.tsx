import { useTranslation } from 'react-i18next';
import { DISPLAY_DEFAULTS, type ServiceCategoryDto } from '@khidma/contracts';
import { CategoryGlyph, currentLanguage, formatMoney, localized, useApi, Link } from '@khidma/web-kit';

/** The 12 categories from GET /api/service-categories, each linking to its filtered catalogue. */
export function CategoryGrid() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { state, reload } = useApi<ServiceCategoryDto[]>('/service-categories');

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
        <button type="button" className="kh-btn kh-btn-outline" onClick={reload}>
          {t('actions.retry')}
        </button>
      </div>
    );
  }
  return (
    <ul className="kh-grid">
      {state.data.map((c) => {
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
