import { Component, Suspense, use, useMemo, useState, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RemoteName } from '@khidma/contracts';
import { PageSpinner } from '../layout/PageSpinner';
import { loadRemotePage, type RemotePageLoader, type RemotePageModule } from './registry';

function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="kh-page" role="alert">
      <Result
        status="warning"
        title={<h1 className="kh-result-title">{t('remote.title')}</h1>}
        subTitle={t('remote.text')}
        extra={
          <Button type="primary" onClick={onRetry}>
            {t('remote.retry')}
          </Button>
        }
      />
    </div>
  );
}

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a remote that fails to load or throws while rendering; nothing outside the route is affected. */
class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[shell] remote page failed', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RemoteUnavailable onRetry={this.props.onRetry} /> : this.props.children;
  }
}

interface RemoteRouteProps {
  remote: RemoteName;
  module: string;
  /** Injected by tests; the app uses the Module Federation runtime. */
  load?: RemotePageLoader;
}

function RemotePage({ page }: { page: Promise<RemotePageModule> }) {
  const { default: Page } = use(page);
  return <Page />;
}

/** A route whose page comes from a remote, isolated by its own error boundary. */
export function RemoteRoute({ remote, module, load = loadRemotePage }: RemoteRouteProps) {
  const [attempt, setAttempt] = useState(0);
  // One request per attempt; Retry starts a new one that re-reads the manifest and the remote.
  const page = useMemo(() => load(remote, module, attempt > 0), [load, remote, module, attempt]);
  return (
    <RemoteErrorBoundary key={attempt} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<PageSpinner />}>
        <RemotePage page={page} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
