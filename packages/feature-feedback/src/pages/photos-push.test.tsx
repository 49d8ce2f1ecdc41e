import { appStore } from '@patient/app-state';
import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesOf, bodyShows, harness, makeFeedback, pause, sent } from '../testing.tsx';
import FeedbackAddPage from './FeedbackAddPage.tsx';
import FeedbackDetailPage from './FeedbackDetailPage.tsx';
import StudyPushPage from './StudyPushPage.tsx';

const ctx = setupFeature(harness);
const jpeg = (name = 'photo.jpg') =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], name, { type: 'image/jpeg' });

describe('photos on a feedback', () => {
  it('takes up to the hospital’s number of photos, each removable, and sends their ids', async () => {
    renderAt(
      { '/feedback/add': <FeedbackAddPage />, '/feedback/detail/:feedBackId': <FeedbackDetailPage /> },
      '/feedback/add',
    );
    await screen.findByRole('heading', { name: '上传图片（选填，最多2张）' });
    await userEvent.upload(screen.getByLabelText('添加图片') as HTMLInputElement, jpeg());
    await screen.findByAltText('已上传的第1张图片');
    await userEvent.upload(screen.getByLabelText('添加图片') as HTMLInputElement, jpeg('b.jpg'));
    await screen.findByAltText('已上传的第2张图片');
    // Two of two: no more to add.
    expect(screen.queryByLabelText('添加图片')).toBeNull();
    await act(async () => screen.getByRole('button', { name: '删除第1张' }).click());
    expect(screen.getByAltText('已上传的第1张图片').getAttribute('src')).toBe('/product-service/v1/file/F2');
    // A file that is not a photo is refused on the phone, before any upload.
    await userEvent.upload(
      screen.getByLabelText('添加图片') as HTMLInputElement,
      new File(['<html>'], 'x.jpg', { type: 'image/jpeg' }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('图片');
    expect(ctx.service.uploads).toBe(2);

    await act(async () => screen.getByRole('radio', { name: '环境设施' }).click());
    await userEvent.type(screen.getByLabelText('具体内容'), '门诊三楼卫生间地面湿滑没有提示牌');
    await act(async () => screen.getByRole('button', { name: '提交' }).click());
    await pause();
    expect(bodiesOf(ctx.server, 'POST /v1/feed_back')[0]).toMatchObject({ photos: ['F2'] });
  });

  it('uploads several photos chosen at once in one request; a refused one is named and the others kept', async () => {
    ctx.service.maxPhotos = 3;
    renderAt({ '/feedback/add': <FeedbackAddPage /> }, '/feedback/add');
    await screen.findByRole('heading', { name: '上传图片（选填，最多3张）' });
    const input = screen.getByLabelText('添加图片') as HTMLInputElement;
    expect(input.multiple).toBe(true);
    await userEvent.upload(input, [
      jpeg('a.jpg'),
      new File(['<html>'], '报告截图.jpg', { type: 'image/jpeg' }),
      jpeg('c.jpg'),
    ]);
    await screen.findByAltText('已上传的第2张图片');
    expect(ctx.service.batches).toBe(1);
    expect(ctx.service.uploads).toBe(2);
    expect(screen.getByRole('alert').textContent).toBe(
      '“报告截图.jpg”未上传：仅支持 JPG、PNG、WebP 格式的图片，请重新选择；其余2张已上传',
    );
    // One place left: of two chosen, the first goes up and the rest is said.
    await userEvent.upload(screen.getByLabelText('添加图片') as HTMLInputElement, [
      jpeg('d.jpg'),
      jpeg('e.jpg'),
    ]);
    await screen.findByAltText('已上传的第3张图片');
    expect(ctx.service.batches).toBe(2);
    expect(screen.getByRole('alert').textContent).toBe('最多还能添加1张，已选前1张');
    expect(screen.queryByLabelText('添加图片')).toBeNull();
    await act(async () => screen.getByRole('radio', { name: '环境设施' }).click());
    await userEvent.type(screen.getByLabelText('具体内容'), '门诊三楼卫生间地面湿滑没有提示牌');
    await act(async () => screen.getByRole('button', { name: '提交' }).click());
    await pause();
    expect(bodiesOf(ctx.server, 'POST /v1/feed_back')[0]).toMatchObject({ photos: ['F1', 'F2', 'F3'] });
  });

  it('says so when the several-photos request fails, showing nothing as uploaded', async () => {
    ctx.service.uploadsDown = true;
    renderAt({ '/feedback/add': <FeedbackAddPage /> }, '/feedback/add');
    await screen.findByRole('heading', { name: '上传图片（选填，最多2张）' });
    await userEvent.upload(screen.getByLabelText('添加图片') as HTMLInputElement, [
      jpeg('a.jpg'),
      jpeg('b.jpg'),
    ]);
    expect((await screen.findByRole('alert')).textContent).toBe('2张图片上传失败，请重试');
    expect(screen.queryByAltText('已上传的第1张图片')).toBeNull();
    expect(screen.getByText('添加图片')).toBeTruthy();
  });

  it('offers no photos where the hospital takes none, and shows a feedback’s photos in its detail', async () => {
    ctx.service.maxPhotos = 0;
    ctx.service.feedbacks = [makeFeedback({ photos: ['F7', 'F8'] })];
    renderAt(
      { '/feedback/add': <FeedbackAddPage />, '/feedback/detail/:feedBackId': <FeedbackDetailPage /> },
      '/feedback/add',
    );
    await screen.findByRole('list', { name: '我的反馈' });
    await pause();
    expect(screen.queryByText(/上传图片/)).toBeNull();
    renderAt({ '/feedback/detail/:feedBackId': <FeedbackDetailPage /> }, '/feedback/detail/3');
    const gallery = await screen.findByRole('region', { name: '图片' });
    expect(
      within(gallery)
        .getAllByRole('img')
        .map((i) => i.getAttribute('src')),
    ).toEqual(['/product-service/v1/file/F7', '/product-service/v1/file/F8']);
  });
});

describe('StudyPushPage', () => {
  const code = 'c'.repeat(32);
  const routes = { '/feedback/studyPushDetail/:iuid': <StudyPushPage /> };

  it('logs in with the push link’s code once and opens the pushed article in its place', async () => {
    const router = renderAt(routes, `/feedback/studyPushDetail/P1?code=${code}`);
    await bodyShows('ELSEWHERE /feedback/studyDetail/ZY1/SF4');
    expect(router.state.location.pathname).toBe('/feedback/studyDetail/ZY1/SF4');
    expect(appStore.getState().auth).toEqual({ userId: 'u1', phone: '*******8000' });
    expect(bodiesOf(ctx.server, 'POST /v1/feedback/push/login')).toEqual([{ iuid: 'P1', code }]);
  });

  it('says a used or expired link is no longer valid and offers the login that comes back here', async () => {
    ctx.service.pushCode = null;
    renderAt(routes, `/feedback/studyPushDetail/P1?code=${code}`);
    expect((await screen.findByRole('alert')).textContent).toBe('链接已失效');
    const login = screen.getByRole('link', { name: '登录后查看' });
    expect(login.getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent('/feedback/studyPushDetail/P1')}`,
    );
  });

  it('opens the task for a logged-in account without a code; sends nothing for a bad link', async () => {
    const router = renderAt(routes, '/feedback/studyPushDetail/P1');
    await bodyShows('ELSEWHERE /feedback/studyDetail/ZY1/SF4');
    expect(router.state.location.pathname).toBe('/feedback/studyDetail/ZY1/SF4');
    const before = sent(ctx.server).length;
    await act(() => router.navigate('/feedback/studyPushDetail/%3Cx%3E'));
    await bodyShows('链接无效');
    expect(sent(ctx.server).length).toBe(before);
  });
});
