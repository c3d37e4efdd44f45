import type { ReactNode } from 'react';
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from '../namespace';

/** A section still loading: announced once as busy; the placeholder itself is hidden from screen readers. */
export function LoadingBlock({ rows = 4 }: { rows?: number }) {
  const { t } = useTranslation(NS);
  return (
    <div className="ka-block" role="status" aria-busy="true" aria-label={t('states.loading')}>
      <div aria-hidden="true">
        <Skeleton active paragraph={{ rows }} />
      </div>
    </div>
  );
}

/** A failed request: what happened and a Retry that asks again. */
export function ErrorState({ onRetry, message }: { onRetry: () => void; message?: string }) {
  const { t } = useTranslation(NS);
  return (
    <div className="ka-state" role="alert">
      <p>{message ?? t('states.error')}</p>
      <Button type="primary" icon={<ReloadOutlined aria-hidden="true" />} onClick={onRetry}>
        {t('states.retry')}
      </Button>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="ka-state ka-muted">{children}</p>;
}
