import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { toast } from '@patient/ui-kit';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answerDialog,
  card,
  contact,
  harness,
  ID_WANG,
  ID_ZHANG,
  ok,
  routes,
  sent,
} from '../cards/testing.tsx';
import CardDetailPage from './CardDetailPage.tsx';

// The screen's toasts still render; the spy only records them (in jsdom a toast can vanish early, see README).
vi.mock('@patient/ui-kit', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@patient/ui-kit')>();
  return { ...actual, toast: vi.fn(actual.toast) };
});
beforeEach(() => vi.mocked(toast).mockClear());

const service = setupFeature(harness);
const PATTERN = '/cardDetail/:cardId';
/** The name of the card's hospital (not the app's own) is looked up once. */
const DESCRIPTION = 'GET /v1/hospital/1001/description';
const renderDetail = (path: string, state?: unknown) =>
  renderAt({ [PATTERN]: <CardDetailPage /> }, path, { state });

const mother = card('21', '100055556666', {
  contactId: '2',
  patientName: '王秀兰',
  identityCard: ID_WANG,
  hospitalId: '1001',
});

describe('CardDetailPage', () => {
  it('ignores navigation state of another card and explains a malformed card id', async () => {
    renderDetail('/cardDetail/%E5%8D%A1', { card: mother });
    expect(await screen.findByText('页面链接中的就诊卡有误，请返回后重新进入')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 100));
    expect(service.server.received).toHaveLength(0);
  });

  it("finds the card among the account's cards and draws its number as a QR code and a CODE128 barcode", async () => {
    service.server.handle(
      routes({
        'GET /contacts': () =>
          ok([contact('1', '张伟', ID_ZHANG, { isDefault: true }), contact('2', '王秀兰', ID_WANG)]),
        'GET /cardInfo/1': () => ok([card('11', '100012345678', { isDefault: true })]),
        'GET /cardInfo/2': () => ok([mother]),
        'GET /v1/hospital/1001/description': () =>
          ok({ hospitalId: '1001', hospitalName: '郑州市第一人民医院', originCode: 'x', mdid: 'y' }),
      }),
    );
    renderDetail('/cardDetail/21');
    const qr = await screen.findByRole('img', { name: '就诊卡二维码' });
    expect(qr.dataset.value).toBe('100055556666');
    await waitFor(() => expect(qr.querySelectorAll('path').length).toBeGreaterThan(0));
    const barcode = screen.getByRole('img', { name: '就诊卡条形码' });
    expect(barcode.dataset.value).toBe('100055556666');
    await waitFor(() => expect(barcode.querySelectorAll('rect').length).toBeGreaterThan(10));
    expect(screen.getByText('出示给医院工作人员扫码')).toBeTruthy();
    expect(screen.getAllByText('王**').length).toBeGreaterThan(0);
    expect(screen.getByText('41010*************')).toBeTruthy();
    expect(document.body.textContent).not.toContain('王秀兰');
    expect(document.body.textContent).not.toContain(ID_WANG);
    await waitFor(() => expect(screen.getAllByText('郑州市第一人民医院').length).toBeGreaterThan(0));
  });

  it('paints the card from navigation state at once and confirms it with one request', async () => {
    let answer: (() => void) | null = null;
    const gate = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const handler = routes({ 'GET /cardInfo/2': () => ok([{ ...mother, isDefault: true }]) });
    service.server.handle(async (r) => {
      await gate;
      return handler(r);
    });
    renderDetail('/cardDetail/21', { card: mother });
    expect(screen.getByRole('img', { name: '就诊卡二维码' }).dataset.value).toBe('100055556666');
    expect((screen.getByText('解绑此卡') as HTMLButtonElement).disabled).toBe(true);
    answer!();
    await waitFor(() => expect(screen.queryByText('设为默认卡')).toBeNull());
    expect(sent(service.server, DESCRIPTION)).toEqual(['GET /cardInfo/2']);
  });

  it('says so when the account has no such card', async () => {
    service.server.handle(
      routes({
        'GET /contacts': () => ok([contact('1', '张伟', ID_ZHANG)]),
        'GET /cardInfo/1': () => ok([card('11', '100012345678')]),
      }),
    );
    renderDetail('/cardDetail/99');
    expect(await screen.findByText('未找到该就诊卡，可能已经解绑')).toBeTruthy();
  });

  it("sets the card as default, and unbinds it after confirming, back to the contact's list", async () => {
    let cards = [mother];
    service.server.handle(
      routes({
        'GET /cardInfo/2': () => ok(cards),
        'POST /updateDefaultCard': () => {
          cards = [{ ...mother, isDefault: true }];
          return ok(true);
        },
        'POST /remove/cardInfo/card_id/21': () => ok(true),
      }),
    );
    const router = renderDetail('/cardDetail/21', { card: mother });
    await waitFor(() => expect((screen.getByText('设为默认卡') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByText('设为默认卡'));
    await waitFor(() => expect(screen.queryByText('设为默认卡')).toBeNull());
    expect(screen.getByText('默认')).toBeTruthy();

    await answerDialog(() => fireEvent.click(screen.getByText('解绑此卡')), '解绑');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/cardsList/2/1001/${ID_WANG}/${encodeURIComponent('王秀兰')}`,
      ),
    );
    expect(sent(service.server, 'GET /cardInfo/2', DESCRIPTION)).toEqual([
      'POST /updateDefaultCard',
      'POST /remove/cardInfo/card_id/21',
    ]);
    expect(toast).toHaveBeenCalledWith('已设为默认卡');
    expect(toast).toHaveBeenCalledWith('已解绑');
  });

  it('goes one step back to the list it was opened from after unbinding', async () => {
    service.server.handle(
      routes({ 'GET /cardInfo/2': () => ok([mother]), 'POST /remove/cardInfo/card_id/21': () => ok(true) }),
    );
    const list = `/cardsList/2/1001/${ID_WANG}/${encodeURIComponent('王秀兰')}`;
    const router = renderAt({ [PATTERN]: <CardDetailPage /> }, '/cardDetail/21', {
      state: { card: mother, fromCardsList: true },
      before: [list],
    });
    await waitFor(() => expect((screen.getByText('解绑此卡') as HTMLButtonElement).disabled).toBe(false));
    await answerDialog(() => fireEvent.click(screen.getByText('解绑此卡')), '解绑');
    await waitFor(() => expect(router.state.location.pathname).toBe(list));
    expect(router.state.historyAction).toBe('POP');
  });
});
