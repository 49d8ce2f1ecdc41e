import type { ApiClient } from '@patient/api-client';
import type { AppStore } from '@patient/app-state';
import { getHospitalStartup } from '@patient/contract';
import { onBackAgain } from '@patient/feature-kit/retry';
import { type HospitalConfig, organizationCodeOf } from '@patient/hospital-config';
import { applyServiceTheme } from './theme.ts';

type StartupConfig = Pick<HospitalConfig, 'organizationCodeFromMdid' | 'name'>;

/**
 * Start-up of 000 §1: with no hospital id nothing is fetched. Otherwise one call, getHospitalStartup, brings
 * the hospital description, the health-card switch and the system parameter map (the spec's three calls in
 * one answer). Resolves true when the data is in (or none is needed), false when the call failed: api-client
 * has shown why (unless `silent`) and the configured name stands in. Sets
 * `startup` in the store ('pending' → 'done' | 'failed').
 * The answer's THEME_CONFIG, when it names a known theme, is applied at once and remembered for the hospital
 * (theme.ts); an unknown value, a failed call or no hospital id leave the theme painted (build or remembered).
 */
export async function startUp(
  hospitalId: string | null,
  config: StartupConfig,
  api: Pick<ApiClient, 'request'>,
  store: AppStore,
  { silent = false }: { silent?: boolean } = {},
): Promise<boolean> {
  const update = store.getState().update;
  update((s) => {
    s.hospitalId = hospitalId;
    s.startup = 'pending';
  });
  if (!hospitalId) {
    update((s) => {
      s.startup = 'done';
    });
    return true;
  }
  try {
    const answer = await api.request(
      getHospitalStartup,
      { params: { hospitalId } },
      { keepOnRouteChange: true, silent },
    );
    update((s) => {
      s.hospitalName = answer.description.hospitalName;
      s.organizationCode = organizationCodeOf(config, answer.description);
      s.canGoToHealthCard = answer.canGoToHealthCard === true;
      s.systemParam = answer.systemParamMap;
      s.demo = answer.demo === true;
      s.startup = 'done';
    });
    applyServiceTheme(hospitalId, answer.systemParamMap.THEME_CONFIG);
    return true;
  } catch {
    update((s) => {
      s.hospitalName ??= config.name;
      s.startup = 'failed';
    });
    return false;
  }
}

/**
 * Runs the start-up and, while it fails, runs it again (silently) each time the page becomes visible again or
 * the network comes back, so that a page opened while the service was down recovers without a reload.
 * Resolves when the first attempt settled (screens that need the start-up data wait for that).
 */
export async function keepStartingUp(
  hospitalId: string | null,
  config: StartupConfig,
  api: Pick<ApiClient, 'request'>,
  store: AppStore,
  win: Window = window,
): Promise<void> {
  if (await startUp(hospitalId, config, api, store)) return;
  let running = false;
  const stop = onBackAgain(() => {
    if (running) return;
    running = true;
    void startUp(hospitalId, config, api, store, { silent: true }).then((done) => {
      running = false;
      if (done) stop();
    });
  }, win);
}
