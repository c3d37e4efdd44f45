import type { ReactNode } from 'react';
import { ReloadOutlined } from '@ant-design/icons';
import { ApiError } from '@khidma/web-kit';
import { useTranslation } from 'react-i18next';
import { NS } from '../namespace';

/** Placeholder text without antd: a title and `rows` lines, the last one shorter; hidden from screen readers. */
export function LinesSkeleton({ rows }: { rows: number }) {
  return (
    <div className="kc-skeleton-lines" aria-hidden="true">
      <span className="kc-skeleton-line kc-skeleton-title" />
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} className={i === rows - 1 ? 'kc-skeleton-line kc-skeleton-short' : 'kc-skeleton-line'} />
      ))}
    </div>
  );
}

/** Placeholder cards while services load; announced once as busy, hidden from screen readers. */
export function CardSkeletons({ count = 6 }: { count?: number }) {
  const { t } = useTranslation(NS);
  return (
    <div className="kc-grid" aria-busy="true" role="status" aria-label={t('states.loading')}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="kc-card kc-skeleton" aria-hidden="true">
          <span className="kc-skeleton-avatar" />
          <LinesSkeleton rows={3} />
        </div>
      ))}
    </div>
  );
}

/** A failed request: what happened and a Retry that asks again. */
export function ErrorState({ message, onRetry, title }: { message: string; onRetry: () => void; title?: ReactNode }) {
  const { t } = useTranslation(NS);
  return (
    <div className="kc-state" role="alert">
      {title}
      <p>{message}</p>
      <button type="button" className="kc-btn kc-btn-primary" onClick={onRetry}>
        <ReloadOutlined aria-hidden="true" />
        {t('states.retry')}
      </button>
    </div>
  );
}

/**
 * What to tell about a failed load: the catalogue's own time limit (query_timeout) is a busy moment
 * worth retrying, anything else a failed connection.
 */
export const loadErrorKey = (error: unknown) =>
  error instanceof ApiError && error.code === 'query_timeout' ? 'states.busy' : 'states.error';
