import { Link, usePageMeta } from '@khidma/web-kit';
import { useTranslation } from 'react-i18next';
import { MARKETING_STATS } from '@khidma/contracts';
import { StatsStrip } from '../StatsStrip';

const ABOUT_STATS = ['providers', 'customers', 'services', 'satisfaction'] as const;

export default function About() {
  const { t } = useTranslation(['info', 'common']);
  const values = t('about.values.items', { returnObjects: true }) as { title: string; text: string }[];
  const team = t('about.team.items', { returnObjects: true }) as { name: string; role: string; bio: string }[];
  const journey = t('about.journey.items', { returnObjects: true }) as { year: string; title: string; text: string }[];
  usePageMeta(t('common:nav.about'), t('about.intro'));
  return (
    <>
      <section className="kh-hero kh-hero-compact" aria-labelledby="about-title">
        <div className="kh-hero-inner">
          <h1 id="about-title">{t('about.title')}</h1>
          <p className="kh-hero-lead">{t('about.intro')}</p>
        </div>
      </section>
      <StatsStrip
        label={t('common:landing.stats.label')}
        stats={ABOUT_STATS.map((k) => [MARKETING_STATS[k], t(`common:stats.${k}`)])}
      />
      <div className="kh-page">
        <section aria-labelledby="mission-title" className="kh-split">
          <h2 id="mission-title" className="kh-section-title">
            {t('about.mission.title')}
          </h2>
          <p className="kh-section-lead">{t('about.mission.text')}</p>
        </section>
        <section aria-labelledby="values-title">
          <h2 id="values-title" className="kh-section-title">
            {t('about.values.title')}
          </h2>
          <ul className="kh-grid">
            {values.map((v) => (
              <li key={v.title} className="kh-card">
                <h3>{v.title}</h3>
                <p>{v.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="team-title">
          <h2 id="team-title" className="kh-section-title">
            {t('about.team.title')}
          </h2>
          <ul className="kh-grid">
            {team.map((m) => (
              <li key={m.name} className="kh-card kh-person">
                <span className="kh-avatar kh-avatar-lg" aria-hidden="true">
                  {m.name.charAt(0)}
                </span>
                <h3>{m.name}</h3>
                <p className="kh-person-role">{m.role}</p>
                <p>{m.bio}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="journey-title">
          <h2 id="journey-title" className="kh-section-title">
            {t('about.journey.title')}
          </h2>
          <ol className="kh-timeline">
            {journey.map((step) => (
              <li key={step.year}>
                <span className="kh-timeline-year">{step.year}</span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </section>
        <section className="kh-cta kh-cta-inline" aria-labelledby="about-cta">
          <h2 id="about-cta">{t('about.cta.title')}</h2>
          <div className="kh-actions kh-actions-center">
            <Link to="/services" className="kh-btn kh-btn-light kh-btn-lg">
              {t('about.cta.services')}
            </Link>
            <Link to="/provider-dashboard" className="kh-btn kh-btn-ghost-light kh-btn-lg">
              {t('about.cta.providers')}
            </Link>
          </div>
        </section>
      </div>
    </>
  );
}
