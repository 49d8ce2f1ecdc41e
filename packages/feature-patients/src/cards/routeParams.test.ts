import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import {
  CARD_SCOPE,
  cardsListPath,
  chooseHisCardPath,
  contactCardScope,
  decodeRouteParam,
  parseRouteParams,
} from './routeParams.ts';
import { contact, ID_ZHANG } from './testing.tsx';

const PATTERN = '/cardsList/:contactId/:hospitalId/:identityCard/:patientName';
/** The parameters a page receives from react-router for `url`. */
const paramsOf = (url: string) => matchRoutes([{ path: PATTERN }], url)?.[0]?.params ?? {};

describe('decodeRouteParam', () => {
  it('keeps values react-router decoded, decodes what was encoded twice', () => {
    expect(decodeRouteParam('张伟')).toBe('张伟');
    expect(decodeRouteParam('%E5%BC%A0%E4%BC%9F')).toBe('张伟');
    expect(decodeRouteParam(' 1000 ')).toBe('1000');
  });

  it('refuses missing, empty, malformed and separator-carrying values', () => {
    expect(decodeRouteParam(undefined)).toBeNull();
    expect(decodeRouteParam('  ')).toBeNull();
    expect(decodeRouteParam('%E5%BC%A0%')).toBeNull();
    expect(decodeRouteParam('%E5%BC')).toBeNull();
    expect(decodeRouteParam('a/b')).toBeNull();
    expect(decodeRouteParam('<b>')).toBeNull();
    expect(decodeRouteParam('%2525')).toBeNull();
  });
});

describe('card screen links', () => {
  const scope = {
    contactId: '7',
    hospitalId: '1000',
    identityCard: '11010519850315231X',
    patientName: '欧阳·娜娜',
  };

  it('survive the round trip through the address and react-router', () => {
    const url = cardsListPath(scope);
    expect(url).toBe('/cardsList/7/1000/11010519850315231X/%E6%AC%A7%E9%98%B3%C2%B7%E5%A8%9C%E5%A8%9C');
    expect(parseRouteParams(paramsOf(url), CARD_SCOPE)).toEqual({ ok: true, values: scope });
    expect(chooseHisCardPath('all', scope)).toBe(
      `/chooseContactHisCard/all${url.slice('/cardsList'.length)}`,
    );
  });

  it("are built for one of the account's contacts from its document number and name", () => {
    const ouyang = contact('7', '欧阳 娜娜', ID_ZHANG);
    const url = cardsListPath(contactCardScope(ouyang, '1000'));
    expect(url).toBe(`/cardsList/7/1000/${ID_ZHANG}/%E6%AC%A7%E9%98%B3%20%E5%A8%9C%E5%A8%9C`);
    expect(parseRouteParams(paramsOf(url), CARD_SCOPE)).toEqual({
      ok: true,
      values: { contactId: '7', hospitalId: '1000', identityCard: ID_ZHANG, patientName: '欧阳 娜娜' },
    });
  });

  it('name the bad parameter of a malformed link in Chinese', () => {
    expect(parseRouteParams(paramsOf('/cardsList/7/1000/110105/%E5%BC%A0%'), CARD_SCOPE)).toEqual({
      ok: false,
      message: '页面链接中的姓名有误，请返回后重新进入',
    });
    expect(parseRouteParams(paramsOf('/cardsList/7!/1000/110105/x'), CARD_SCOPE)).toMatchObject({
      message: '页面链接中的就诊人有误，请返回后重新进入',
    });
    expect(parseRouteParams(paramsOf(`/cardsList/7/1000/${'1'.repeat(33)}/x`), CARD_SCOPE)).toMatchObject({
      message: '页面链接中的证件号码有误，请返回后重新进入',
    });
  });
});
