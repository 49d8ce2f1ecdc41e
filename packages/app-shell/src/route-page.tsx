import { isCancelled } from '@patient/api-client';
import { useRetryWhenBack } from '@patient/feature-kit/retry';
import { EmptyState, type RouteMeta, Spinner } from '@patient/ui-kit';
import { type ComponentType, createContext, Suspense, useContext, useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { CodeLoadBoundary } from './pages/CodeLoadBoundary.tsx';
import './shell.css';

const RouteMetaContext = createContext<RouteMeta | null>(null);

/** The meta of the route a screen is rendered for. */
export function useRouteMeta(): RouteMeta | null {
  return useContext(RouteMetaContext);
}

export interface RoutePageProps {
  meta: RouteMeta;
  /** The page: a lazily loaded one, or the homepage itself. */
  Page: ComponentType;
  /** Fetches the user's contacts; awaited before a 'loads patients' screen is entered. */
  loadContacts(): Promise<void>;
  /** Settles when the start-up call did; awaited first when given (every screen but the homepage). */
  whenStarted?(): Promise<unknown>;
  /** True when the hospital has turned this screen's service off (asked once the start-up data is in). */
  switchedOff?(): boolean;
}

/** What a screen's error says when what it needs first did not load: its own name, not the contacts'. */
export const loadErrorText = (meta: RouteMeta) => meta.loadError ?? `${meta.title}加载失败`;

type Step = 'starting' | 'contacts' | 'ready' | 'failed' | 'off';

const stepAfterStart = (loadsPatients: boolean | undefined, switchedOff?: () => boolean): Step =>
  switchedOff?.() ? 'off' : loadsPatients ? 'contacts' : 'ready';

/**
 * One screen: the start-up data first (when `whenStarted` is given), then the contacts where the route loads
 * patients, then the page. When the contacts do not load, the error names the screen ('预约记录加载失败') and
 * retries by itself when the page is visible again or back online.
 */
export function RoutePage({ meta, Page, loadContacts, whenStarted, switchedOff }: RoutePageProps) {
  const { loadsPatients } = meta;
  const [step, setStep] = useState<Step>(() =>
    whenStarted ? 'starting' : stepAfterStart(loadsPatients, switchedOff),
  );

  useEffect(() => {
    if (step !== 'starting' || !whenStarted) return;
    let live = true;
    void whenStarted().then(() => live && setStep(stepAfterStart(loadsPatients, switchedOff)));
    return () => {
      live = false;
    };
  }, [step, whenStarted, loadsPatients, switchedOff]);

  useEffect(() => {
    if (step !== 'contacts') return;
    let live = true;
    loadContacts().then(
      () => live && setStep('ready'),
      (error: unknown) => live && !isCancelled(error) && setStep('failed'),
    );
    return () => {
      live = false;
    };
  }, [step, loadContacts]);

  const retry = () => setStep('contacts');
  useRetryWhenBack(retry, step === 'failed');

  if (step === 'failed') {
    return (
      <EmptyState text={loadErrorText(meta)}>
        <button type="button" className="shell-button" onClick={retry}>
          重新加载
        </button>
      </EmptyState>
    );
  }
  if (step === 'off') return <Navigate to="/404" replace />;
  if (step === 'starting') return <Spinner />;
  if (step === 'contacts') return <Spinner text="正在加载就诊人..." />;
  return (
    <RouteMetaContext.Provider value={meta}>
      <CodeLoadBoundary resetKey="page">
        <Suspense fallback={<Spinner />}>
          <Page />
        </Suspense>
      </CodeLoadBoundary>
    </RouteMetaContext.Provider>
  );
}
