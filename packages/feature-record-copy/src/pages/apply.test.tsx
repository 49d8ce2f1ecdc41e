import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesOf, bodyShows, harness, makeOrder, pause } from '../testing.tsx';
import ApplyDetailPage from './ApplyDetailPage.tsx';
import ChoosePatientPage from './ChoosePatientPage.tsx';
import PurposePage from './PurposePage.tsx';
import RecordCopyIndexPage from './RecordCopyIndexPage.tsx';
import StayListPage from './StayListPage.tsx';

const ctx = setupFeature(harness);
const routes = {
  '/medicalRecord/index': <RecordCopyIndexPage />,
  '/medicalRecord/choosePatient': <ChoosePatientPage />,
  '/medicalRecord/recordList/:name/:type/:cardId': <StayListPage />,
  '/medicalRecord/applyReson': <PurposePage />,
  '/medicalRecord/applyDetail': <ApplyDetailPage />,
};

const jpeg = (name = 'id.jpg') =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], name, { type: 'image/jpeg' });

describe('RecordCopyIndexPage', () => {
  it('shows the notice and my applications with the 000 §4 titles, the fee only where the status shows it', async () => {
    ctx.service.orders = [
      makeOrder({ orderId: '1', status: 'NO_PAY' }),
      makeOrder({ orderId: '2', status: 'NO_REVIEWED' }),
      makeOrder({ orderId: '3', status: 'SOMETHING_NEW' }),
    ];
    renderAt(routes, '/medicalRecord/index');
    const list = await screen.findByRole('list', { name: '我的申请' });
    const rows = within(list).getAllByRole('link');
    expect(rows.map((r) => r.getAttribute('href'))).toEqual([
      '/medicalRecord/recordDetail/1',
      '/medicalRecord/recordDetail/2',
      '/medicalRecord/recordDetail/3',
    ]);
    expect(rows[0].textContent).toContain('待支付');
    expect(rows[0].textContent).toContain('¥17.00');
    expect(rows[1].textContent).toContain('待审核');
    expect(rows[1].textContent).not.toContain('¥');
    expect(rows[2].textContent).toContain('已完成');
    expect(rows[0].textContent).toContain('张*');
    await bodyShows('审核通过前可取消申请。');
  });

  it('says so when there is none, and offers to retry a failed load', async () => {
    ctx.service.orders = [];
    renderAt(routes, '/medicalRecord/index');
    await bodyShows('暂无病案复印申请');
    ctx.service.override('GET /medicalRecordList', { status: 500, body: { state: 500, msg: '服务器错误' } });
    renderAt(routes, '/medicalRecord/index');
    await bodyShows('申请记录加载失败');
    expect(screen.getAllByRole('button', { name: '重新加载' }).length).toBeGreaterThan(0);
  });
});

describe('applying', () => {
  it('goes patient → stays → purpose, parts and copies → photos and address → the order', async () => {
    const router = renderAt(routes, '/medicalRecord/choosePatient');
    const patients = await screen.findByRole('list', { name: '患者' });
    expect(patients.textContent).toContain('未绑定本院就诊卡');
    await act(async () => screen.getByRole('radio', { name: '亲属代办' }).click());
    await act(async () => screen.getByRole('radio', { name: '患者本人' }).click());
    await act(async () => screen.getByRole('button', { name: '选择张*' }).click());
    expect(router.state.location.pathname).toBe(
      `/medicalRecord/recordList/${encodeURIComponent('张伟')}/SELF/C1`,
    );

    const next = await screen.findByRole('button', { name: '请选择住院记录' });
    expect((next as HTMLButtonElement).disabled).toBe(true);
    await act(async () => screen.getByRole('checkbox').click());
    await act(async () => screen.getByRole('button', { name: '下一步（已选1次住院）' }).click());
    expect(router.state.location.pathname).toBe('/medicalRecord/applyReson');

    await screen.findByRole('radio', { name: '商业保险理赔' });
    await act(async () => screen.getByRole('button', { name: '下一步' }).click());
    expect(screen.getByRole('alert').textContent).toBe('请选择复印用途');
    await act(async () => screen.getByRole('radio', { name: '商业保险理赔' }).click());
    const [required, lab] = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(required.checked && required.disabled).toBe(true);
    await act(async () => lab.click());
    await act(async () => screen.getByRole('button', { name: '增加一份' }).click());
    expect(document.body.textContent).toContain('复印费 ¥14.00（¥7.00 × 2份 × 1次住院）');
    await act(async () => screen.getByRole('button', { name: '下一步' }).click());
    expect(router.state.location.pathname).toBe('/medicalRecord/applyDetail');

    const submit = await screen.findByRole('button', { name: /提交申请/ });
    expect(submit.textContent).toContain('¥29.00');
    await act(async () => submit.click());
    expect(screen.getByRole('alert').textContent).toBe('请上传身份证人像面');
    // A file that is no image, whatever its name: refused before anything is sent.
    const front = screen.getByLabelText('上传身份证人像面') as HTMLInputElement;
    await userEvent.upload(front, new File(['<html>'], 'id.jpg', { type: 'image/jpeg' }));
    await bodyShows('仅支持 JPG、PNG、WebP 格式的图片，请重新选择');
    expect(ctx.service.uploads).toBe(0);
    await userEvent.upload(front, jpeg());
    await screen.findByAltText('已上传的身份证人像面');
    await userEvent.upload(screen.getByLabelText('上传身份证国徽面') as HTMLInputElement, jpeg('back.jpg'));
    await screen.findByAltText('已上传的身份证国徽面');
    expect(ctx.service.uploads).toBe(2);
    expect(document.body.textContent).toContain('浙江省台州市路桥区银安街1号');
    await act(async () => screen.getByRole('button', { name: /提交申请/ }).click());
    await waitFor(() =>
      expect(bodiesOf(ctx.server, 'POST /addMedicalRecord')).toEqual([
        {
          hospitalId: '1000',
          cardId: 'C1',
          applicant: 'SELF',
          stayIds: ['ZY1000123'],
          purpose: 'COMMERCIAL_INSURANCE',
          parts: ['LAB'],
          copies: 2,
          delivery: 'EXPRESS',
          addressId: 'A1',
          photos: [
            { kind: 'ID_FRONT', fileId: 'F1' },
            { kind: 'ID_BACK', fileId: 'F2' },
          ],
        },
      ]),
    );
    expect(router.state.location.pathname).toBe('/medicalRecord/recordDetail/8');
  });

  it('asks an agent for the proof of relation, and pickup needs no address', async () => {
    renderAt(routes, '/medicalRecord/choosePatient');
    await screen.findByRole('list', { name: '患者' });
    await act(async () => screen.getByRole('radio', { name: '亲属代办' }).click());
    await act(async () => screen.getByRole('button', { name: '选择张*' }).click());
    const stay = await screen.findByRole('checkbox');
    await act(async () => stay.click());
    await act(async () => screen.getByRole('button', { name: /下一步/ }).click());
    const purpose = await screen.findByRole('radio', { name: '个人保存' });
    await act(async () => purpose.click());
    await act(async () => screen.getByRole('button', { name: '下一步' }).click());
    await screen.findByLabelText('上传关系证明（户口本、结婚证或出生证明）');
    await act(async () => screen.getByRole('radio', { name: '到院自取' }).click());
    await bodyShows('领取地点：门诊楼三楼病案室');
    for (const label of [
      '上传身份证人像面',
      '上传身份证国徽面',
      '上传关系证明（户口本、结婚证或出生证明）',
    ]) {
      await userEvent.upload(screen.getByLabelText(label) as HTMLInputElement, jpeg());
    }
    await screen.findByAltText('已上传的关系证明（户口本、结婚证或出生证明）');
    await act(async () => screen.getByRole('button', { name: /提交申请/ }).click());
    await pause();
    const [body] = bodiesOf(ctx.server, 'POST /addMedicalRecord') as Record<string, unknown>[];
    expect(body).toMatchObject({ applicant: 'AGENT', delivery: 'PICKUP', copies: 1, parts: [] });
    expect(body).not.toHaveProperty('addressId');
    expect((body.photos as { kind: string }[]).map((p) => p.kind)).toEqual([
      'ID_FRONT',
      'ID_BACK',
      'RELATION_PROOF',
    ]);
  });

  it('sends nothing from a step opened without the earlier ones, and sends a bad link back', async () => {
    renderAt(routes, '/medicalRecord/applyDetail');
    await bodyShows('请先选择患者、住院记录和复印用途');
    renderAt(routes, '/medicalRecord/recordList/x/NOBODY/C1');
    await bodyShows('链接无效，请重新选择患者');
    fireEvent.click(screen.getAllByRole('link', { name: '重新选择患者' })[0]);
  });
});
