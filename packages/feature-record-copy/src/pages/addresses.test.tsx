import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { ADDRESS_FORM_MESSAGES } from '@patient/validation';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getDraft } from '../draft.ts';
import { answerDialog, bodiesOf, harness, makeAddress, pause } from '../testing.tsx';
import AddressFormPage from './AddressFormPage.tsx';
import AddressListPage from './AddressListPage.tsx';

const ctx = setupFeature(harness);
const routes = {
  '/placeList': <AddressListPage />,
  '/placeDetail/:detailId': <AddressFormPage />,
};

describe('AddressListPage', () => {
  it('lists the default first with 默认, sets another as default, removes after the confirmation', async () => {
    ctx.service.addresses = [makeAddress(), makeAddress({ addressId: 'A2', name: '李娜', isDefault: false })];
    renderAt(routes, '/placeList');
    const list = await screen.findByRole('list', { name: '收货地址' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first.textContent).toContain('默认');
    expect(first.textContent).toContain('*******8000');
    await act(async () => within(second).getByRole('button', { name: '设为默认' }).click());
    await waitFor(() =>
      expect(bodiesOf(ctx.server, 'POST /v1/express_address/update')).toEqual([
        expect.objectContaining({ addressId: 'A2', isDefault: true }),
      ]),
    );
    const remove = within(first).getByRole('button', { name: '删除张伟的地址' });
    await answerDialog(() => remove.click(), '取消');
    await pause();
    expect(bodiesOf(ctx.server, 'remove')).toEqual([]);
    await answerDialog(() => remove.click(), '删除');
    await waitFor(() =>
      expect(ctx.server.received.map((r) => r.path)).toContain(
        '/hospital-service/v1/express_address/remove/A1',
      ),
    );
  });

  it('picks an address for the application when opened to choose', async () => {
    const router = renderAt(
      { ...routes, '/medicalRecord/applyDetail': <p>detail</p> },
      '/placeList?choose=1',
    );
    const pick = await screen.findByRole('button', { name: '寄到这里' });
    await act(async () => pick.click());
    expect(getDraft().addressId).toBe('A1');
    expect(router.state.location.pathname).toBe('/medicalRecord/applyDetail');
  });

  it('says so when there is none', async () => {
    ctx.service.addresses = [];
    renderAt(routes, '/placeList');
    await screen.findByText('还没有收货地址');
    expect(screen.getByRole('link', { name: '新增收货地址' }).getAttribute('href')).toBe('/placeDetail/new');
  });
});

describe('AddressFormPage', () => {
  it('shows the 001 §5 messages beside the fields and saves a new address with its county and street', async () => {
    renderAt(routes, '/placeDetail/new');
    const save = await screen.findByRole('button', { name: '保存' });
    await act(async () => save.click());
    expect(screen.getByLabelText('收货人').getAttribute('aria-invalid')).toBe('true');
    for (const message of [
      ADDRESS_FORM_MESSAGES.name,
      ADDRESS_FORM_MESSAGES.phone,
      ADDRESS_FORM_MESSAGES.area,
      ADDRESS_FORM_MESSAGES.detail,
    ]) {
      expect(document.body.textContent).toContain(message);
    }
    expect(document.getElementById('name-error')?.textContent).toBe(ADDRESS_FORM_MESSAGES.name);
    await userEvent.type(screen.getByLabelText('收货人'), '王芳');
    await userEvent.type(screen.getByLabelText('手机号码'), '13912345678');
    await userEvent.selectOptions(screen.getByLabelText('省份'), '330000');
    await userEvent.selectOptions(screen.getByLabelText('城市'), '331000');
    expect(screen.queryByLabelText('街道/乡镇')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('区县'), '331004');
    // The county's streets come from getStreetsVillagesInfo.
    const street = (await screen.findByRole('combobox', { name: '街道/乡镇' })) as HTMLSelectElement;
    await waitFor(() => expect(street.disabled).toBe(false));
    expect([...street.options].map((o) => o.textContent)).toEqual([
      '请选择街道/乡镇',
      '路南街道',
      '路桥街道',
    ]);
    expect(
      ctx.server.received.find((r) => r.path.endsWith('/getStreetsVillagesInfo'))?.query.get('countyCode'),
    ).toBe('331004');
    await userEvent.type(screen.getByLabelText('详细地址'), '银安街8号');
    await userEvent.type(screen.getByLabelText('邮政编码'), '3180');
    await act(async () => save.click());
    expect(document.getElementById('postalCode-error')?.textContent).toBe(ADDRESS_FORM_MESSAGES.postalCode);
    expect(document.getElementById('street-error')?.textContent).toBe('请选择街道/乡镇');
    expect(street.getAttribute('aria-invalid')).toBe('true');
    await userEvent.selectOptions(street, '331004002');
    expect(document.getElementById('street-error')).toBeNull();
    await userEvent.type(screen.getByLabelText('邮政编码'), '50');
    await act(async () => screen.getByRole('checkbox', { name: '设为默认地址' }).click());
    await act(async () => save.click());
    await waitFor(() =>
      expect(bodiesOf(ctx.server, 'POST /v1/express_address/add_express_address')).toEqual([
        {
          name: '王芳',
          phone: '13912345678',
          countyCode: '331004',
          streetCode: '331004002',
          detail: '银安街8号',
          postalCode: '318050',
          isDefault: true,
        },
      ]),
    );
  });

  it('edits an address with its street chosen; another county clears it; the list shows it', async () => {
    ctx.service.addresses = [makeAddress({ streetCode: '331004001', street: '路南街道' })];
    const router = renderAt(routes, '/placeDetail/A1');
    const street = (await screen.findByRole('combobox', { name: '街道/乡镇' })) as HTMLSelectElement;
    await waitFor(() => expect(street.value).toBe('331004001'));
    await userEvent.selectOptions(screen.getByLabelText('省份'), '110000');
    await userEvent.selectOptions(screen.getByLabelText('城市'), '110105');
    // 朝阳区 has no list here: no street level, the street is written in 详细地址.
    await waitFor(() =>
      expect(ctx.server.received.filter((r) => r.path.endsWith('/getStreetsVillagesInfo'))).toHaveLength(2),
    );
    expect(screen.queryByRole('combobox', { name: '街道/乡镇' })).toBeNull();
    await act(async () => screen.getByRole('button', { name: '保存' }).click());
    await waitFor(() =>
      expect(bodiesOf(ctx.server, 'POST /v1/express_address/update')).toEqual([
        expect.objectContaining({ addressId: 'A1', countyCode: '110105', streetCode: '' }),
      ]),
    );
    ctx.service.addresses = [makeAddress({ streetCode: '331004001', street: '路南街道' })];
    await act(() => router.navigate('/placeList'));
    const list = await screen.findByRole('list', { name: '收货地址' });
    expect(within(list).getByRole('listitem').textContent).toContain(
      '浙江省 台州市 路桥区 路南街道 银安街1号',
    );
  });

  it('says when the streets fail to load, retries, and saves without holding the form up', async () => {
    ctx.service.streetsDown = true;
    renderAt(routes, '/placeDetail/A1');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('街道/乡镇加载失败，可在详细地址中填写街道');
    await act(async () => screen.getByRole('button', { name: '保存' }).click());
    await waitFor(() =>
      expect(bodiesOf(ctx.server, 'POST /v1/express_address/update')).toEqual([
        expect.objectContaining({ addressId: 'A1', countyCode: '331004', streetCode: '' }),
      ]),
    );
  });

  it('loads the streets again on 重试', async () => {
    ctx.service.streetsDown = true;
    renderAt(routes, '/placeDetail/A1');
    await screen.findByRole('alert');
    ctx.service.streetsDown = false;
    await act(async () => screen.getByRole('button', { name: '重试' }).click());
    const street = (await screen.findByRole('combobox', { name: '街道/乡镇' })) as HTMLSelectElement;
    await waitFor(() => expect(street.options).toHaveLength(3));
  });

  it('edits an address, its region picked again from its county (a municipality has no city level)', async () => {
    ctx.service.addresses = [makeAddress({ countyCode: '110105', region: ['北京市', '朝阳区'] })];
    renderAt(routes, '/placeDetail/A1');
    const county = (await screen.findByLabelText('城市')) as HTMLSelectElement;
    expect((screen.getByLabelText('省份') as HTMLSelectElement).value).toBe('110000');
    expect(county.value).toBe('110105');
    expect(screen.queryByLabelText('区县')).toBeNull();
    await act(async () => screen.getByRole('button', { name: '保存' }).click());
    await waitFor(() =>
      expect(bodiesOf(ctx.server, 'POST /v1/express_address/update')).toEqual([
        expect.objectContaining({ addressId: 'A1', countyCode: '110105', streetCode: '' }),
      ]),
    );
  });
});
