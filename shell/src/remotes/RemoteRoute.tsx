import {
  Component,
  Suspense,
  lazy,
  useState,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RemoteName } from '@khidma/contracts';
import { Spinner, WithAntd } from '@khidma/web-kit';
import { loadRemotePage, type RemotePageLoader } from './registry';

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

type LazyPage = LazyExoticComponent<ComponentType>;
const lazyPages = new WeakMap<RemotePageLoader, Map<string, LazyPage>>();

/** A remote page inside antd's providers (theme, direction, locale, toasts), for pages that use antd. */
function withAntd(Page: ComponentType): ComponentType {
  return function PageWithAntd() {
    return (
      <WithAntd>
        <Page />
      </WithAntd>
    );
  };
}

/** A page without antd, on the same base text as antd's App gives the others. */
function withoutAntd(Page: ComponentType): ComponentType {
  return function PageWithoutAntd() {
    return (
      <div className="kh-app-text">
        <Page />
      </div>
    );
  };
}

/**
 * One lazy component per loader, page and attempt, kept outside render so React sees a stable
 * component type; a new attempt (Retry) gets a new one, which loads the remote again.
 */
function remotePage(load: RemotePageLoader, remote: RemoteName, module: string, attempt: number): LazyPage {
  const byKey = lazyPages.get(load) ?? new Map<string, LazyPage>();
  lazyPages.set(load, byKey);
  const key = `${remote}/${module}#${attempt}`;
  let page = byKey.get(key);
  if (!page) {
    page = lazy(async () => {
      const loaded = await load(remote, module, attempt > 0);
      return { default: loaded.usesAntd === false ? withoutAntd(loaded.default) : withAntd(loaded.default) };
    });
    byKey.set(key, page);
  }
  return page;
}

/**
 * A route whose page comes from a remote, isolated by its own error boundary; inside antd's providers
 * unless the page declares `usesAntd: false` (RemotePageModule).
 */
export function RemoteRoute({ remote, module, load = loadRemotePage }: RemoteRouteProps) {
  const [view, setView] = useState(() => ({ attempt: 0, Page: remotePage(load, remote, module, 0) }));
  const retry = () =>
    setView(({ attempt }) => ({ attempt: attempt + 1, Page: remotePage(load, remote, module, attempt + 1) }));
  const { attempt, Page } = view;
  return (
    <RemoteErrorBoundary key={attempt} onRetry={retry}>
      <Suspense fallback={<Spinner page />}>
        <Page />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
