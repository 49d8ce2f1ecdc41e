import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyShows, fail, harness } from '../testing.tsx';
import ConsentPage from './ConsentPage.tsx';

const ctx = setupFeature(harness);
const routes = { '/consent': <ConsentPage /> };

describe('ConsentPage', () => {
  it('lists the items with the system’s note', async () => {
    renderAt(routes, '/consent');
    const list = await screen.findByRole('list', { name: '隐私与授权' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['示例：隐私与授权']);
    await bodyShows('（模拟）');
  });

  it('says so when there are none', async () => {
    ctx.service.items = [];
    renderAt(routes, '/consent');
    await bodyShows('暂无记录');
  });

  it('offers a retry when the list fails', async () => {
    ctx.service.override('GET /v1/consent', fail(502, '医院服务暂时无法连接'));
    renderAt(routes, '/consent');
    await bodyShows('隐私与授权加载失败');
  });
});
