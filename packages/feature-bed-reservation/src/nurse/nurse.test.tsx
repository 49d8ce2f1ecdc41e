import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { answerDialog, bodiesOf, bodyShows, harness, pause, sent } from '../testing.tsx';
import AddPage from './AddPage.tsx';
import DetailPage from './DetailPage.tsx';
import IndexPage from './IndexPage.tsx';
import ListPage from './ListPage.tsx';
import RecordPage from './RecordPage.tsx';
import { browser } from './staff.tsx';

const ctx = setupFeature(harness);
/** Finds by role and name, waiting for the gate and the page's own load (a busy machine: up to 8 s). */
const find = (role: string, name: string | RegExp) => screen.findByRole(role, { name }, { timeout: 8000 });
const routes = {
  '/bedReservation/nurse/index': <IndexPage />,
  '/bedReservation/nurse/apply/:type': <ListPage />,
  '/bedReservation/nurse/add': <AddPage />,
  '/bedReservation/nurse/record/:orderId': <RecordPage />,
  '/bedReservation/nurse/detail/:orderId': <DetailPage />,
};
const assigned: string[] = [];
browser.assign = (url) => void assigned.push(url);
afterEach(() => {
  assigned.length = 0;
});

describe('staff sign-in', () => {
  it('offers 企业微信登录 without a staff session and sends the browser to the authorisation page with a state', async () => {
    ctx.service.signedIn = false;
    renderAt(routes, '/bedReservation/nurse/index');
    await bodyShows('请以医院工作人员身份登录');
    await act(async () => screen.getByRole('button', { name: '企业微信登录' }).click());
    await pause();
    expect(assigned).toHaveLength(1);
    const url = new URL(assigned[0], 'http://x');
    expect(url.pathname).toBe('/wxcorp-service/__dev/wecom/authorize');
    expect(url.searchParams.get('state')).toBe('1000');
    const nonce = sessionStorage.getItem('bedReservation.staffSignIn');
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(url.searchParams.get('redirect_uri')).toBe(`/bedReservation/nurse/index?signIn=${nonce}`);
  });

  it('exchanges the code it comes back with when the nonce matches, and cleans the address', async () => {
    ctx.service.signedIn = false;
    sessionStorage.setItem('bedReservation.staffSignIn', 'abc12345');
    const router = renderAt(routes, '/bedReservation/nurse/index?signIn=abc12345&code=good-code&state=1000');
    await bodyShows('李红');
    expect(bodiesOf(ctx.server, 'POST /v1/WXCorp/auth/login')).toEqual([
      { hospitalId: '1000', code: 'good-code' },
    ]);
    expect(router.state.location.search).toBe('');
    const tiles = await find('navigation', '预约列表');
    expect(
      within(tiles)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['1待安排', '0已安排待确认', '0已完成']);
  });

  it('refuses a code whose nonce is not this tab’s (sends nothing)', async () => {
    ctx.service.signedIn = false;
    sessionStorage.setItem('bedReservation.staffSignIn', 'abc12345');
    renderAt(routes, '/bedReservation/nurse/index?signIn=forged999&code=other-code&state=1000');
    await bodyShows('登录校验未通过，请重新登录');
    expect(sent(ctx.server)).not.toContain('POST /v1/WXCorp/auth/login');
  });
});

describe('the ward’s orders', () => {
  it('lists the pending orders, masked, and searches them', async () => {
    renderAt(routes, '/bedReservation/nurse/apply/pending');
    const list = await find('list', '待安排');
    expect(list.textContent).toContain('张* · *******8000');
    await userEvent.type(screen.getByLabelText('搜索'), 'ZYTZ0001{enter}');
    await pause();
    expect(bodiesOf(ctx.server, 'POST /v1/WXCorp/bedOrder/pending/page').at(-1)).toEqual({
      keyword: 'ZYTZ0001',
      pageSize: 50,
    });
  });

  it('offers an admission time', async () => {
    renderAt(routes, '/bedReservation/nurse/detail/7');
    await bodyShows('BR00000007');
    await act(async () => screen.getByRole('button', { name: '安排入院时间' }).click());
    await act(async () => screen.getByRole('button', { name: '确定安排' }).click());
    expect(screen.getByRole('alert').textContent).toBe('请选择入院日期');
    const date = screen.getByLabelText('入院日期') as HTMLInputElement;
    const tomorrow = new Date(Date.now() + 8 * 3600 * 1000 + 24 * 3600 * 1000).toISOString().slice(0, 10);
    await userEvent.type(date, tomorrow);
    await act(async () => screen.getByRole('radio', { name: /下午/ }).click());
    await userEvent.type(screen.getByLabelText(/床号/), '12');
    await act(async () => screen.getByRole('button', { name: '确定安排' }).click());
    await bodyShows('待患者确认');
    expect(bodiesOf(ctx.server, 'POST /v1/WXCorp/bedOrder/confirm')).toEqual([
      { orderId: '7', date: tomorrow, period: 'PM', bedNo: '12' },
    ]);
    expect(screen.getByRole('button', { name: '修改入院时间' })).toBeTruthy();
  });

  it('transfers to another ward only after confirming', async () => {
    renderAt(routes, '/bedReservation/nurse/detail/7');
    await bodyShows('BR00000007');
    await act(async () => screen.getByRole('button', { name: '转科' }).click());
    await bodyShows('转科原因');
    await act(async () => screen.getByRole('radio', { name: '消化内科病区' }).click());
    expect(screen.queryByRole('radio', { name: '心血管内科病区' })).toBeNull();
    await act(async () => screen.getByRole('radio', { name: '患者要求' }).click());
    await answerDialog(() => screen.getByRole('button', { name: '确定转科' }).click(), '取消');
    await pause();
    expect(sent(ctx.server)).not.toContain('POST /v1/WXCorp/bedOrder/transferDepartment');
    await answerDialog(() => screen.getByRole('button', { name: '确定转科' }).click(), '转科');
    await bodyShows('该预约已转至消化内科病区');
    expect(bodiesOf(ctx.server, 'POST /v1/WXCorp/bedOrder/transferDepartment')).toEqual([
      { orderId: '7', deptCode: 'W03', reason: '患者要求' },
    ]);
  });

  it('shows who did what and when', async () => {
    renderAt(routes, '/bedReservation/nurse/record/7');
    const log = await find('list', '操作记录');
    expect(
      within(log)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '申请心血管内科病区床位张伟 · 2030-05-10 09:00',
      '安排 2030-05-12 上午 8:00–11:30 入院李红（护士长） · 2030-05-10 10:00',
    ]);
  });

  it('registers a patient at the desk', async () => {
    const router = renderAt(routes, '/bedReservation/nurse/add');
    await userEvent.type(await screen.findByLabelText('患者姓名'), '孙丽');
    await userEvent.type(screen.getByLabelText('入院通知单号'), 'ZY5555');
    await userEvent.type(screen.getByLabelText('入院诊断'), '胰腺炎');
    await userEvent.type(screen.getByLabelText('开单医生'), '吴刚');
    await userEvent.type(screen.getByLabelText('联系电话'), '13600003333');
    await act(async () => screen.getByRole('button', { name: '登记' }).click());
    await pause();
    expect(bodiesOf(ctx.server, 'POST /v1/WXCorp/bedOrder/create')).toEqual([
      {
        patientName: '孙丽',
        deptCode: 'W01',
        noticeNo: 'ZY5555',
        diagnosis: '胰腺炎',
        doctorName: '吴刚',
        phone: '13600003333',
        expectedDate: null,
        remark: '',
      },
    ]);
    expect(router.state.location.pathname).toMatch(/^\/bedReservation\/nurse\/detail\//);
  });
});
