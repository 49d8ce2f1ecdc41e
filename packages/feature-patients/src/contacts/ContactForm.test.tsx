import { appStore } from '@patient/app-state';
import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { ID_DOCUMENT_MESSAGES, MAINLAND_ID_MESSAGES, PHONE_MESSAGES } from '@patient/validation';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ContactDetailPage from '../pages/ContactDetailPage.tsx';
import { CONTACT_FORM_MESSAGES, contactPayload, derivedFromId, emptyContactForm } from './contactForm.ts';
import { changes, harness, ID_MAN, ID_WOMAN, makeContact, testConfig } from './testing.tsx';

const ctx = setupFeature(harness);
const PATTERN = '/contactDetail/:contactId';

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: '保存' }));
const messages = () => screen.queryAllByRole('alert').map((e) => e.textContent);

async function openNewForm(config = testConfig()) {
  const router = renderAt({ [PATTERN]: <ContactDetailPage /> }, '/contactDetail/new', { config });
  await screen.findByRole('form', { name: '添加就诊人' });
  return router;
}

describe('contact form: bad input shows its message and nothing is sent', () => {
  it('an empty form explains every required field', async () => {
    await openNewForm();
    type('关系', '');
    save();
    await waitFor(() =>
      expect(messages()).toEqual([
        CONTACT_FORM_MESSAGES.nameEmpty,
        CONTACT_FORM_MESSAGES.relation,
        ID_DOCUMENT_MESSAGES.empty,
        PHONE_MESSAGES.empty,
      ]),
    );
    expect(document.activeElement).toBe(field('姓名'));
    expect(changes(ctx.server)).toEqual([]);
  });

  it('an invalid phone and an invalid name', async () => {
    await openNewForm();
    type('姓名', '张三3');
    type('证件号码', ID_MAN);
    type('手机号', '1234567');
    save();
    expect(await screen.findByText(PHONE_MESSAGES.invalid)).toBeTruthy();
    expect(screen.getByText(CONTACT_FORM_MESSAGES.nameChars)).toBeTruthy();
    expect(field('手机号').getAttribute('aria-invalid')).toBe('true');
    type('手机号', '13900139000');
    await waitFor(() => expect(screen.queryByText(PHONE_MESSAGES.invalid)).toBeNull());
    expect(changes(ctx.server)).toEqual([]);
  });

  const badNumbers: [string, string, string][] = [
    ['IDENTITY_CARD', '110105199003071230', MAINLAND_ID_MESSAGES.checksum],
    ['IDENTITY_CARD', '11010519900307', MAINLAND_ID_MESSAGES.length],
    ['IDENTITY_CARD_MUM', '990105199003071239', MAINLAND_ID_MESSAGES.province],
    ['HUKOU_NUMBER', 'A1', ID_DOCUMENT_MESSAGES.hukou],
    ['PASSPORT_NUMBER', 'E12', ID_DOCUMENT_MESSAGES.passport],
    ['MO_HK_NUMBER', 'X12345678', ID_DOCUMENT_MESSAGES.moHk],
    ['TW_NUMBER', '1234567', ID_DOCUMENT_MESSAGES.tw],
    ['FOREIGNER_NUMBER', 'AB1234567890123', ID_DOCUMENT_MESSAGES.foreigner],
  ];
  it.each(badNumbers)('%s %s → %s', async (documentType, number, message) => {
    await openNewForm();
    type('姓名', '张三');
    type('关系', 'SELF');
    type('证件类型', documentType);
    type('证件号码', number);
    type('手机号', '13800138000');
    save();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(messages()).toEqual([message]);
    expect(changes(ctx.server)).toEqual([]);
  });

  it('a birth date in the future (document types without a birth date in the number)', async () => {
    await openNewForm();
    type('姓名', 'John Smith');
    type('证件类型', 'PASSPORT_NUMBER');
    type('证件号码', 'E12345678');
    type('手机号', '13800138000');
    type('出生日期', '2999-01-01');
    save();
    expect(await screen.findByText(CONTACT_FORM_MESSAGES.birthDateFuture)).toBeTruthy();
    expect(changes(ctx.server)).toEqual([]);
  });

  it('a half-chosen region', async () => {
    await openNewForm();
    type('姓名', '张三');
    type('证件号码', ID_MAN);
    type('手机号', '13800138000');
    await screen.findByLabelText('省份');
    type('省份', '330000');
    save();
    expect(await screen.findByText(CONTACT_FORM_MESSAGES.regionIncomplete)).toBeTruthy();
    expect(changes(ctx.server)).toEqual([]);
  });
});

describe('contact form: document types', () => {
  it('offers the foreigner card by default but not in a hospital that excludes it (luqiao)', async () => {
    await openNewForm();
    const offered = () => [...(field('证件类型') as HTMLSelectElement).options].map((o) => o.value);
    expect(offered()).toContain('FOREIGNER_NUMBER');
    expect(offered()).toHaveLength(11);
  });

  it('luqiao-like config: no foreigner permanent residence card', async () => {
    await openNewForm(testConfig({ key: 'luqiao', excludedDocumentTypes: ['FOREIGNER_NUMBER'] }));
    const select = field('证件类型') as HTMLSelectElement;
    const labels = [...select.options].map((o) => o.textContent);
    expect(labels).not.toContain('外国人永久居留身份证');
    expect([...select.options].map((o) => o.value)).not.toContain('FOREIGNER_NUMBER');
    expect(labels).toContain('居民身份证');
    expect(labels).toHaveLength(10);
  });
});

describe('contact form: a resident ID card fills birth date and sex', () => {
  it('shows them read-only once the number is valid, and sends neither', async () => {
    await openNewForm();
    expect(screen.getByText('根据身份证号码自动识别')).toBeTruthy();
    type('证件号码', ID_WOMAN);
    await waitFor(() => expect(field('出生日期').textContent).toBe('1985-11-20'));
    expect(field('性别').textContent).toBe('女');
    expect(field('出生日期').tagName).toBe('OUTPUT');
    type('证件号码', ID_MAN);
    await waitFor(() => expect(field('性别').textContent).toBe('男'));
    expect(field('出生日期').textContent).toBe('1990-03-07');

    type('证件类型', 'PASSPORT_NUMBER');
    expect(field('出生日期').tagName).toBe('INPUT');
    expect(field('性别').tagName).toBe('SELECT');
  });

  it('derivedFromId only reads valid resident ID cards', () => {
    expect(derivedFromId('IDENTITY_CARD', ID_MAN)).toEqual({ birthDate: '1990-03-07', sex: 'MALE' });
    expect(derivedFromId('IDENTITY_CARD', '110105199003071230')).toBeNull();
    expect(derivedFromId('IDENTITY_CARD_MUM', ID_WOMAN)).toBeNull();
    const values = {
      ...emptyContactForm('IDENTITY_CARD', 'SELF'),
      documentNumber: ID_MAN,
      sex: 'FEMALE' as const,
    };
    expect(contactPayload(values, [])).toMatchObject({ sex: undefined, birthDate: undefined });
  });
});

describe('contact form: saving', () => {
  it('adds a valid contact with its address, reloads the contacts and goes back to the list', async () => {
    const router = await openNewForm();
    type('姓名', ' 李娜 ');
    expect((field('关系') as HTMLSelectElement).value).toBe('SELF');
    type('证件号码', ID_WOMAN);
    type('手机号', '13900139000');
    await screen.findByLabelText('省份');
    await waitFor(() => expect(within(field('民族') as HTMLElement).getByText('汉族')).toBeTruthy());
    type('民族', '汉族');
    type('职业', '职员');
    type('省份', '330000');
    type('城市', '331000');
    type('区县', '331004');
    type('详细地址', '银安街1号');
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/contactList'));
    const add = ctx.server.received.find((r) => r.path.endsWith('/addPatient'))!;
    expect(JSON.parse(add.body)).toEqual({
      name: '李娜',
      relation: 'SELF',
      documentType: 'IDENTITY_CARD',
      documentNumber: ID_WOMAN,
      phone: '13900139000',
      address: '浙江省台州市路桥区 银安街1号',
      ethnicity: '汉族',
      occupation: '职员',
    });
    expect(appStore.getState().contacts.map((c) => c.contactDO.name)).toEqual(['李娜']);
  });

  it('a child under 14: asks the account holder to consent as parent or guardian, and sends that consent', async () => {
    const child = '110105201801010035';
    const router = await openNewForm();
    type('姓名', '王小宝');
    type('关系', 'CHILD');
    type('证件号码', child);
    type('手机号', '13900139000');
    const box = (await screen.findByRole('checkbox', {
      name: /我是该就诊人的父母或其他监护人.*（版本 2026-11-01）/,
    })) as HTMLInputElement;
    expect(box.checked).toBe(false);
    save();
    expect(await screen.findByText('就诊人未满14周岁，请确认您是其父母或其他监护人并勾选同意')).toBeTruthy();
    expect(ctx.server.received.some((r) => r.path.endsWith('/addPatient'))).toBe(false);
    fireEvent.click(box);
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/contactList'));
    const add = ctx.server.received.find((r) => r.path.endsWith('/addPatient'))!;
    expect(JSON.parse(add.body)).toMatchObject({
      documentNumber: child,
      guardianConsent: { hospitalId: '1000', version: '2026-11-01' },
    });
  });

  it('an adult: no guardian box, no guardian consent sent', async () => {
    await openNewForm();
    type('证件号码', ID_WOMAN);
    expect(screen.queryByRole('checkbox', { name: /监护人/ })).toBeNull();
  });

  it('keeps the typed values when the service refuses (e.g. a duplicate)', async () => {
    ctx.service.override('POST /addPatient', {
      body: { state: 409, msg: '该就诊人已存在', subMsg: '该证件号码的就诊人已在您的账号中', results: null },
    });
    const router = await openNewForm();
    type('姓名', '李娜');
    type('证件号码', ID_WOMAN);
    type('手机号', '13900139000');
    save();
    await waitFor(() => expect(ctx.toasts).toContain('该证件号码的就诊人已在您的账号中'));
    expect(router.state.location.pathname).toBe('/contactDetail/new');
    expect(field('姓名').value).toBe('李娜');
    expect((screen.getByRole('button', { name: '保存' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('edits with the full values prefilled and the saved address split into region and detail', async () => {
    ctx.service.contacts = [
      makeContact('1', '张伟', ID_MAN, {
        relation: 'SELF',
        isDefault: true,
        phone: '13800138000',
        address: '北京市市辖区朝阳区 建国路8号',
        ethnicity: '汉族',
      }),
    ];
    renderAt({ [PATTERN]: <ContactDetailPage /> }, '/contactDetail/1');
    fireEvent.click(await screen.findByRole('button', { name: '编辑信息' }));
    await screen.findByRole('form', { name: '编辑就诊人' });
    expect(field('证件号码').value).toBe(ID_MAN);
    expect(field('手机号').value).toBe('13800138000');
    await waitFor(() => expect((field('区县') as HTMLSelectElement).value).toBe('110105'));
    expect(field('详细地址').value).toBe('建国路8号');
    type('手机号', '13700137000');
    save();
    await screen.findByRole('button', { name: '编辑信息' });
    const edit = ctx.server.received.find((r) => r.path.endsWith('/patientInformationEdit'))!;
    expect(JSON.parse(edit.body)).toMatchObject({
      contactId: '1',
      phone: '13700137000',
      address: '北京市市辖区朝阳区 建国路8号',
      ethnicity: '汉族',
    });
    expect(screen.getByText('*******7000')).toBeTruthy();
    expect(screen.queryByText(ID_MAN)).toBeNull();
  });

  it("keeps a certified contact's name and document read-only", async () => {
    ctx.service.contacts = [makeContact('1', '张伟', ID_MAN, { relation: 'SELF', certified: true })];
    renderAt({ [PATTERN]: <ContactDetailPage /> }, '/contactDetail/1');
    fireEvent.click(await screen.findByRole('button', { name: '编辑信息' }));
    await screen.findByRole('form', { name: '编辑就诊人' });
    expect((field('姓名') as HTMLInputElement).readOnly).toBe(true);
    expect((field('证件号码') as HTMLInputElement).readOnly).toBe(true);
    expect((field('证件类型') as HTMLSelectElement).disabled).toBe(true);
    expect((field('手机号') as HTMLInputElement).readOnly).toBe(false);
    expect(screen.getAllByText('已实名认证，不能修改')).toHaveLength(2);
  });
});
