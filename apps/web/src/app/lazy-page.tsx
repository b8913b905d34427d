import { LIMITS } from '@dramastar/contract';
import { Button } from '../shared/ui/button';
import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { useT } from '../shared/i18n';
import { isOnline, useOnline, useOnReconnect } from '../shared/network/online';
import { CHUNK_RELOAD_KEY } from '../shared/store/storage-keys';
import { AlertIcon, EmptyState, LoadingMask } from '../shared/ui';

type PageModule = { default: ComponentType };
type Loader = () => Promise<PageModule>;

/** A script chunk that is gone, typically because a new version was deployed meanwhile. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Loading (CSS )?chunk .+ failed|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

/** A page's script that did not arrive within LIMITS.scriptLoadTimeoutMs (120 s, the spec's). */
export class ScriptLoadTimeout extends Error {
  override name = 'ScriptLoadTimeout';
}

/** The loader, given up after `ms`: the page shows Retry, which asks for the script again. */
export function withScriptTimeout(loader: Loader, ms: number = LIMITS.scriptLoadTimeoutMs): Loader {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const givenUp = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ScriptLoadTimeout(`page script not loaded in ${ms} ms`)), ms);
    });
    try {
      return await Promise.race([loader(), givenUp]);
    } finally {
      clearTimeout(timer);
    }
  };
}

function sessionFlag(): string | null {
  try {
    return sessionStorage.getItem(CHUNK_RELOAD_KEY);
  } catch {
    return '1'; // no sessionStorage: never reload, so no loop is possible
  }
}

function setSessionFlag(value: boolean): void {
  try {
    if (value) sessionStorage.setItem(CHUNK_RELOAD_KEY, '1');
    else sessionStorage.removeItem(CHUNK_RELOAD_KEY);
  } catch {
    // ignore: see sessionFlag
  }
}

/**
 * A page whose script did not come: offline, it says so and opens by itself when the network
 * returns (a failed module script stays failed until the page reloads, whatwg/html#6768, so the
 * return reloads the page); otherwise Retry.
 */
function PageLoadError({
  timedOut,
  onRetry,
  onReconnect,
}: {
  timedOut: boolean;
  onRetry: () => void;
  onReconnect: () => void;
}) {
  const t = useT();
  const online = useOnline();
  useOnReconnect(onReconnect);
  if (!online) {
    return (
      <div className="ds-page-status" data-testid="page-offline">
        <EmptyState
          icon={<AlertIcon />}
          title={t('offline.pageTitle')}
          description={t('offline.pageDescription')}
        />
      </div>
    );
  }
  return (
    <div className="ds-page-status" data-testid="page-load-error">
      <EmptyState
        icon={<AlertIcon />}
        title={t(timedOut ? 'page.loadTimeoutTitle' : 'page.loadErrorTitle')}
        description={t(timedOut ? 'page.loadTimeoutDescription' : 'page.loadErrorDescription')}
        action={
          <Button color="primary" onClick={onRetry} data-testid="page-retry">
            {t('common.retry')}
          </Button>
        }
      />
    </div>
  );
}

/** Nothing for the first 200 ms (fast loads do not flash), then a spinner, then after 60 s an error. */
function PageLoading({ onRetry }: { onRetry: () => void }) {
  const [phase, setPhase] = useState<'quiet' | 'loading' | 'timeout'>('quiet');
  useEffect(() => {
    const show = setTimeout(() => setPhase('loading'), LIMITS.pageAsyncDelayMs);
    const give = setTimeout(() => setPhase('timeout'), LIMITS.pageTimeoutMs);
    return () => {
      clearTimeout(show);
      clearTimeout(give);
    };
  }, []);
  if (phase === 'quiet') return <div className="ds-page-status" aria-busy="true" />;
  if (phase === 'loading') return <LoadingMask fullscreen={false} />;
  return <PageLoadError timedOut onRetry={onRetry} onReconnect={onRetry} />;
}

interface BoundaryProps {
  onRetry: () => void;
  reload: () => void;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  reloading: boolean;
}

class PageErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, reloading: false };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    // Offline, a reload would only show the browser's own error: the page waits for the network.
    return { error, reloading: isChunkLoadError(error) && sessionFlag() === null && isOnline() };
  }

  override componentDidCatch(): void {
    if (this.state.reloading) {
      setSessionFlag(true);
      this.props.reload();
    }
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    if (this.state.reloading) return <LoadingMask fullscreen={false} />;
    const { error } = this.state;
    return (
      <PageLoadError
        timedOut={error instanceof ScriptLoadTimeout}
        onRetry={this.props.onRetry}
        onReconnect={isChunkLoadError(error) ? this.props.reload : this.props.onRetry}
      />
    );
  }
}

/** Rendered once the page's chunk is in: a later failed chunk may reload again. */
function Loaded({ children }: { children: ReactNode }) {
  useEffect(() => setSessionFlag(false), []);
  return children;
}

export interface LazyPageOptions {
  /** How to reload after a failed chunk (tests pass a spy). */
  reload?: () => void;
  /** When to give up on the page's script (LIMITS.scriptLoadTimeoutMs). */
  scriptTimeoutMs?: number;
  /**
   * False for a page that draws no antd-mobile component before a part that loads it on demand
   * (shared/ui/lazy-until-open.tsx, which brings the texts itself): the page does not wait for
   * antd-mobile's texts and the library they import. The build's preload lists follow the same
   * rule (route-preload.ts). Default true.
   */
  antdTexts?: boolean;
}

/**
 * A lazily loaded page: React.lazy plus the loading screen, the timeout with Retry (the screen
 * after 60 s; the script itself given up after 120 s), and one page reload when the chunk is gone
 * after a redeploy.
 */
export function lazyPage(loader: Loader, options: LazyPageOptions = {}): ComponentType {
  const reload = options.reload ?? (() => window.location.reload());
  // A page comes with antd-mobile's texts in the session's language (shared/ui/antd-locale.ts).
  const withLocale: Loader =
    options.antdTexts === false
      ? loader
      : () => Promise.all([loader(), import('../shared/ui/antd-locale')]).then(([page]) => page);
  const load = withScriptTimeout(withLocale, options.scriptTimeoutMs);
  const holder: { Page: LazyExoticComponent<ComponentType> } = { Page: lazy(load) };

  function LazyPage() {
    const [attempt, setAttempt] = useState(0);
    const [Page, setPage] = useState(() => holder.Page);
    const retry = () => {
      holder.Page = lazy(load);
      setPage(() => holder.Page);
      setAttempt((n) => n + 1);
    };
    return (
      <PageErrorBoundary key={attempt} onRetry={retry} reload={reload}>
        <Suspense fallback={<PageLoading onRetry={retry} />}>
          <Loaded>
            <Page />
          </Loaded>
        </Suspense>
      </PageErrorBoundary>
    );
  }
  return LazyPage;
}
