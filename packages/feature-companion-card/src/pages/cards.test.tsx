import { renderAt, servicePath, setupFeature } from '@patient/feature-kit/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerDialog, bodiesOf, bodyShows, harness, pause, sent } from '../testing.tsx';
import ApplicationsPage from './ApplicationsPage.tsx';
import CardListPage from './CardListPage.tsx';
import DetailPage from './DetailPage.tsx';
import EffectivePage from './EffectivePage.tsx';

const ctx = setupFeature(harness);

/** The query strings of the requests to exactly 'METHOD /path' (the state-changing GETs carry the card there). */
const queriesOf = (line: string) =>
  ctx.server.received.filter((r) => `${r.method} ${servicePath(r)}` === line).map((r) => r.query.toString());
const routes = {
  '/patientCareCard/list': <CardListPage />,
  '/patientCareCard/order': <ApplicationsPage />,
  '/patientCareCard/detail/:id': <DetailPage />,
  '/patientCareCard/effective': <EffectivePage />,
};

describe('the lists', () => {
  it('shows the cards on the way in and the applications on their own page, masked, each to its detail', async () => {
    renderAt(routes, '/patientCareCard/list');
    const cards = await screen.findByRole('list', { name: '我的陪护证' });
    const row = within(cards).getByRole('link');
    expect(row.textContent).toContain('张* · 心血管内科');
    expect(row.textContent).toContain('已生效');
    expect(row.textContent).toContain('陪护人 王**（子女）');
    expect(row.getAttribute('href')).toBe('/patientCareCard/detail/6');
    expect(screen.getByRole('link', { name: '申请陪护证' }).getAttribute('href')).toBe(
      '/patientCareCard/apply',
    );
    expect(bodiesOf(ctx.server, 'POST /v1/chaperonage/userChaperonageListForPage')).toEqual([
      { hospitalId: '1000', statuses: ['EFFECTIVE', 'CANCELLED', 'EXPIRED'], pageNum: 1, pageSize: 50 },
    ]);
  });

  it('lists the waiting application among the applications', async () => {
    renderAt(routes, '/patientCareCard/order');
    const list = await screen.findByRole('list', { name: '申请记录' });
    expect(within(list).getByRole('link').textContent).toContain('审核中');
  });

  it('offers the way to apply when there is nothing', async () => {
    ctx.service.cards = [];
    renderAt(routes, '/patientCareCard/order');
    await bodyShows('暂无申请记录');
  });
});

describe('DetailPage', () => {
  it('withdraws a waiting application after confirming, masked data on screen', async () => {
    renderAt(routes, '/patientCareCard/detail/5');
    await bodyShows('病区正在审核您的申请');
    expect(document.body.textContent).toContain('11010*************');
    expect(document.body.textContent).toContain('*******5678');
    expect(document.body.textContent).not.toContain('王小明');
    expect(screen.queryByRole('button', { name: '注销陪护证' })).toBeNull();
    // Declined first: nothing is sent.
    await answerDialog(() => screen.getByRole('button', { name: '撤回申请' }).click(), '再想想');
    await pause();
    expect(sent(ctx.server).filter((l) => l.includes('cancelApplying'))).toEqual([]);
    const text = await answerDialog(() => screen.getByRole('button', { name: '撤回申请' }).click(), '撤回');
    expect(text).toContain('确定撤回吗');
    await bodyShows('申请已撤回');
    expect(queriesOf('GET /v1/chaperonage/cancelApplying')).toEqual(['cardId=5']);
    expect(screen.queryByRole('button', { name: '撤回申请' })).toBeNull();
  });

  it('cancels an effective card after confirming, and offers its QR code before', async () => {
    renderAt(routes, '/patientCareCard/detail/6');
    await bodyShows('进出病区时请出示陪护证二维码');
    expect(screen.getByRole('link', { name: '出示二维码' }).getAttribute('href')).toBe(
      '/patientCareCard/effective?cardId=6',
    );
    await answerDialog(() => screen.getByRole('button', { name: '注销陪护证' }).click(), '注销');
    await bodyShows('陪护证已注销，不能再进出病区');
    expect(queriesOf('GET /v1/chaperonage/cancellationChaperonage')).toEqual(['cardId=6']);
    expect(screen.queryByRole('link', { name: '出示二维码' })).toBeNull();
  });

  it('hands a card to the companion after confirming, then shows the list without it', async () => {
    renderAt(routes, '/patientCareCard/detail/6');
    await bodyShows('进出病区时请出示陪护证二维码');
    await answerDialog(() => screen.getByRole('button', { name: '转交给陪护人' }).click(), '再想想');
    await pause();
    expect(sent(ctx.server).filter((l) => l.includes('changeSpecialUserIuid'))).toEqual([]);
    const text = await answerDialog(
      () => screen.getByRole('button', { name: '转交给陪护人' }).click(),
      '转交',
    );
    expect(text).toContain('*******5678');
    await bodyShows('已转交给陪护人');
    expect(bodiesOf(ctx.server, 'POST /v1/chaperonage/changeSpecialUserIuid')).toEqual([{ cardId: '6' }]);
    await waitFor(() => expect(ctx.service.cards.some((c) => c.cardId === '6')).toBe(false));
  });

  it('says why a rejected application did not pass; 404 and bad links', async () => {
    ctx.service.cards.push(
      (await import('../testing.tsx')).makeCard({
        cardId: '7',
        status: 'REJECTED',
        rejectReason: '陪护人年龄不符合要求',
        canWithdraw: false,
      }),
    );
    const router = renderAt(routes, '/patientCareCard/detail/7');
    await bodyShows('病区未通过您的申请：陪护人年龄不符合要求');
    await act(() => router.navigate('/patientCareCard/detail/77'));
    await bodyShows('陪护证加载失败');
    const before = sent(ctx.server).length;
    await act(() => router.navigate('/patientCareCard/detail/%3Cx%3E'));
    await bodyShows('链接无效');
    await pause();
    expect(sent(ctx.server).length).toBe(before);
  });
});

describe('EffectivePage', () => {
  it('shows the effective card’s QR code and fetches a new one when told to', async () => {
    renderAt(routes, '/patientCareCard/effective');
    const code = await screen.findByRole('img', { name: /陪护证二维码/ });
    expect(code.getAttribute('data-value')).toBe('PC1.6.1.signature');
    expect(document.body.textContent).toContain('截图无效');
    await waitFor(
      () =>
        expect(screen.getByRole('img', { name: /陪护证二维码/ }).getAttribute('data-value')).toBe(
          'PC1.6.2.signature',
        ),
      { timeout: 4000 },
    );
  });

  it('takes the code off the screen when the card stops being effective', async () => {
    renderAt(routes, '/patientCareCard/effective');
    await screen.findByRole('img', { name: /陪护证二维码/ });
    ctx.service.cards[1].status = 'CANCELLED';
    await bodyShows('二维码加载失败');
    expect(screen.queryByRole('img', { name: /陪护证二维码/ })).toBeNull();
  });

  it('offers the way to apply when no card is effective', async () => {
    ctx.service.cards = [];
    renderAt(routes, '/patientCareCard/effective');
    await bodyShows('暂无生效的陪护证');
    expect(screen.getByRole('link', { name: '申请陪护证' })).toBeTruthy();
  });
});
