import type { DataAccessRecord } from '@patient/contract';
import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyShows, fail, harness, sent } from '../testing.tsx';
import AccessLogPage from './AccessLogPage.tsx';

const ctx = setupFeature(harness);
const routes = { '/privacy/access': <AccessLogPage /> };

const record = (accessId: string, extra: Partial<DataAccessRecord> = {}): DataAccessRecord => ({
  accessId,
  at: '2026-11-02T01:30:00.000Z',
  staffName: '李红',
  staffTitle: '护士长',
  action: 'VIEW',
  what: '床位预约 BR00000012',
  purpose: '安排住院床位',
  patientName: '张*',
  ...extra,
});

describe('访问记录', () => {
  it('lists who read the data, when, what and why, as the service gives them', async () => {
    ctx.service.accessLog = {
      items: [record('2', { action: 'CHANGE', what: '床位预约 BR00000012 安排入院时间' }), record('1')],
      total: 2,
    };
    renderAt(routes, '/privacy/access');
    const list = await screen.findByRole('list', { name: '访问记录' });
    const [changed, viewed] = within(list).getAllByRole('listitem');
    expect(changed.textContent).toContain('李红（护士长）处理');
    expect(changed.textContent).toContain('时间 2026-11-02 09:30');
    expect(changed.textContent).toContain('内容 床位预约 BR00000012 安排入院时间（就诊人 张*）');
    expect(changed.textContent).toContain('用途 安排住院床位');
    expect(viewed.textContent).toContain('查看详情');
    expect(document.body.textContent).not.toContain('仅显示最近');
    expect(sent(ctx.server)).toEqual(['GET /v1/privacy/access-log']);
  });

  it('says when only the newest are shown', async () => {
    ctx.service.accessLog = { items: [record('1')], total: 140 };
    renderAt(routes, '/privacy/access');
    await bodyShows('仅显示最近 100 条，共 140 条');
  });

  it('says so when nobody has read anything', async () => {
    renderAt(routes, '/privacy/access');
    await bodyShows('暂无医院工作人员查看您的信息');
  });

  it('offers a retry when the log fails', async () => {
    ctx.service.override('GET /v1/privacy/access-log', fail(502, '医院服务暂时无法连接'));
    renderAt(routes, '/privacy/access');
    await bodyShows('访问记录加载失败');
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
  });
});
