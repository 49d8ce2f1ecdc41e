import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { toast } from '@patient/ui-kit';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CARD_NUMBER_MESSAGES } from '../cards/cardTypes.ts';
import { addCardPath, cardsListPath } from '../cards/routeParams.ts';
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
import AddCardPage from './AddCardPage.tsx';

// The screen's toasts still render; the spy only records them (in jsdom a toast can vanish early, see README).
vi.mock('@patient/ui-kit', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@patient/ui-kit')>();
  return { ...actual, toast: vi.fn(actual.toast) };
});
beforeEach(() => vi.mocked(toast).mockClear());

const service = setupFeature(harness);
const PATTERN = '/addContactCard/:contactId/:hospitalId/:identityCard/:patientName';
const scope = { contactId: '1', hospitalId: '1000', identityCard: ID_ZHANG, patientName: '张伟' };
const RECORD = 'GET /v1/contact/1/hasPatientRecord';

const renderAdd = (state?: unknown, before?: string[]) =>
  renderAt({ [PATTERN]: <AddCardPage /> }, addCardPath(scope), { state, before });
const cardInput = () => screen.getByPlaceholderText('请输入卡面上的卡号') as HTMLInputElement;

describe('AddCardPage', () => {
  it('explains a malformed link and sends nothing', async () => {
    renderAt({ [PATTERN]: <AddCardPage /> }, '/addContactCard/1/1000/%E5%/x');
    expect(await screen.findByText('页面链接中的证件号码有误，请返回后重新进入')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 100));
    expect(service.server.received).toHaveLength(0);
  });

  it('explains an invalid card number beside the field and sends nothing', async () => {
    service.server.handle(routes({ [RECORD]: () => ok(true) }));
    renderAdd();
    await service.server.arrivals(1);

    fireEvent.click(screen.getByText('绑定'));
    expect((await screen.findByRole('alert')).textContent).toBe(CARD_NUMBER_MESSAGES.empty);
    for (const bad of ['123', '1000-12345', '卡1234']) {
      fireEvent.change(cardInput(), { target: { value: bad } });
      fireEvent.click(screen.getByText('绑定'));
      expect((await screen.findByRole('alert')).textContent).toBe(CARD_NUMBER_MESSAGES.invalid);
      expect(cardInput().getAttribute('aria-invalid')).toBe('true');
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(sent(service.server, RECORD)).toEqual([]);
  });

  it('binds a valid number with the chosen type and goes back to the list', async () => {
    service.server.handle(
      routes({
        [RECORD]: (r) => {
          expect(Object.fromEntries(r.query)).toEqual({ name: '张伟', idCard: ID_ZHANG, hospitalId: '1000' });
          return ok(true);
        },
        'POST /cardInfo': () => ok(card('31', 'YB0123456789', { type: 'INSURANCE_CARD' })),
      }),
    );
    const router = renderAdd();
    fireEvent.click(screen.getByText('医保卡'));
    fireEvent.change(cardInput(), { target: { value: ' YB01 2345 6789 ' } });
    expect(cardInput().value).toBe('YB0123456789');
    fireEvent.click(screen.getByText('绑定'));
    await waitFor(() => expect(router.state.location.pathname).toBe(cardsListPath(scope)));
    const bind = service.server.received.find((r) => r.path.endsWith('/cardInfo'))!;
    expect(JSON.parse(bind.body)).toEqual({
      contactId: '1',
      hospitalId: '1000',
      medicalCardNo: 'YB0123456789',
      type: 'INSURANCE_CARD',
    });
    expect(toast).toHaveBeenCalledWith('绑定成功');
  });

  it('keeps the input and stays when the hospital does not know the number', async () => {
    service.server.handle(
      routes({ [RECORD]: () => ok(true), 'POST /cardInfo': () => fail(404, '未查询到该就诊卡') }),
    );
    const router = renderAdd();
    fireEvent.change(cardInput(), { target: { value: '100099999999' } });
    fireEvent.click(screen.getByText('绑定'));
    await waitFor(() => expect(service.toasts).toEqual(['未查询到该就诊卡']));
    expect(cardInput().value).toBe('100099999999');
    expect(router.state.location.pathname).toBe(addCardPath(scope));
    expect((screen.getByText('绑定') as HTMLButtonElement).disabled).toBe(false);
    expect(toast).not.toHaveBeenCalled();
  });

  it('offers to file a record when the hospital has none: cancel sends nothing, confirm files and goes back', async () => {
    service.server.handle(
      routes({
        [RECORD]: () => ok(false),
        'POST /contact/patientInformationFiling': () => ok(card('41', '100011112222', { isDefault: true })),
      }),
    );
    // Opened from the list: done means one step back, not a second list entry.
    const router = renderAdd({ fromCardsList: true }, [cardsListPath(scope)]);
    const file = await screen.findByText('在线建档并领取就诊卡');
    expect(screen.getByText('在示范人民医院还没有档案')).toBeTruthy();

    await answerDialog(() => fireEvent.click(file), '取消');
    await bodyShows('将使用就诊人张*的姓名和证件号码在示范人民医院建立患者档案');
    await new Promise((r) => setTimeout(r, 100));
    expect(sent(service.server, RECORD)).toEqual([]);

    await answerDialog(() => fireEvent.click(file), '确定建档');
    await waitFor(() => expect(router.state.location.pathname).toBe(cardsListPath(scope)));
    expect(router.state.historyAction).toBe('POP');
    expect(toast).toHaveBeenCalledWith('建档成功，已发放就诊卡 100011112222');
    expect(sent(service.server, RECORD)).toEqual(['POST /contact/patientInformationFiling']);
    const filed = service.server.received.find((r) => r.path.endsWith('/patientInformationFiling'))!;
    expect(JSON.parse(filed.body)).toEqual({ contactId: '1', hospitalId: '1000' });
  });

  it('does not offer filing to a person the hospital knows', async () => {
    service.server.handle(routes({ [RECORD]: () => ok(true) }));
    renderAdd();
    await service.server.arrivals(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('在线建档并领取就诊卡')).toBeNull();
    expect(document.body.textContent).not.toContain(ID_ZHANG);
  });
});
