import { configureApi } from '@patient/api-client';
import { appStore } from '@patient/app-state';
import { BOOKING_ROUTES, type HospitalConfig, HospitalConfigProvider } from '@patient/hospital-config';
import { defineFeature } from '@patient/ui-kit';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { unstable_HistoryRouter as HistoryRouter, Link, UNSAFE_createMemoryHistory } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cancellingHistory } from './create-hospital-app.tsx';
import { loadErrorText } from './route-page.tsx';
import { buildRouteTable } from './route-table.tsx';
import { AppRoutes } from './routes.tsx';
import { SPEC_ROUTES } from './spec-routes.ts';
import { testHospital } from './test/fixtures.ts';

function Draft() {
  const [text, setText] = useState('');
  return (
    <div>
      <input aria-label="草稿" value={text} onChange={(e) => setText(e.target.value)} />
      <Link to="/other">去别处</Link>
    </div>
  );
}
const Other = () => (
  <div>
    <p>别处页面</p>
    <Link to="/draft">回去</Link>
  </div>
);
const Patients = () => <p>就诊人页面</p>;

const testFeature = defineFeature({
  name: 'test',
  routes: [
    { path: '/draft', page: async () => ({ default: Draft }), meta: { title: '草稿页', keepAlive: true } },
    { path: '/other', page: async () => ({ default: Other }), meta: { title: '别处' } },
    {
      path: '/contactList',
      page: async () => ({ default: Patients }),
      meta: { title: '就诊人管理', loadsPatients: true },
    },
    { path: '/depts', page: async () => ({ default: () => <p>科室列表</p> }), meta: { title: '预约挂号' } },
    {
      path: '/broken',
      page: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      meta: { title: '坏页面' },
    },
  ],
});

function renderApp(
  path: string,
  config: HospitalConfig = testHospital(),
  loadContacts: () => Promise<void> = async () => {},
  api = { cancelPending: vi.fn(() => 0) },
  whenStarted?: () => Promise<unknown>,
) {
  const onEnterHomepage = vi.fn();
  const history = UNSAFE_createMemoryHistory({ v5Compat: true, initialEntries: [path] });
  const table = buildRouteTable(config, [testFeature], { loadContacts, whenStarted });
  render(
    <HospitalConfigProvider config={config}>
      <HistoryRouter history={cancellingHistory(history, api)}>
        <AppRoutes table={table} onEnterHomepage={onEnterHomepage} />
      </HistoryRouter>
    </HospitalConfigProvider>,
  );
  return { history, onEnterHomepage, api };
}

beforeAll(async () => {
  // The shell's own lazy screens, transformed once here: a test's waits are about routing, not about how long
  // a busy machine takes to compile the homepage on first import.
  await Promise.all([
    import('./homepage/Homepage.tsx'),
    import('./pages/ComingSoon.tsx'),
    import('./pages/NotFound.tsx'),
  ]);
  configureApi({
    baseURL: 'http://127.0.0.1:9',
    ui: { toast: () => {}, alert: async () => {} },
    navigate: () => {},
    redirect: () => {},
  });
});
afterEach(cleanup);

describe('routes', () => {
  it('redirects / to /homepage, which clears the stored cache', async () => {
    const { history, onEnterHomepage } = renderApp('/');
    await waitFor(() => expect(history.location.pathname).toBe('/homepage'));
    expect(onEnterHomepage).toHaveBeenCalled();
    expect(await screen.findByText('全部服务')).toBeTruthy();
    expect(document.title).toBe('测试人民医院');
  });

  it('sets the document title from the route meta', async () => {
    renderApp('/other');
    await screen.findByText('别处页面');
    expect(document.title).toBe('别处');
  });

  it('gives every screen one main landmark with the route title as its one h1, focused on navigation', async () => {
    renderApp('/draft');
    await screen.findByLabelText('草稿');
    const main = screen.getByRole('main');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['草稿页']);
    expect(main.contains(screen.getByRole('heading', { level: 1 }))).toBe(true);
    expect(document.activeElement).toBe(document.body);
    fireEvent.click(screen.getByText('去别处'));
    await screen.findByText('回去');
    expect(screen.getAllByRole('main')).toEqual([main]);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('别处');
    expect(document.activeElement).toBe(heading);
  });

  it('fetches the contacts before entering a loads-patients route', async () => {
    let release = () => {};
    const loadContacts = vi.fn(() => new Promise<void>((r) => (release = r)));
    renderApp('/contactList', testHospital(), loadContacts);
    await waitFor(() => expect(loadContacts).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('就诊人页面')).toBeNull();
    await act(async () => release());
    expect(await screen.findByText('就诊人页面')).toBeTruthy();
  });

  it('when the contacts do not load, says what the screen is for and retries by itself when back online', async () => {
    let up = false;
    const loadContacts = vi.fn(async () => {
      if (!up) throw new Error('network');
    });
    renderApp('/contactList', testHospital(), loadContacts);
    expect(await screen.findByText('就诊人管理加载失败')).toBeTruthy();
    expect(screen.queryByText('就诊人信息加载失败')).toBeNull();
    up = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('就诊人页面')).toBeTruthy();
    expect(loadContacts).toHaveBeenCalledTimes(2);
  });

  it('names the screen with its own loadError when it has one', () => {
    expect(loadErrorText({ title: '预约记录', loadsPatients: true })).toBe('预约记录加载失败');
    expect(loadErrorText({ title: '确认预约', loadError: '预约信息加载失败' })).toBe('预约信息加载失败');
  });

  it('paints the homepage at once; other screens wait for the start-up data', async () => {
    let started = () => {};
    const whenStarted = () => new Promise<void>((resolve) => (started = resolve));
    const { history } = renderApp('/homepage', testHospital(), async () => {}, undefined, whenStarted);
    expect(await screen.findByText('全部服务')).toBeTruthy();
    act(() => history.push('/other'));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByText('别处页面')).toBeNull();
    await act(async () => started());
    expect(await screen.findByText('别处页面')).toBeTruthy();
  });

  it('the first screen does not fade in; a screen the patient opens does', async () => {
    const { history } = renderApp('/other');
    const first = await screen.findByText('别处页面');
    expect(first.closest('.shell-fade')).toBeNull();
    act(() => history.push('/depts'));
    expect((await screen.findByText('科室列表')).closest('.shell-fade')).toBeTruthy();
    act(() => history.go(-1));
    expect((await screen.findByText('别处页面')).closest('.shell-fade')).toBeNull();
  });

  it('keeps a keep-alive screen’s state when the patient comes back', async () => {
    renderApp('/draft');
    fireEvent.change(await screen.findByLabelText('草稿'), { target: { value: '头痛三天' } });
    fireEvent.click(screen.getByText('去别处'));
    fireEvent.click(await screen.findByText('回去'));
    await waitFor(() => expect((screen.getByLabelText('草稿') as HTMLInputElement).value).toBe('头痛三天'));
  });

  it('shows a coming-soon screen for spec routes no feature provides yet, titled by area', async () => {
    renderApp('/nucleicAcidIndex');
    expect(await screen.findByText('“核酸检测”即将上线，敬请期待')).toBeTruthy();
    expect(document.title).toBe('核酸检测');
  });

  it('does not load patients (nor ask a visitor to log in) for a coming-soon screen', async () => {
    // /patientRecord loads patients in the spec; here no feature provides it.
    const loadContacts = vi.fn(() => Promise.reject(new Error('请先登录')));
    renderApp('/patientRecord', testHospital(), loadContacts);
    expect(await screen.findByText('“健康档案”即将上线，敬请期待')).toBeTruthy();
    expect(loadContacts).not.toHaveBeenCalled();
  });

  it('a screen whose code does not load keeps its title and offers to reload; going elsewhere works', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { history } = renderApp('/broken');
    expect(await screen.findByText('页面加载失败，请检查网络后重试')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('坏页面');
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
    act(() => history.push('/other'));
    expect(await screen.findByText('别处页面')).toBeTruthy();
  });

  it('answers unknown addresses with a not-found screen', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByText('您访问的页面不存在')).toBeTruthy();
  });

  it('finds every spec route, routed or not yet built, and nothing else', () => {
    const table = buildRouteTable(testHospital(), [testFeature], { loadContacts: async () => {} });
    for (const route of SPEC_ROUTES) {
      if (route.path === '/' || route.path === '/login') continue;
      const path = route.path.replace(/:\w+/g, '7');
      expect(table.at(path).path, path).toBe(route.path);
    }
    expect(table.at('/DEPTS/').path).toBe('/depts');
    expect(table.at('/no/such/page').path).toBe('*');
  });
});

describe('hospital overrides', () => {
  const offline = testHospital({ offlineRoutes: ['/depts', '/today/depts'] });

  it.each(['/depts', '/today/depts'])(
    '%s leads to the service-offline screen where the config says so',
    async (path) => {
      const { history } = renderApp(path, offline);
      await waitFor(() => expect(history.location.pathname).toBe('/404'));
      expect(await screen.findByText('该服务暂未开放或已下线，请通过医院其他渠道办理')).toBeTruthy();
    },
  );

  describe('where the service turns online booking off (ONLINE_BOOKING false)', () => {
    const setParams = (params: Record<string, string>) =>
      appStore.getState().update((s) => {
        s.systemParam = params;
      });
    afterEach(() => setParams({}));
    const started = () => Promise.resolve();

    // The spec's ways in (the table here has no feature; a feature's own, the doctor's page, is checked in the
    // browser suite's appointment.spec with every built feature).
    const specPaths = new Set(SPEC_ROUTES.map((r) => r.path));
    it.each(BOOKING_ROUTES.filter((p) => specPaths.has(p)).map((p) => p.replace(/:\w+/g, '7')))(
      '%s leads to the service-offline screen once the start-up data says so',
      async (path) => {
        setParams({ ONLINE_BOOKING: 'false' });
        const { history } = renderApp(path, testHospital(), async () => {}, undefined, started);
        await waitFor(() => expect(history.location.pathname).toBe('/404'));
      },
    );

    it('keeps the records of past bookings open', async () => {
      setParams({ ONLINE_BOOKING: 'false' });
      const { history } = renderApp('/other', testHospital(), async () => {}, undefined, started);
      expect(await screen.findByText('别处页面')).toBeTruthy();
      expect(history.location.pathname).toBe('/other');
    });
  });

  it('keeps booking for other hospitals', async () => {
    renderApp(
      '/depts',
      testHospital(),
      async () => {},
      undefined,
      () => Promise.resolve(),
    );
    expect(await screen.findByText('科室列表')).toBeTruthy();
  });
});

describe('cancelling requests on route change', () => {
  it('cancels pending requests on every navigation, before the next screen renders', async () => {
    const { history, api } = renderApp('/other');
    await screen.findByText('别处页面');
    expect(api.cancelPending).not.toHaveBeenCalled();
    act(() => history.push('/draft'));
    expect(api.cancelPending).toHaveBeenCalledTimes(1);
    act(() => history.replace('/other'));
    expect(api.cancelPending).toHaveBeenCalledTimes(2);
    act(() => history.go(-1));
    await waitFor(() => expect(api.cancelPending).toHaveBeenCalledTimes(3));
  });

  it('does not cancel the requests the next screen starts', async () => {
    let calls = 0;
    const api = { cancelPending: vi.fn(() => 0) };
    const loadContacts = vi.fn(async () => {
      calls = api.cancelPending.mock.calls.length;
    });
    const { history } = renderApp('/other', testHospital(), loadContacts, api);
    await screen.findByText('别处页面');
    act(() => history.push('/contactList'));
    expect(await screen.findByText('就诊人页面')).toBeTruthy();
    expect(calls).toBe(1);
    expect(api.cancelPending).toHaveBeenCalledTimes(1);
  });
});
