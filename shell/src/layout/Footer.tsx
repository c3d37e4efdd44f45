import { Link, RegionSelect } from '@khidma/web-kit';
import { useTranslation } from 'react-i18next';

const GROUPS = [
  {
    key: 'footer.company',
    links: [
      ['/', 'nav.home'],
      ['/services', 'nav.services'],
      ['/about', 'nav.about'],
      ['/contact', 'nav.contact'],
    ],
  },
  {
    key: 'footer.popular',
    links: [
      ['/services?category=cleaning', 'footer.cleaning'],
      ['/services?category=plumbing', 'footer.plumbing'],
      ['/services?category=electrical', 'footer.electrical'],
      ['/services?category=delivery', 'footer.delivery'],
    ],
  },
  {
    key: 'footer.support',
    links: [
      ['/help', 'footer.help'],
      ['/faq', 'footer.faq'],
      ['/privacy', 'footer.privacy'],
      ['/cookies', 'footer.cookies'],
      ['/terms', 'footer.terms'],
    ],
  },
] as const;

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="kh-footer">
      <div className="kh-footer-inner">
        <div className="kh-footer-about">
          <p className="kh-footer-brand">{t('brand.name')}</p>
          <p>{t('footer.tagline')}</p>
        </div>
        {GROUPS.map((group) => (
          <nav key={group.key} aria-label={t(group.key)}>
            <h2 className="kh-footer-heading">{t(group.key)}</h2>
            <ul>
              {group.links.map(([to, key]) => (
                <li key={to}>
                  <Link to={to}>{t(key)}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="kh-footer-legal">
        <RegionSelect label={t('calendar.region')} automatic={t('calendar.regionAutomatic')} />
        <p>{t('footer.disclaimer')}</p>
        <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
