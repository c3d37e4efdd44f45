import type { ReactNode } from 'react';
import { usePageMeta } from './page-meta.js';

/**
 * The heading block every page starts with (one h1 per page, for screen-reader navigation); its title
 * and subtitle are also the page's tab title and meta description.
 */
export function PageHeader({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  usePageMeta(title, subtitle);
  return (
    <header className="kh-page-header">
      <h1>{title}</h1>
      {subtitle ? <p className="kh-page-subtitle">{subtitle}</p> : null}
      {children}
    </header>
  );
}
