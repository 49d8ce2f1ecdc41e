import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessError, envelope, harness, sent } from '../schedule/testing.tsx';
import DeptsPage from './DeptsPage.tsx';

const ctx = setupFeature(harness);

const groups = () => screen.getByRole('navigation', { name: '一级科室' });
const depts = () => screen.getByRole('region', { name: '二级科室' });

describe('DeptsPage', () => {
  it('shows first-level departments on the left and the chosen one’s departments on the right', async () => {
    const router = renderAt({ '/depts': <DeptsPage /> }, '/depts');
    await screen.findByRole('button', { name: '内科' });
    expect(
      within(groups())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['内科', '外科', '儿科']);
    expect(within(groups()).getByRole('button', { name: '内科' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(depts()).getByText('心血管内科')).toBeTruthy();
    expect(within(depts()).getByText('门诊楼3楼')).toBeTruthy();
    expect(within(depts()).queryByText('普外科')).toBeNull();
    expect(sent(ctx.server)).toEqual(['GET /v1/dept/hospital/1000']);

    fireEvent.click(within(groups()).getByRole('button', { name: '外科' }));
    expect(within(depts()).getByText('骨科')).toBeTruthy();
    expect(within(depts()).queryByText('心血管内科')).toBeNull();
    fireEvent.click(within(groups()).getByRole('button', { name: '儿科' }));
    expect(within(depts()).getByText('该科室暂无可预约的专科')).toBeTruthy();

    fireEvent.click(within(groups()).getByRole('button', { name: '内科' }));
    fireEvent.click(screen.getByText('消化内科'));
    expect(router.state.location.pathname).toBe('/doctors/1000/12/XHNK02');
  });

  it('links the department schedule and the search', async () => {
    const router = renderAt({ '/depts': <DeptsPage /> }, '/depts');
    fireEvent.click(await screen.findByRole('link', { name: '心血管内科排班' }));
    expect(router.state.location.pathname).toBe('/doctorSchedule/1000/11/XNK01');
    await router.navigate('/depts');
    fireEvent.click(await screen.findByRole('link', { name: /^搜索科室/ }));
    expect(router.state.location.pathname).toBe('/depts/search');
  });

  it('leads to the same-day doctors and search in same-day mode', async () => {
    const router = renderAt({ '/today/depts': <DeptsPage /> }, '/today/depts');
    expect(await screen.findByText('当日挂号只能挂今天的号，请按时到院就诊')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '心血管内科排班' })).toBeNull();
    expect(screen.getByRole('link', { name: /^搜索科室/ }).getAttribute('href')).toBe(
      '/depts/search?sameDay=1',
    );
    fireEvent.click(screen.getByText('心血管内科'));
    expect(router.state.location.pathname).toBe('/today/doctors/1000/11/XNK01');
  });

  it('keeps the chosen group when the patient comes back (keep-alive)', async () => {
    const router = renderAt({ '/depts': <DeptsPage /> }, '/depts', { keepAlive: ['/depts'] });
    fireEvent.click(await screen.findByRole('button', { name: '外科' }));
    fireEvent.click(screen.getByText('骨科'));
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
    await router.navigate(-1);
    await waitFor(() =>
      expect(within(groups()).getByRole('button', { name: '外科' }).getAttribute('aria-pressed')).toBe(
        'true',
      ),
    );
    expect(within(depts()).getByText('骨科')).toBeTruthy();
    expect(sent(ctx.server)).toEqual(['GET /v1/dept/hospital/1000']);
  });

  it('shows loading, then an error with retry, then the list', async () => {
    let release = () => {};
    ctx.service.override(
      'GET /v1/dept/hospital/1000',
      () => new Promise((resolve) => (release = () => resolve(businessError(500, '科室服务繁忙')))),
    );
    renderAt({ '/depts': <DeptsPage /> }, '/depts');
    expect(await screen.findByText('正在加载科室...')).toBeTruthy();
    await waitFor(() => expect(sent(ctx.server)).toHaveLength(1));
    release();
    expect(await screen.findByText('科室加载失败')).toBeTruthy();
    expect(ctx.toasts).toEqual(['科室服务繁忙']);
    ctx.service.overrides.clear();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('button', { name: '内科' })).toBeTruthy();
  });

  it('shows the empty state when the hospital has no departments', async () => {
    ctx.service.override('GET /v1/dept/hospital/1000', envelope([]));
    renderAt({ '/depts': <DeptsPage /> }, '/depts');
    expect(await screen.findByText('暂无可预约的科室')).toBeTruthy();
  });
});
