import { Link, usePageMeta } from '@khidma/web-kit';
import { useTranslation } from 'react-i18next';
import { MARKETING_STATS } from '@khidma/contracts';
import { CategoryGrid } from './landing/CategoryGrid';
import { Testimonials } from './landing/Testimonials';
import { StatsStrip } from './StatsStrip';

const LANDING_STATS = ['providers', 'customers', 'services', 'categories', 'satisfaction', 'rating'] as const;

export default function Landing() {
  const { t } = useTranslation();
  usePageMeta(t('landing.hero.title'), t('landing.hero.subtitle'));
  return (
    <>
      <section className="kh-hero" aria-labelledby="hero-title">
        <div className="kh-hero-inner">
          <p className="kh-eyebrow">{t('landing.hero.eyebrow')}</p>
          <h1 id="hero-title">{t('landing.hero.title')}</h1>
          <p className="kh-hero-lead">{t('landing.hero.subtitle')}</p>
          <div className="kh-actions">
            <Link to="/services" className="kh-btn kh-btn-primary kh-btn-lg">
              {t('landing.hero.getStarted')}
            </Link>
            <Link to="/chat" className="kh-btn kh-btn-ghost kh-btn-lg">
              {t('landing.hero.watchDemo')}
            </Link>
          </div>
        </div>
      </section>
      <StatsStrip label={t('landing.stats.label')} stats={LANDING_STATS.map((k) => [MARKETING_STATS[k], t(`stats.${k}`)])} />
      <section className="kh-page" aria-labelledby="categories-title">
        <h2 id="categories-title" className="kh-section-title">
          {t('landing.categories.title')}
        </h2>
        <p className="kh-section-lead">{t('landing.categories.subtitle')}</p>
        <CategoryGrid />
      </section>
      <Testimonials />
      <section className="kh-cta" aria-labelledby="cta-title">
        <h2 id="cta-title">{t('landing.cta.title')}</h2>
        <p>{t('landing.cta.text')}</p>
        <div className="kh-actions kh-actions-center">
          <Link to="/services" className="kh-btn kh-btn-light kh-btn-lg">
            {t('landing.cta.browse')}
          </Link>
          <Link to="/about" className="kh-btn kh-btn-ghost-light kh-btn-lg">
            {t('landing.cta.learnMore')}
          </Link>
        </div>
      </section>
    </>
  );
}
