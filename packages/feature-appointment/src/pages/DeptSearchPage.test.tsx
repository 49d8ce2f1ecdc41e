import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodiesOf, businessError, harness, sent } from '../schedule/testing.tsx';
import DeptSearchPage from './DeptSearchPage.tsx';

const ctx = setupFeature(harness);

const input = () => screen.getByRole('searchbox', { name: '搜索科室' });
const type = (value: string) => fireEvent.change(input(), { target: { value } });
const results = () => screen.getByRole('list', { name: '搜索结果' });
const searches = () => bodiesOf(ctx.server, '/v1/sources/hospitals/1000/queryBySpell');

describe('DeptSearchPage', () => {
  it('explains what to type and sends nothing before a keyword', async () => {
    renderAt({ '/depts/search': <DeptSearchPage /> }, '/depts/search');
    expect(screen.getByText('输入科室名称、拼音或首字母，如“内科”“neike”“nk”')).toBeTruthy();
    type('   ');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searches()).toEqual([]);
  });

  it('finds 内科 by initials, waiting for the patient to stop typing', async () => {
    const router = renderAt({ '/depts/search': <DeptSearchPage /> }, '/depts/search');
    type('n');
    type('nk');
    await screen.findByRole('list', { name: '搜索结果' });
    expect(searches()).toEqual([{ keyword: 'nk' }]);
    // 内科 itself is a first-level department: it lists its departments.
    expect(within(results()).getByText('内科')).toBeTruthy();
    const links = within(results()).getAllByRole('link');
    // xxgnk and xhnk contain nk too: they are listed once, under 内科.
    expect(links.map((a) => a.textContent)).toEqual(['心血管内科门诊楼3楼', '消化内科门诊楼2楼']);
    fireEvent.click(links[1]);
    expect(router.state.location.pathname).toBe('/doctors/1000/12/XHNK02');
  });

  it('names the group of a department found alone', async () => {
    renderAt({ '/depts/search': <DeptSearchPage /> }, '/depts/search');
    type('xhnk');
    await waitFor(() =>
      expect(within(results()).getByRole('link').textContent).toBe('消化内科内科 · 门诊楼2楼'),
    );
  });

  it('finds 内科 by full pinyin and by Chinese', async () => {
    renderAt({ '/depts/search': <DeptSearchPage /> }, '/depts/search');
    type('neike');
    await waitFor(() => expect(within(results()).getByText('内科')).toBeTruthy());
    type('骨');
    await waitFor(() =>
      expect(within(results()).getByRole('link', { name: /^骨科/ }).textContent).toBe('骨科外科'),
    );
    expect(searches()).toEqual([{ keyword: 'neike' }, { keyword: '骨' }]);
  });

  it('searches at once on enter and leads to same-day doctors from same-day booking', async () => {
    const router = renderAt({ '/depts/search': <DeptSearchPage /> }, '/depts/search?sameDay=1');
    type('puwaike');
    fireEvent.submit(input().closest('form')!);
    fireEvent.click(await screen.findByRole('link', { name: /^普外科/ }));
    expect(router.state.location.pathname).toBe('/today/doctors/1000/21/PWK01');
  });

  it('says so when nothing matches', async () => {
    renderAt({ '/depts/search': <DeptSearchPage /> }, '/depts/search');
    type('yanke');
    expect(await screen.findByText('没有找到与“yanke”相关的科室')).toBeTruthy();
  });

  it('refuses a keyword longer than 20 characters without sending it', async () => {
    renderAt({ '/depts/search': <DeptSearchPage /> }, '/depts/search');
    type('x'.repeat(21));
    expect(await screen.findByText('最多输入20个字')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(searches()).toEqual([]);
  });

  it('shows an error with retry', async () => {
    ctx.service.override('POST /v1/sources/hospitals/1000/queryBySpell', businessError(500, '搜索服务繁忙'));
    renderAt({ '/depts/search': <DeptSearchPage /> }, '/depts/search');
    type('nk');
    expect(await screen.findByText('搜索失败')).toBeTruthy();
    ctx.service.overrides.clear();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('list', { name: '搜索结果' })).toBeTruthy();
    expect(sent(ctx.server).filter((l) => l.endsWith('queryBySpell'))).toHaveLength(2);
  });
});
