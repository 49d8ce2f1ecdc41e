import type { ApiClient } from '@patient/api-client';
import type { AppStore } from '@patient/app-state';
import { getCanGoToHealthCard, getHospitalDescription, getSystemParamMap } from '@patient/contract';
import { type HospitalConfig, organizationCodeOf } from '@patient/hospital-config';

const KEEP = { keepOnRouteChange: true } as const;

/**
 * Start-up of 000 §1: with no hospital id nothing is fetched and the page shows at once. Otherwise, in order:
 * hospital description → can-go-to-health-card → system parameter map; the promise settles after the last
 * call returns (the page is shown then). A failing call is shown by api-client and does not stop the others.
 * The theme is not touched: it comes with the build (HospitalConfig.theme), whatever THEME_CONFIG says.
 */
export async function startUp(
  hospitalId: string | null,
  config: Pick<HospitalConfig, 'organizationCodeFromMdid' | 'name'>,
  api: Pick<ApiClient, 'request'>,
  store: AppStore,
): Promise<void> {
  const update = store.getState().update;
  update((s) => {
    s.hospitalId = hospitalId;
  });
  if (!hospitalId) return;
  const params = { hospitalId };
  try {
    const description = await api.request(getHospitalDescription, { params }, KEEP);
    update((s) => {
      s.hospitalName = description.hospitalName;
      s.organizationCode = organizationCodeOf(config, description);
    });
  } catch {
    update((s) => {
      s.hospitalName ??= config.name;
    });
  }
  try {
    const reachable = await api.request(getCanGoToHealthCard, { params }, KEEP);
    update((s) => {
      s.canGoToHealthCard = reachable === true;
    });
  } catch {
    // shown by api-client; the health-card entry stays hidden
  }
  try {
    const systemParam = await api.request(getSystemParamMap, { params }, KEEP);
    update((s) => {
      s.systemParam = systemParam;
    });
  } catch {
    // shown by api-client; the build's theme stays
  }
}
