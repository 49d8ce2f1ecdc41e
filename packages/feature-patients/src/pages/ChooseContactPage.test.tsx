import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { harness, ID_GIRL, ID_MAN, ID_WOMAN, makeContact, testConfig } from '../contacts/testing.tsx';
import ChooseContactPage from './ChooseContactPage.tsx';

const ctx = setupFeature(harness);
const PATTERN = '/chooseContact/:type';

function seed() {
  ctx.service.contacts = [
    makeContact('1', '王秀兰', ID_WOMAN, { relation: 'PARENT' }),
    makeContact('2', '张伟', ID_MAN, { relation: 'SELF', isDefault: true }),
    makeContact('3', 'Anna Lee', 'E12345678', { documentType: 'PASSPORT_NUMBER' }),
  ];
}

async function choose(type: string, name: string) {
  seed();
  const router = renderAt({ [PATTERN]: <ChooseContactPage /> }, `/chooseContact/${type}`);
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^${name}`) }));
  return router.state.location;
}

describe('ChooseContactPage', () => {
  it('lists the default contact first and links to adding one', async () => {
    seed();
    const router = renderAt({ [PATTERN]: <ChooseContactPage /> }, '/chooseContact/healthCode');
    expect(await screen.findByText('请选择办理健康码的就诊人')).toBeTruthy();
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      '就诊人张伟',
      '就诊人王秀兰',
      '就诊人Anna Lee',
    ]);
    fireEvent.click(screen.getByRole('button', { name: '添加就诊人' }));
    expect(router.state.location.pathname).toBe('/contactDetail/new');
  });

  it('healthCode → /applyHealthCode/:contactId', async () => {
    expect((await choose('healthCode', '王秀兰')).pathname).toBe('/applyHealthCode/1');
  });

  it('patientCode → /patientCode?contactId=…', async () => {
    const location = await choose('patientCode', '张伟');
    expect(`${location.pathname}${location.search}`).toBe('/patientCode?contactId=2');
  });

  it('healthCard → /addHealthCard with the selection', async () => {
    const location = await choose('healthCard', '张伟');
    expect(`${location.pathname}${location.search}`).toBe('/addHealthCard?contactId=2');
  });

  it('healthCard: a passport holder cannot be picked', async () => {
    seed();
    renderAt({ [PATTERN]: <ChooseContactPage /> }, '/chooseContact/healthCard');
    const passport = await screen.findByRole('button', { name: /^Anna Lee/ });
    expect((passport as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('电子健康卡仅支持居民身份证办理')).toBeTruthy();
  });

  it('cards → the cards list at the current hospital', async () => {
    const location = await choose('cards', '张伟');
    expect(location.pathname).toBe(`/cardsList/2/1000/${ID_MAN}/${encodeURIComponent('张伟')}`);
  });

  it('an unknown type says so clearly', async () => {
    seed();
    renderAt({ [PATTERN]: <ChooseContactPage /> }, '/chooseContact/lottery');
    expect(await screen.findByText('无法识别要办理的业务，请返回首页重新进入')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ctx.server.received).toHaveLength(0);
  });

  it('without contacts: an empty state that offers adding one', async () => {
    renderAt({ [PATTERN]: <ChooseContactPage /> }, '/chooseContact/healthCode');
    expect(await screen.findByText('添加就诊人后即可办理健康码')).toBeTruthy();
    expect(screen.getByRole('button', { name: '添加就诊人' })).toBeTruthy();
  });

  it('at the limit, no add button but the limit message', async () => {
    ctx.service.contacts = [makeContact('3', '张小雨', ID_GIRL)];
    renderAt({ [PATTERN]: <ChooseContactPage /> }, '/chooseContact/healthCode', {
      config: testConfig({ maxContacts: 1 }),
    });
    expect(await screen.findByText('最多可添加1位就诊人')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '添加就诊人' })).toBeNull();
  });
});
