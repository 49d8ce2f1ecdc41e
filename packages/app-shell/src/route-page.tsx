import { isCancelled } from '@patient/api-client';
import { EmptyState, type RouteMeta, Spinner } from '@patient/ui-kit';
import {
  type ComponentType,
  createContext,
  type LazyExoticComponent,
  Suspense,
  useContext,
  useEffect,
  useState,
} from 'react';
import './shell.css';

const RouteMetaContext = createContext<RouteMeta | null>(null);

/** The meta of the route a screen is rendered for. */
export function useRouteMeta(): RouteMeta | null {
  return useContext(RouteMetaContext);
}

export interface RoutePageProps {
  meta: RouteMeta;
  Page: LazyExoticComponent<ComponentType>;
  /** Fetches the user's contacts; awaited before a 'loads patients' screen is entered. */
  loadContacts(): Promise<void>;
}

/** One screen: contacts first where the route loads patients, then the lazily loaded page. */
export function RoutePage({ meta, Page, loadContacts }: RoutePageProps) {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>(
    meta.loadsPatients ? 'loading' : 'ready',
  );

  useEffect(() => {
    if (state !== 'loading') return;
    let live = true;
    loadContacts().then(
      () => live && setState('ready'),
      (error: unknown) => live && !isCancelled(error) && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [state, loadContacts]);

  if (state === 'failed') {
    return (
      <EmptyState text="就诊人信息加载失败">
        <button type="button" className="shell-button" onClick={() => setState('loading')}>
          重新加载
        </button>
      </EmptyState>
    );
  }
  if (state === 'loading') return <Spinner text="正在加载就诊人..." />;
  return (
    <RouteMetaContext.Provider value={meta}>
      <Suspense fallback={<Spinner />}>
        <Page />
      </Suspense>
    </RouteMetaContext.Provider>
  );
}
