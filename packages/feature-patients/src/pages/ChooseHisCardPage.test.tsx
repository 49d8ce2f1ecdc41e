import type { HisCard } from '@patient/contract';
import { toast } from '@patient/ui-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cardsListPath, chooseHisCardPath } from '../cards/routeParams.ts';
import { card, ID_ZHANG, ok, renderAt, routes, sent, setupService } from '../cards/testing.tsx';
import ChooseHisCardPage from './ChooseHisCardPage.tsx';

// The screen's toasts still render; the spy only records them (in jsdom a toast can vanish early, see README).
vi.mock('@patient/ui-kit', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@patient/ui-kit')>();
  return { ...actual, toast: vi.fn(actual.toast) };
});
beforeEach(() => vi.mocked(toast).mockClear());

const service = setupService();
const PATTERN = '/chooseContactHisCard/:type/:contactId/:hospitalId/:identityCard/:patientName';
const scope = { contactId: '1', hospitalId: '1000', identityCard: ID_ZHANG, patientName: '张伟' };
const ALL = `GET /his_cardInfo/hospital_id/1000/identity_card/${ID_ZHANG}/name/张伟`;

const his = (medicalCardNo: string, type: HisCard['type'], bound = false): HisCard => ({
  medicalCardNo,
  type,
  patientName: '张伟',
  hospitalId: '1000',
  bound,
});
const renderChoose = (type: string, state?: unknown, before?: string[]) =>
  renderAt(PATTERN, <ChooseHisCardPage />, chooseHisCardPath(type, scope), state, before);
const items = () => within(screen.getByRole('list', { name: '医院系统中的卡' })).getAllByRole('listitem');

describe('ChooseHisCardPage', () => {
  it('explains an unknown card type and sends nothing', async () => {
    renderChoose('VIP_CARD');
    expect(await screen.findByText('不支持的卡类型，请返回后重新选择')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 100));
    expect(service.server.received).toHaveLength(0);
  });

  it('looks up every card of the person, shows bound ones as bound and binds another', async () => {
    let bound = false;
    service.server.handle(
      routes({
        [ALL]: () =>
          ok([his('100012345678', 'HOSPITAL_CARD', true), his('YB0123456789', 'INSURANCE_CARD', bound)]),
        'POST /cardInfo': (r) => {
          bound = true;
          return ok(card('5', JSON.parse(r.body).medicalCardNo, { type: 'INSURANCE_CARD' }));
        },
      }),
    );
    renderChoose('all');
    await screen.findByText('YB0123456789');
    const [hospitalCard, insurance] = items();
    expect(within(hospitalCard).getByText('已绑定')).toBeTruthy();
    expect(within(hospitalCard).queryByRole('button')).toBeNull();
    expect(within(insurance).getByText('医保卡')).toBeTruthy();
    expect(screen.getAllByText('张*').length).toBeGreaterThan(0);
    expect(document.body.textContent).not.toContain(ID_ZHANG);

    fireEvent.click(within(insurance).getByRole('button', { name: '绑定医保卡 YB0123456789' }));
    await waitFor(() => expect(within(items()[1]).getByText('已绑定')).toBeTruthy());
    const bind = service.server.received.find((r) => r.method === 'POST')!;
    expect(JSON.parse(bind.body)).toEqual({
      contactId: '1',
      hospitalId: '1000',
      medicalCardNo: 'YB0123456789',
      type: 'INSURANCE_CARD',
    });
    expect(sent(service.server)).toEqual([ALL, 'POST /cardInfo', ALL]);
    expect(toast).toHaveBeenCalledWith('绑定成功');
  });

  it('asks for one card type when the link names one, and switches type from the tabs', async () => {
    service.server.handle(
      routes({
        [`${ALL}/type/HOSPITAL_CARD`]: () => ok([his('100012345678', 'HOSPITAL_CARD')]),
        [`${ALL}/type/HEALTH_CARD`]: () => ok([]),
      }),
    );
    const router = renderChoose('HOSPITAL_CARD');
    await screen.findByText('100012345678');
    expect(screen.getByRole('button', { name: '就诊卡' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: '健康卡' }));
    expect(await screen.findByText('未在示范人民医院查询到该就诊人的健康卡')).toBeTruthy();
    expect(router.state.location.pathname).toBe(chooseHisCardPath('HEALTH_CARD', scope));
    expect(sent(service.server)).toEqual([`${ALL}/type/HOSPITAL_CARD`, `${ALL}/type/HEALTH_CARD`]);
  });

  it('leads to adding by number or filing when the hospital has no card', async () => {
    service.server.handle(routes({ [ALL]: () => ok([]) }));
    const router = renderChoose('all');
    fireEvent.click(await screen.findByText('按卡号添加或在线建档'));
    expect(router.state.location.pathname).toBe(
      `/addContactCard/1/1000/${ID_ZHANG}/${encodeURIComponent('张伟')}`,
    );
  });

  it('goes back to the list it was opened from', async () => {
    service.server.handle(routes({ [ALL]: () => ok([]) }));
    const router = renderChoose('all', { fromCardsList: true }, [cardsListPath(scope)]);
    await screen.findByText('未在示范人民医院查询到该就诊人的卡');
    fireEvent.click(screen.getByText('返回就诊卡列表'));
    await waitFor(() => expect(router.state.location.pathname).toBe(cardsListPath(scope)));
    expect(router.state.historyAction).toBe('POP');
  });
});
