import { useTranslation } from 'react-i18next';
import { PageHeader, Link } from '@khidma/web-kit';
import { FaqList } from './FaqList';

type Page = 'terms' | 'privacy' | 'cookies' | 'help' | 'faq';

interface Section {
  title: string;
  paragraphs: string[];
}

/** Text pages built from the `info` namespace: numbered sections, optional FAQ, contact hint. */
export default function InfoArticle({ page }: { page: Page }) {
  const { t } = useTranslation('info');
  const sections = t(`${page}.sections`, { returnObjects: true, defaultValue: [] }) as Section[];
  const faq = t(`${page}.questions`, { returnObjects: true, defaultValue: [] }) as { q: string; a: string }[];
  return (
    <article className="kh-page kh-article">
      <PageHeader title={t(`${page}.title`)} subtitle={t(`${page}.intro`)}>
        {page === 'help' ? null : <p className="kh-updated">{t('lastUpdated')}</p>}
      </PageHeader>
      {sections.map((section, i) => (
        <section key={section.title} aria-labelledby={`${page}-${i}`}>
          <h2 id={`${page}-${i}`}>{section.title}</h2>
          {section.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
      {faq.length > 0 ? <FaqList items={faq} /> : null}
      <p className="kh-article-contact">
        {t('stillNeedHelp')} <Link to="/contact">{t('contactUs')}</Link>
      </p>
    </article>
  );
}
