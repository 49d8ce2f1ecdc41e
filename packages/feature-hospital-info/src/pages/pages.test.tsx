import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyShows, harness, pause, sent } from '../testing.tsx';
import GuidePage from './GuidePage.tsx';
import HospitalInfoPage from './HospitalInfoPage.tsx';
import IntroductionPage from './IntroductionPage.tsx';
import NavigationPage from './NavigationPage.tsx';
import NoticesPage from './NoticesPage.tsx';
import PriceInquiryPage from './PriceInquiryPage.tsx';

const ctx = setupFeature(harness);

describe('IntroductionPage', () => {
  it('shows the service’s introduction under the build’s banner', async () => {
    renderAt({ '/hosIntroduction': <IntroductionPage /> }, '/hosIntroduction');
    await screen.findByRole('region', { name: '示范人民医院' });
    expect(screen.getByRole('img', { name: '示范人民医院外景' })).toBeTruthy();
    expect(document.querySelector('dl[aria-label="医院概况"]')?.textContent).toBe(
      '医院等级三级甲等开放床位1500张',
    );
    expect(screen.getByRole('region', { name: '医院简介' }).textContent).toContain('年门诊量逾200万人次。');
    expect(screen.getByRole('link', { name: 'www.example-hospital.cn' }).getAttribute('href')).toBe(
      'https://www.example-hospital.cn',
    );
  });

  it('says what failed and retries', async () => {
    ctx.service.override('GET /v1/hospital/\\w+/introduction', {
      body: { state: 500, msg: '服务异常' },
      status: 500,
    });
    renderAt({ '/hosIntroduction': <IntroductionPage /> }, '/hosIntroduction');
    await bodyShows('医院介绍加载失败');
    ctx.service.overrides.clear();
    await act(async () => screen.getByRole('button', { name: '重新加载' }).click());
    await screen.findByRole('region', { name: '医院简介' });
  });
});

describe('HospitalInfoPage and NoticesPage', () => {
  it('shows address, hours, hotlines to call, transport and the latest three notices', async () => {
    renderAt({ '/hospitalinfo': <HospitalInfoPage /> }, '/hospitalinfo');
    const phones = await screen.findByRole('region', { name: '联系电话' });
    expect(within(phones).getByRole('link', { name: /急诊/ }).getAttribute('href')).toBe('tel:010-65123120');
    expect(screen.getByRole('region', { name: '医院地址' }).textContent).toContain('北京市朝阳区示范路1号');
    expect(screen.getByRole('region', { name: '交通指引' }).textContent).toContain('6号线');
    const notices = screen.getByRole('list', { name: '医院公告' });
    expect(
      within(notices)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/guidelines#notice-1', '/guidelines#notice-2', '/guidelines#notice-3']);
  });

  it('opens the newest notice, or the one a link names', async () => {
    renderAt({ '/guidelines': <NoticesPage /> }, '/guidelines#notice-3');
    await bodyShows('检查检验须知');
    const details = [...document.querySelectorAll('details')];
    expect(details.map((d) => d.open)).toEqual([false, false, true, false]);
  });
});

describe('NavigationPage and GuidePage', () => {
  it('lists each building’s floors and finds a place by name', async () => {
    renderAt({ '/hospitalNavigation': <NavigationPage /> }, '/hospitalNavigation');
    const first = await screen.findByRole('region', { name: '门诊楼1层' });
    expect(first.textContent).toContain('西药房 B区');
    await act(async () => screen.getByRole('tab', { name: '医技楼' }).click());
    expect(screen.getByRole('region', { name: '医技楼1层' }).textContent).toContain('CT室');
    await userEvent.type(screen.getByLabelText('搜索科室或地点'), '心血管');
    expect(screen.getByRole('list', { name: '搜索结果' }).textContent).toContain('门诊楼2层 A区');
    await userEvent.clear(screen.getByLabelText('搜索科室或地点'));
    await userEvent.type(screen.getByLabelText('搜索科室或地点'), '眼科');
    await bodyShows('没有找到“眼科”');
  });

  it('shows the visit step by step with the screens', async () => {
    renderAt({ '/medicalGuidance': <GuidePage /> }, '/medicalGuidance');
    const steps = await screen.findByRole('list', { name: '就诊流程' });
    expect(within(steps).getByRole('heading', { name: '1. 预约挂号' })).toBeTruthy();
    expect(within(steps).getByRole('link', { name: '预约挂号 ›' }).getAttribute('href')).toBe('/depts');
    expect(within(steps).getAllByRole('link')).toHaveLength(1);
  });
});

describe('PriceInquiryPage', () => {
  it('searches drugs by initials as the patient types, and pages with 加载更多', async () => {
    renderAt({ '/priceInquiry': <PriceInquiryPage /> }, '/priceInquiry');
    const list = await screen.findByRole('list', { name: '药品价格' });
    expect(within(list).getAllByRole('article')).toHaveLength(20);
    expect(document.body.textContent).toContain('共 25 项');
    await act(async () => screen.getByRole('button', { name: '加载更多' }).click());
    await bodyShows('没有更多了');
    expect(within(screen.getByRole('list', { name: '药品价格' })).getAllByRole('article')).toHaveLength(25);

    await userEvent.type(screen.getByLabelText('搜索名称、拼音或首字母'), 'amxl');
    await bodyShows('共 1 项');
    const found = screen.getByRole('article', { name: '阿莫西林胶囊' });
    expect(found.textContent).toContain('¥12.51/盒');
    expect(found.textContent).toContain('医保甲类');
    expect(found.textContent).toContain('0.25g×24粒');
    await pause();
    // One search for the whole word, not one per letter.
    const searches = ctx.server.received.filter((r) => r.query.get('keyword'));
    expect(searches.map((r) => r.query.get('keyword'))).toEqual(['amxl']);
  });

  it('switches to medical services and says when nothing matches', async () => {
    renderAt({ '/priceInquiry': <PriceInquiryPage /> }, '/priceInquiry');
    await screen.findByRole('list', { name: '药品价格' });
    await act(async () => screen.getByRole('tab', { name: '医疗服务价格' }).click());
    const row = await screen.findByRole('article', { name: '血常规检查' });
    expect(row.textContent).toContain('自费');
    expect(row.textContent).not.toContain('厂家');
    await userEvent.type(screen.getByLabelText('搜索名称、拼音或首字母'), '核磁');
    await bodyShows('没有找到“核磁”的价格信息');
    expect(sent(ctx.server).some((l) => l.startsWith('GET /v1/prices/medicalServicePriceInfo/1000'))).toBe(
      true,
    );
  });
});
