import { createAppStore } from '@patient/app-state';
import type { Endpoint } from '@patient/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { startUp } from './startup.ts';

const description = {
  hospitalId: '1001',
  hospitalName: '郑州市中心医院',
  originCode: 'ORIGIN-1001',
  mdid: 'MDID-1001',
};

/** A fake client that answers by endpoint id and records the order of calls and when each settles. */
function fakeApi(answers: Record<string, () => unknown>) {
  const log: string[] = [];
  return {
    log,
    request: async (endpoint: Endpoint, input: unknown) => {
      log.push(`call ${endpoint.id} ${JSON.stringify(input)}`);
      await new Promise((r) => setTimeout(r, 5));
      log.push(`done ${endpoint.id}`);
      return answers[endpoint.id]();
    },
  } as never as { log: string[]; request: never };
}

const config = { name: '配置中的医院名', organizationCodeFromMdid: false };
/** The theme comes with the build (index.html, createHospitalApp); start-up must leave it as it is. */
const BUILD_THEME = 'purple';

describe('start-up (000 §1)', () => {
  beforeEach(() => {
    document.documentElement.dataset.theme = BUILD_THEME;
  });

  it('with no hospital id makes no call and is ready at once', async () => {
    const api = fakeApi({});
    const store = createAppStore();
    await startUp(null, config, api, store);
    expect(api.log).toEqual([]);
    expect(store.getState().hospitalId).toBeNull();
    expect(document.documentElement.dataset.theme).toBe(BUILD_THEME);
  });

  it('calls description → can-go-to-health-card → parameter map, one after the other', async () => {
    const api = fakeApi({
      getHospitalDescription: () => description,
      getCanGoToHealthCard: () => true,
      getSystemParamMap: () => ({ THEME_CONFIG: 'blue' }),
    });
    const store = createAppStore();
    await startUp('1001', config, api, store);
    expect(api.log).toEqual([
      'call getHospitalDescription {"params":{"hospitalId":"1001"}}',
      'done getHospitalDescription',
      'call getCanGoToHealthCard {"params":{"hospitalId":"1001"}}',
      'done getCanGoToHealthCard',
      'call getSystemParamMap {"params":{"hospitalId":"1001"}}',
      'done getSystemParamMap',
    ]);
    expect(store.getState()).toMatchObject({
      hospitalId: '1001',
      hospitalName: '郑州市中心医院',
      organizationCode: 'ORIGIN-1001',
      canGoToHealthCard: true,
      systemParam: { THEME_CONFIG: 'blue' },
    });
    // The service's THEME_CONFIG is kept with the other parameters but does not override the build's theme.
    expect(document.documentElement.dataset.theme).toBe(BUILD_THEME);
  });

  it('uses mdid as the organisation code for the flagged hospitals', async () => {
    const api = fakeApi({
      getHospitalDescription: () => description,
      getCanGoToHealthCard: () => false,
      getSystemParamMap: () => ({}),
    });
    const store = createAppStore();
    await startUp('1001', { ...config, organizationCodeFromMdid: true }, api, store);
    expect(store.getState().organizationCode).toBe('MDID-1001');
    expect(store.getState().canGoToHealthCard).toBe(false);
    expect(document.documentElement.dataset.theme).toBe(BUILD_THEME);
  });

  it('keeps going when the description fails (only state 200 counts) and falls back to the configured name', async () => {
    const api = fakeApi({
      getHospitalDescription: () => {
        throw new Error('state 500');
      },
      getCanGoToHealthCard: () => true,
      getSystemParamMap: () => ({ THEME_CONFIG: 'red' }),
    });
    const store = createAppStore();
    await startUp('1001', config, api, store);
    expect(store.getState()).toMatchObject({ hospitalName: '配置中的医院名', organizationCode: null });
    expect(document.documentElement.dataset.theme).toBe(BUILD_THEME);
  });

  it("keeps the build's theme when the service is down", async () => {
    const down = () => {
      throw new Error('Network Error');
    };
    const api = fakeApi({
      getHospitalDescription: down,
      getCanGoToHealthCard: down,
      getSystemParamMap: down,
    });
    const store = createAppStore();
    await startUp('1001', config, api, store);
    expect(store.getState().systemParam).toEqual(createAppStore().getState().systemParam);
    expect(document.documentElement.dataset.theme).toBe(BUILD_THEME);
  });
});
