import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { toast } from '@patient/ui-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cardsListPath } from '../cards/routeParams.ts';
import {
  answerDialog,
  bodyShows,
  card,
  fail,
  harness,
  ID_ZHANG,
  ok,
  routes,
  sent,
} from '../cards/testing.tsx';
import CardsListPage, { orderCards } from './CardsListPage.tsx';

// The screen's toasts still render; the spy only records them (in jsdom a toast can vanish early, see README).
vi.mock('@patient/ui-kit', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@patient/ui-kit')>();
  return { ...actual, toast: vi.fn(actual.toast) };
});
beforeEach(() => vi.mocked(toast).mockClear());

const service = setupFeature(harness);
const PATTERN = '/cardsList/:contactId/:hospitalId/:identityCard/:patientName';
const scope = { contactId: '1', hospitalId: '1000', identityCard: ID_ZHANG, patientName: '张伟' };
const LIST = 'GET /cardInfo/1';

const renderList = (path = cardsListPath(scope)) => renderAt({ [PATTERN]: <CardsListPage /> }, path);
const items = () => within(screen.getByRole('list', { name: '就诊卡列表' })).getAllByRole('listitem');

describe('CardsListPage', () => {
  it('explains a malformed link and sends nothing', async () => {
    renderList('/cardsList/1/1000/110105/%E5%BC%A0%');
    expect(await screen.findByText('页面链接中的姓名有误，请返回后重新进入')).toBeTruthy();
    expect(screen.getByText('返回就诊人管理')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 100));
    expect(service.server.received).toHaveLength(0);
  });

  it('lists the cards default first with a badge, masking the name and ID number of the link', async () => {
    service.server.handle(
      routes({
        [LIST]: (r) => {
          expect(r.query.get('hospitalId')).toBe('1000');
          return ok([
            card('11', '100012345678'),
            card('12', 'YB0123456789', { type: 'INSURANCE_CARD', isDefault: true }),
          ]);
        },
      }),
    );
    renderList();
    await screen.findByText('YB0123456789');
    const [first, second] = items();
    expect(first.textContent).toContain('医保卡');
    expect(within(first).getByText('默认')).toBeTruthy();
    expect(second.textContent).toContain('就诊卡');
    expect(within(second).queryByText('默认')).toBeNull();
    expect(within(first).queryByText('设为默认')).toBeNull();
    expect(within(second).getByText('设为默认')).toBeTruthy();
    expect(screen.getByText('张*')).toBeTruthy();
    expect(screen.getByText('证件号码 11010*************')).toBeTruthy();
    expect(document.body.textContent).not.toContain(ID_ZHANG);
    expect(document.body.textContent).not.toContain('张伟');
    expect(screen.getByText('示范人民医院')).toBeTruthy();
  });

  it('orders default first and otherwise keeps the order given', () => {
    const cards = [card('1', 'A0001'), card('2', 'A0002'), card('3', 'A0003', { isDefault: true })];
    expect(orderCards(cards).map((c) => c.cardId)).toEqual(['3', '1', '2']);
  });

  it('sends nothing when the unbind dialog is cancelled, unbinds and reloads when confirmed', async () => {
    let cards = [card('11', '100012345678', { isDefault: true }), card('12', '100087654321')];
    service.server.handle(
      routes({
        [LIST]: () => ok(cards),
        'POST /remove/cardInfo/card_id/12': () => {
          cards = cards.filter((c) => c.cardId !== '12');
          return ok(true);
        },
      }),
    );
    renderList();
    await screen.findByText('100087654321');
    const unbind = () => fireEvent.click(within(items()[1]).getByText('解绑'));

    await answerDialog(unbind, '取消');
    await bodyShows('确定解绑就诊卡 100087654321 吗？');
    await new Promise((r) => setTimeout(r, 100));
    expect(sent(service.server, LIST)).toEqual([]);

    await answerDialog(unbind, '解绑');
    await waitFor(() => expect(screen.queryByText('100087654321')).toBeNull());
    expect(sent(service.server, LIST)).toEqual(['POST /remove/cardInfo/card_id/12']);
    expect(toast).toHaveBeenCalledWith('已解绑');
  });

  it('sets the default card by its number and shows the new order', async () => {
    let defaultNo = '100012345678';
    const list = () =>
      orderCards(
        ['100012345678', '100087654321'].map((no, i) => card(String(i), no, { isDefault: no === defaultNo })),
      );
    service.server.handle(
      routes({
        [LIST]: () => ok(list()),
        'POST /updateDefaultCard': (r) => {
          defaultNo = r.query.get('medicalCardNo')!;
          expect(r.query.get('contactId')).toBe('1');
          return ok(true);
        },
      }),
    );
    renderList();
    await screen.findByText('100087654321');
    fireEvent.click(within(items()[1]).getByText('设为默认'));
    await waitFor(() => expect(items()[0].textContent).toContain('100087654321'));
    expect(within(items()[0]).getByText('默认')).toBeTruthy();
    expect(sent(service.server, LIST)).toEqual(['POST /updateDefaultCard']);
    expect(toast).toHaveBeenCalledWith('已设为默认卡');
  });

  it('shows the empty state with the ways to add a card, and opens them', async () => {
    service.server.handle(routes({ [LIST]: () => ok([]) }));
    const router = renderList();
    await screen.findByText(/还没有绑定就诊卡/);
    fireEvent.click(screen.getByText('查询医院为我办理的卡'));
    expect(router.state.location.pathname).toBe(
      `/chooseContactHisCard/all/1/1000/${ID_ZHANG}/${encodeURIComponent('张伟')}`,
    );
    expect(router.state.location.state).toEqual({ fromCardsList: true });
  });

  it('opens a card with the card in navigation state', async () => {
    const the = card('11', '100012345678', { isDefault: true });
    service.server.handle(routes({ [LIST]: () => ok([the]) }));
    const router = renderList();
    fireEvent.click(await screen.findByText('100012345678'));
    expect(router.state.location.pathname).toBe('/cardDetail/11');
    expect(router.state.location.state).toEqual({ card: the, fromCardsList: true });
  });

  it('offers a retry when the list does not load', async () => {
    let calls = 0;
    service.server.handle(
      routes({ [LIST]: () => (++calls === 1 ? fail(404, '就诊人不存在') : ok([card('1', 'A0001')])) }),
    );
    renderList();
    fireEvent.click(await screen.findByText('重新加载'));
    await screen.findByText('A0001');
    expect(service.toasts).toEqual(['就诊人不存在']);
  });
});
