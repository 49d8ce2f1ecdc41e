import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dayLabel, monthDayLabel } from '../schedule/labels.ts';
import { bodiesOf, businessError, D1, harness, sent, TODAY } from '../schedule/testing.tsx';
import DoctorHomePage from './DoctorHomePage.tsx';

const ctx = setupFeature(harness);

const PATTERN = '/doctorHome/:hospitalId/:doctorId';
const page = (path = '/doctorHome/1000/d1') => renderAt({ [PATTERN]: <DoctorHomePage /> }, path);
const profile = () => screen.findByRole('region', { name: '张明' });
const day = (date: string) => `${dayLabel(date, TODAY)} ${monthDayLabel(date)}`;

describe('DoctorHomePage', () => {
  it('shows the doctor: drawn avatar without a photo, title, department, where the clinic is, speciality, intro', async () => {
    page();
    const card = await profile();
    expect(within(card).getByRole('heading', { level: 2, name: '张明' })).toBeTruthy();
    expect(within(card).getByText('主任医师')).toBeTruthy();
    expect(within(card).getByText('内科 · 心血管内科')).toBeTruthy();
    expect(within(card).getByText('就诊位置：门诊楼3楼')).toBeTruthy();
    expect(within(card).getByText('冠心病、高血压的诊治')).toBeTruthy();
    expect(within(card).getByText('张明，主任医师，从事临床工作二十年。')).toBeTruthy();
    expect(card.querySelector('img')).toBeNull();
    expect(card.querySelector('.ap-avatar')?.textContent).toBe('张');
    // Short texts are not folded.
    expect(within(card).queryByRole('button')).toBeNull();
    expect(within(card).getByRole('link', { name: '心血管内科的其他医生 ›' }).getAttribute('href')).toBe(
      '/doctors/1000/11/XNK01',
    );
    await screen.findByRole('list', { name: '出诊安排' });
    expect(sent(ctx.server).sort()).toEqual([
      'GET /v1/dept/dept_with_his/hospital/1000',
      'GET /v1/doctors/d1',
      'POST /v1/schedules/appoint/doctor/d1',
      'POST /v1/schedules/appoint/doctor/d1',
    ]);
    expect(bodiesOf(ctx.server, '/v1/schedules/appoint/doctor/d1')).toEqual([
      { sameDay: true },
      { sameDay: false },
    ]);
  });

  it('shows the photo in its frame, and the drawn avatar when the photo does not load', async () => {
    ctx.service.doctors[0].photo = 'https://img.example.test/zhangming-4000x6000.jpg';
    page();
    const card = await profile();
    const img = card.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('https://img.example.test/zhangming-4000x6000.jpg');
    expect(img.getAttribute('alt')).toBe('');
    expect(img.className).toBe('ap-photo__img');
    fireEvent.error(img);
    await waitFor(() => expect(card.querySelector('img')).toBeNull());
    expect(card.querySelector('.ap-avatar')?.textContent).toBe('张');
  });

  it('folds a long speciality and introduction with 展开/收起', async () => {
    const intro = `张明，主任医师，医学博士。${'长期从事心血管疾病的临床、教学与科研工作，'.repeat(6)}`;
    ctx.service.doctors[0].intro = intro;
    ctx.service.doctors[0].speciality =
      '冠心病、高血压、心律失常、心力衰竭、心肌病、瓣膜病、先天性心脏病的诊治'.repeat(2);
    page();
    const card = await profile();
    const text = within(card).getByText(intro);
    expect(text.hasAttribute('data-clamped')).toBe(true);
    const open = within(card).getByRole('button', { name: '展开医生简介' });
    expect(open.textContent).toBe('展开');
    expect(open.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(open);
    expect(text.hasAttribute('data-clamped')).toBe(false);
    const close = within(card).getByRole('button', { name: '收起医生简介' });
    expect(close.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(close);
    expect(text.hasAttribute('data-clamped')).toBe(true);
    // The speciality folds on its own.
    expect(within(card).getByRole('button', { name: '展开擅长' })).toBeTruthy();
  });

  it('lists the coming half-days by day; a bookable one leads to its time slots, same-day for today', async () => {
    const router = page();
    const days = await screen.findByRole('list', { name: '出诊安排' });
    const items = within(days).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading', { level: 3 }).textContent)).toEqual([
      day(TODAY),
      day(D1),
    ]);
    expect(screen.getByText('近期2个出诊时段可预约，选择后查看具体时段')).toBeTruthy();
    const tomorrow = within(items[1]);
    // 约满 is shown, not a link.
    expect(tomorrow.getAllByRole('link')).toHaveLength(1);
    expect(tomorrow.getByText('约满')).toBeTruthy();
    expect(within(items[0]).getByRole('link').getAttribute('href')).toBe(
      '/today/schedule/EXPERT/1000/11/d1/XNK01/201',
    );
    fireEvent.click(tomorrow.getByRole('link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/schedule/EXPERT/1000/11/d1/XNK01/101'));
  });

  it('says when the doctor has no clinics soon and offers the department’s other doctors', async () => {
    ctx.service.doctors.push({ ...ctx.service.doctors[0], doctorId: 'd5', name: '陈静' });
    page('/doctorHome/1000/d5');
    expect(await screen.findByText('陈静医生近期暂无出诊安排')).toBeTruthy();
    expect(screen.getByRole('link', { name: '看看同科室的医生' }).getAttribute('href')).toBe(
      '/doctors/1000/11/XNK01',
    );
    expect(screen.queryByRole('list', { name: '出诊安排' })).toBeNull();
  });

  it('shows an error with retry when the doctor cannot be loaded', async () => {
    ctx.service.override('GET /v1/doctors/d1', businessError(500, '服务繁忙'));
    page();
    expect(await screen.findByText('医生信息加载失败')).toBeTruthy();
    ctx.service.overrides.clear();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await profile()).toBeTruthy();
  });

  it('keeps the profile when only the schedule fails, with its own retry', async () => {
    ctx.service.override('POST /v1/schedules/appoint/doctor/d1', businessError(500, '服务繁忙'));
    page();
    await profile();
    expect(await screen.findByText('出诊安排加载失败')).toBeTruthy();
    ctx.service.overrides.clear();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('list', { name: '出诊安排' })).toBeTruthy();
  });

  it('says so for an unknown doctor', async () => {
    page('/doctorHome/1000/d9');
    expect(await screen.findByText('未找到该医生，请返回科室列表重新选择')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回科室列表' })).toBeTruthy();
  });

  it('refuses a link to another hospital, sending nothing', async () => {
    page('/doctorHome/1001/d1');
    expect(await screen.findByText('该链接属于其他医院，请从本院首页重新进入预约')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ctx.server.received).toHaveLength(0);
  });

  it('refuses malformed links, sending nothing', async () => {
    page('/doctorHome/1000/d1%27');
    expect(await screen.findByText('页面链接中的医生有误，请返回后重新进入')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ctx.server.received).toHaveLength(0);
  });

  it('refuses a doctor whose department is not one of the app’s hospital', async () => {
    ctx.service.doctors[0].departmentId = '99';
    page();
    expect(await screen.findByText('该链接属于其他医院，请从本院首页重新进入预约')).toBeTruthy();
    expect(screen.queryByRole('region', { name: '张明' })).toBeNull();
  });
});
