import type { ReactNode } from 'react';

/** The heading block every page starts with (one h1 per page, for screen-reader navigation). */
export function PageHeader({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <header className="kh-page-header">
      <h1>{title}</h1>
      {subtitle ? <p className="kh-page-subtitle">{subtitle}</p> : null}
      {children}
    </header>
  );
}
