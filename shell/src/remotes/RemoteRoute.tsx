import { Component, Suspense, use, useMemo, useState, type ErrorInfo, type ReactNode } from 'react';
import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RemoteName } from '@khidma/contracts';
import { Spinner, WithAntd } from '@khidma/web-kit';
import { loadRemotePage, type RemotePageLoader, type RemotePageModule } from './registry';

function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    // Plain markup on purpose: it must render even when antd itself failed to load.
    <div className="kh-page kh-center kh-unavailable" role="alert">
      <p className="kh-unavailable-icon" aria-hidden="true">
        <WarningOutlined />
      </p>
      <h1>{t('remote.title')}</h1>
      <p>{t('remote.text')}</p>
      <button type="button" className="kh-btn kh-btn-primary" onClick={onRetry}>
        {t('remote.retry')}
      </button>
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
      <Suspense fallback={<Spinner />}>
        <WithAntd>
          <RemotePage page={page} />
        </WithAntd>
      </Suspense>
    </RemoteErrorBoundary>
  );
}
