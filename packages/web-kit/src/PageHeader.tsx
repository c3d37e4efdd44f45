import type { ReactNode } from 'react';
import { Typography } from 'antd';

/** The heading block every page starts with (one h1 per page, for screen-reader navigation). */
export function PageHeader({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <header className="kh-page-header">
      <Typography.Title level={1}>{title}</Typography.Title>
      {subtitle ? <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph> : null}
      {children}
    </header>
  );
}
