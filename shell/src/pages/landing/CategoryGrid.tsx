import { useEffect, useState } from 'react';
import { Alert, Button, Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DISPLAY_DEFAULTS, type ServiceCategoryDto } from '@khidma/contracts';
import { apiFetch, currentLanguage, formatMoney } from '@khidma/web-kit';

// Icon names from the catalogue (and the slugs as a second guess) drawn as emoji: no icon font to ship.
const ICONS: Record<string, string> = {
  cleaning: '🧹', sparkles: '🧹', broom: '🧹',
  plumbing: '🚰', droplet: '🚰', droplets: '🚰',
  electrical: '⚡', zap: '⚡', bolt: '⚡',
  delivery: '📦', truck: '📦', package: '📦',
  maintenance: '🛠️', hammer: '🛠️', tool: '🛠️',
  painting: '🎨', paintbrush: '🎨', brush: '🎨',
  gardening: '🌿', leaf: '🌿', flower: '🌿',
  tutoring: '📚', book: '📚', 'graduation-cap': '📚',
  automotive: '🚗', car: '🚗',
  petcare: '🐾', paw: '🐾', dog: '🐾',
  fitness: '💪', dumbbell: '💪', activity: '💪',
  tech: '💻', laptop: '💻', monitor: '💻',
  wrench: '🔧',
};

const iconFor = (c: ServiceCategoryDto): string =>
  ICONS[c.icon] ?? ICONS[c.slug] ?? (/^\p{Extended_Pictographic}/u.test(c.icon) ? c.icon : '🔧');

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; categories: ServiceCategoryDto[] };

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
          <li key={i} className="kh-card">
            <Skeleton active avatar paragraph={{ rows: 2 }} />
          </li>
        ))}
      </ul>
    );
  }
  if (state.status === 'error') {
    return (
      <Alert
        type="error"
        showIcon
        title={t('landing.categories.error')}
        action={<Button onClick={retry}>{t('actions.retry')}</Button>}
      />
    );
  }
  return (
    <ul className="kh-grid">
      {state.categories.map((c) => (
        <li key={c.id}>
          <Link to={`/services?category=${encodeURIComponent(c.slug)}`} className="kh-card kh-category">
            <span
              className="kh-category-icon"
              aria-hidden="true"
              style={{ background: `${c.color || DISPLAY_DEFAULTS.categoryColor}1f` }}
            >
              {iconFor(c)}
            </span>
            <span className="kh-category-name">{language === 'ar' ? c.nameAr || c.name : c.name}</span>
            <span className="kh-category-desc">
              {language === 'ar' ? c.descriptionAr || c.description : c.description}
            </span>
            <span className="kh-category-price">
              {t('landing.categories.from', { price: formatMoney(c.startingPrice, language) })}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
