import { createAppStore } from '@patient/app-state';
import type { Endpoint } from '@patient/contract';
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { keepStartingUp, startUp } from './startup.ts';

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
/** The theme painted first (the build's, in index.html); the service's THEME_CONFIG may switch it. */
const BUILD_THEME = 'purple';

describe('start-up (000 §1)', () => {
  beforeEach(() => {
    document.documentElement.dataset.theme = BUILD_THEME;
    localStorage.clear();
  });

  it('with no hospital id makes no call and is ready at once', async () => {
    const api = fakeApi({});
    const store = createAppStore();
    expect(await startUp(null, config, api, store)).toBe(true);
    expect(api.log).toEqual([]);
    expect(store.getState()).toMatchObject({ hospitalId: null, startup: 'done' });
    expect(document.documentElement.dataset.theme).toBe(BUILD_THEME);
  });

  it('makes one call for description, health-card switch and parameter map', async () => {
    const api = fakeApi({
      getHospitalStartup: () => ({
        description,
        canGoToHealthCard: true,
        systemParamMap: { THEME_CONFIG: 'blue', NOTICE: '公告' },
      }),
    });
    const store = createAppStore();
    const done = startUp('1001', config, api, store);
    expect(store.getState()).toMatchObject({ hospitalId: '1001', startup: 'pending' });
    expect(await done).toBe(true);
    expect(api.log).toEqual([
      'call getHospitalStartup {"params":{"hospitalId":"1001"}}',
      'done getHospitalStartup',
    ]);
    expect(store.getState()).toMatchObject({
      hospitalId: '1001',
      hospitalName: '郑州市中心医院',
      organizationCode: 'ORIGIN-1001',
      canGoToHealthCard: true,
      systemParam: { THEME_CONFIG: 'blue', NOTICE: '公告' },
      startup: 'done',
    });
    // The service's THEME_CONFIG is the hospital's theme: applied at once and remembered for the next visit.
    expect(document.documentElement.dataset.theme).toBe('blue');
    expect(localStorage.getItem('patient-h5:theme:1001')).toBe('blue');
  });

  it('takes the demonstration flag (absent: not a demonstration)', async () => {
    const store = createAppStore();
    const demo = fakeApi({
      getHospitalStartup: () => ({ description, canGoToHealthCard: true, systemParamMap: {}, demo: true }),
    });
    await startUp('1001', config, demo, store);
    expect(store.getState().demo).toBe(true);
    const plain = fakeApi({
      getHospitalStartup: () => ({ description, canGoToHealthCard: true, systemParamMap: {} }),
    });
    await startUp('1001', config, plain, store);
    expect(store.getState().demo).toBe(false);
  });

  it('ignores a THEME_CONFIG that names no known theme', async () => {
    const api = fakeApi({
      getHospitalStartup: () => ({
        description,
        canGoToHealthCard: true,
        systemParamMap: { THEME_CONFIG: 'pink' },
      }),
    });
    const store = createAppStore();
    expect(await startUp('1001', config, api, store)).toBe(true);
    expect(store.getState().systemParam).toEqual({ THEME_CONFIG: 'pink' });
    expect(document.documentElement.dataset.theme).toBe(BUILD_THEME);
    expect(localStorage.getItem('patient-h5:theme:1001')).toBeNull();
  });

  it('uses mdid as the organisation code for the flagged hospitals', async () => {
    const api = fakeApi({
      getHospitalStartup: () => ({ description, canGoToHealthCard: false, systemParamMap: {} }),
    });
    const store = createAppStore();
    await startUp('1001', { ...config, organizationCodeFromMdid: true }, api, store);
    expect(store.getState().organizationCode).toBe('MDID-1001');
    expect(store.getState().canGoToHealthCard).toBe(false);
    expect(document.documentElement.dataset.theme).toBe(BUILD_THEME);
  });

  it('when the call fails: the configured name, the build\'s theme, and startup "failed"', async () => {
    const api = fakeApi({
      getHospitalStartup: () => {
        throw new Error('state 500');
      },
    });
    const store = createAppStore();
    expect(await startUp('1001', config, api, store)).toBe(false);
    expect(store.getState()).toMatchObject({
      hospitalName: '配置中的医院名',
      organizationCode: null,
      canGoToHealthCard: false,
      startup: 'failed',
    });
    expect(document.documentElement.dataset.theme).toBe(BUILD_THEME);
  });
});

describe('keepStartingUp', () => {
  beforeEach(() => {
    document.documentElement.dataset.theme = BUILD_THEME;
    localStorage.clear();
  });

  it('asks again, silently, when the page comes back, until the data is in', async () => {
    let up = false;
    const silent: unknown[] = [];
    const store = createAppStore();
    const api = {
      request: async (_endpoint: Endpoint, _input: unknown, options: { silent?: boolean }) => {
        silent.push(options.silent);
        if (!up) throw new Error('network');
        return { description, canGoToHealthCard: true, systemParamMap: { THEME_CONFIG: 'red' } };
      },
    } as never;
    await keepStartingUp('1001', config, api, store);
    expect(store.getState().startup).toBe('failed');

    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(silent).toHaveLength(2));
    expect(store.getState().startup).toBe('failed');

    up = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(store.getState().startup).toBe('done'));
    expect(store.getState().hospitalName).toBe('郑州市中心医院');
    // The theme stayed while the service was down; its THEME_CONFIG applies once it answers.
    expect(document.documentElement.dataset.theme).toBe('red');
    // The first attempt shows its failure; the retries do not.
    expect(silent).toEqual([false, true, true]);

    // Done: no more calls.
    window.dispatchEvent(new Event('online'));
    await new Promise((r) => setTimeout(r, 50));
    expect(silent).toHaveLength(3);
  });
});
