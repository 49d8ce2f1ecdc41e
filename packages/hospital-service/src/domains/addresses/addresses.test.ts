import type { ExpressAddress } from '@patient/contract';
import { ADDRESS_FORM_MESSAGES } from '@patient/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startServer, type TestServer } from '../../test/harness.ts';

/** The address book over HTTP: one default, the region from the enumerations, the 001 §5 messages, ownership. */
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

const home = (extra: Record<string, unknown> = {}) => ({
  name: '张伟',
  phone: '13800138000',
  countyCode: '331004',
  detail: '路桥街道银安街1号3幢201室',
  postalCode: '318050',
  ...extra,
});
const list = async (client: Client) =>
  (await client.get<ExpressAddress[]>('/v1/express_address/addresses')).body.results ?? [];
const add = (client: Client, body: Record<string, unknown>) =>
  client.post<ExpressAddress>('/v1/express_address/add_express_address', body);

describe('address book', () => {
  it('adds the first address as the default with its region names, and keeps one default', async () => {
    const client = await server.login('13700021001');
    expect(await list(client)).toEqual([]);
    const first = (await add(client, home())).body.results as ExpressAddress;
    expect(first).toMatchObject({
      name: '张伟',
      region: ['浙江省', '台州市', '路桥区'],
      postalCode: '318050',
      isDefault: true,
    });
    const second = (await add(client, home({ name: '李娜', postalCode: undefined, countyCode: '110105' })))
      .body.results as ExpressAddress;
    expect(second).toMatchObject({ isDefault: false, postalCode: '', region: ['北京市', '朝阳区'] });
    const third = (await add(client, home({ name: '王芳', isDefault: true }))).body.results as ExpressAddress;
    expect((await list(client)).map((a) => [a.name, a.isDefault])).toEqual([
      ['王芳', true],
      ['李娜', false],
      ['张伟', false],
    ]);

    // Edit: another becomes the default; unticking the default keeps it.
    const edited = await client.post<ExpressAddress>('/v1/express_address/update', {
      ...home({ detail: '新地址8号', isDefault: true }),
      addressId: first.addressId,
    });
    expect(edited.body.results).toMatchObject({ detail: '新地址8号', isDefault: true });
    const kept = await client.post<ExpressAddress>('/v1/express_address/update', {
      ...home({ isDefault: false }),
      addressId: first.addressId,
    });
    expect(kept.body.results?.isDefault).toBe(true);
    expect((await list(client)).filter((a) => a.isDefault).map((a) => a.addressId)).toEqual([
      first.addressId,
    ]);
    expect((await client.get(`/v1/express_address/${third.addressId}`)).body.results).toMatchObject({
      name: '王芳',
      isDefault: false,
    });

    // Removing the default makes the most recently changed one the default.
    expect((await client.post(`/v1/express_address/remove/${first.addressId}`)).body.results).toEqual({
      removed: true,
    });
    expect((await list(client)).map((a) => [a.name, a.isDefault])).toEqual([
      ['王芳', true],
      ['李娜', false],
    ]);
    expect(second.addressId).not.toBe(third.addressId);
  });

  it('keeps the street (街道/乡镇) of the county with the address; one of another county is 400', async () => {
    const client = await server.login('13700021044');
    const streets = await client.get<{ code: string; name: string }[]>(
      '/v1/hisEnumAll/1000/getStreetsVillagesInfo',
      { countyCode: '331004' },
    );
    expect(streets.body.results?.[1]).toEqual({ code: '331004002', name: '路桥街道' });
    const added = (await add(client, home({ streetCode: '331004002' }))).body.results as ExpressAddress;
    expect(added).toMatchObject({
      streetCode: '331004002',
      street: '路桥街道',
      region: ['浙江省', '台州市', '路桥区'],
    });
    expect((await list(client))[0]).toMatchObject({ streetCode: '331004002', street: '路桥街道' });
    // Changed with the county, and cleared by leaving it out.
    const moved = await client.post<ExpressAddress>('/v1/express_address/update', {
      ...home({ countyCode: '110105', streetCode: '110105026' }),
      addressId: added.addressId,
    });
    expect(moved.body.results).toMatchObject({ streetCode: '110105026', street: '望京街道' });
    const cleared = await client.post<ExpressAddress>('/v1/express_address/update', {
      ...home(),
      addressId: added.addressId,
    });
    expect(cleared.body.results).toMatchObject({ streetCode: '', street: '' });

    for (const streetCode of ['110105026', '331004999', 'abc', 'x'.repeat(20)]) {
      const refused = await add(client, home({ streetCode }));
      expect(refused.status, streetCode).toBe(400);
      expect(refused.body.results).toEqual({ field: 'streetCode' });
      expect(refused.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(await list(client)).toHaveLength(1);
    // Another account cannot see it.
    const other = await server.login('13700021045');
    expect((await other.get(`/v1/express_address/${added.addressId}`)).body.state).toBe(404);
  });

  it('answers the form messages of 001 §5 (400, Chinese) and refuses an unknown county', async () => {
    const client = await server.login('13700021002');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '  ' }, 'name', ADDRESS_FORM_MESSAGES.name],
      [{ phone: '1234' }, 'phone', ADDRESS_FORM_MESSAGES.phone],
      [{ countyCode: '' }, 'countyCode', ADDRESS_FORM_MESSAGES.area],
      [{ countyCode: '999999' }, 'countyCode', ADDRESS_FORM_MESSAGES.area],
      [{ detail: '' }, 'detail', ADDRESS_FORM_MESSAGES.detail],
      [{ postalCode: '31805' }, 'postalCode', ADDRESS_FORM_MESSAGES.postalCode],
      [{ name: '张'.repeat(21) }, 'name', ADDRESS_FORM_MESSAGES.nameTooLong],
    ];
    for (const [extra, field, message] of cases) {
      const answer = await add(client, home(extra));
      expect(answer.status, JSON.stringify(extra)).toBe(400);
      expect(answer.body.msg).toBe(`参数 ${field} 不正确：${message}`);
    }
    expect(await list(client)).toEqual([]);
  });

  it('never shows, changes or removes another account’s address (404, nothing changes)', async () => {
    const owner = await server.login('13700021003');
    const stranger = await server.login('13700021004');
    const mine = (await add(owner, home())).body.results as ExpressAddress;
    expect((await stranger.get(`/v1/express_address/${mine.addressId}`)).body).toMatchObject({
      state: 404,
      msg: '收货地址不存在',
    });
    const changed = await stranger.post('/v1/express_address/update', {
      ...home({ name: '冒名' }),
      addressId: mine.addressId,
    });
    expect(changed.body.state).toBe(404);
    expect((await stranger.post(`/v1/express_address/remove/${mine.addressId}`)).body.state).toBe(404);
    expect(await list(stranger)).toEqual([]);
    expect(await list(owner)).toEqual([mine]);
    // Not logged in: refused.
    expect((await server.client().get('/v1/express_address/addresses')).status).toBe(401);
  });
});
