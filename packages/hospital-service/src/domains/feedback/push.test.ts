import type { FeedbackItem, FollowUpTask, NotificationList, PushedTask } from '@patient/contract';
import { BROWSER_CHANNEL, CHANNEL_HEADER } from '@patient/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../../platform/clock.ts';
import { TEST_START } from '../../test/constants.ts';
import { type Client, person, startServer, type TestServer } from '../../test/harness.ts';

/** Photos on feedback, and the push link's disposable login code (001 §7 'Questionnaire push'). */
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());
afterEach(() => server.clock.set(TEST_START));

const H = '1000';
const jpeg = (seed: number) => {
  const bytes = Buffer.alloc(1024, seed);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes;
};

async function uploadPhoto(client: Client, seed = 1): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([jpeg(seed)], { type: 'image/jpeg' }), 'photo.jpg');
  const response = await fetch(new URL('/product-service/v1/file/upload', client.base), {
    method: 'POST',
    body: form,
    headers: {
      [CHANNEL_HEADER]: BROWSER_CHANNEL,
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
  });
  const body = (await response.json()) as { results: { fileId: string } };
  return body.results.fileId;
}

const complaint = (phone: string, photos?: string[]) => ({
  hospitalId: H,
  kind: 'COMPLAINT',
  category: '环境设施',
  content: ['门诊三楼卫生间地面湿滑，没有提示牌，老人差点摔倒。'],
  phone,
  ...(photos ? { photos } : {}),
});

describe('photos on a feedback', () => {
  it('tells the hospital’s number of photos, takes the account’s own photos and shows them to the owner', async () => {
    const anonymous = server.client();
    expect((await anonymous.get('/v1/feed_back/config', { hospitalId: H })).body.results).toEqual({
      maxPhotos: 3,
    });
    expect((await anonymous.get('/v1/feed_back/config', { hospitalId: '1007' })).body.results).toEqual({
      maxPhotos: 1,
    });
    const owner = await server.login('13700007201');
    const photos = [await uploadPhoto(owner, 1), await uploadPhoto(owner, 2)];
    const sent = await owner.post<FeedbackItem>('/v1/feed_back', complaint('13700007201', photos));
    expect(sent.body, sent.text).toMatchObject({ state: 200, results: { photos } });
    const id = sent.body.results?.feedBackId;
    expect((await owner.get<FeedbackItem>(`/v1/feed_back/feed_back_id/${id}`)).body.results?.photos).toEqual(
      photos,
    );
    const image = await fetch(new URL(`/product-service/v1/file/${photos[0]}`, owner.base), {
      headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(image.status).toBe(200);
    const stranger = await server.login('13700007202');
    expect((await stranger.get(`/v1/feed_back/feed_back_id/${id}`)).body.state).toBe(404);
  });

  it('refuses another account’s photo (404), too many, a repeat, and bad ids (400); nothing is kept', async () => {
    const owner = await server.login('13700007203');
    const other = await server.login('13700007204');
    const theirs = await uploadPhoto(other, 3);
    const mine = await uploadPhoto(owner, 4);
    const stolen = await owner.post('/v1/feed_back', complaint('13700007203', [mine, theirs]));
    expect(stolen.body).toMatchObject({ state: 404, msg: '图片不存在' });
    const repeat = await owner.post('/v1/feed_back', complaint('13700007203', [mine, mine]));
    expect(repeat.body.msg).toBe('参数 photos 不正确：图片重复');
    const four = await owner.post('/v1/feed_back', complaint('13700007203', ['1', '2', '3', '4']));
    expect(four.status).toBe(400);
    const bad = await owner.post('/v1/feed_back', complaint('13700007203', ['../1']));
    expect(bad.status).toBe(400);
    const county = await owner.post('/v1/feed_back', {
      ...complaint('13700007203', [mine, await uploadPhoto(owner, 5)]),
      hospitalId: '1007',
    });
    expect(county.body.msg).toBe('参数 photos 不正确：最多上传1张图片');
    expect((await owner.get<FeedbackItem[]>('/v1/feed_back', { hospitalId: H })).body.results).toEqual([]);
  });
});

/** A new account with a contact, pushed a health article by the simulated follow-up platform. */
async function pushed(phone: string, n: number) {
  const client = await server.login(phone);
  const added = await client.post('/addPatient', person(n, { phone }));
  expect(added.body.state, added.text).toBe(200);
  const answer = await server
    .client()
    .call<{ iuid: string; code: string; link: string; taskId: string }>('POST', '/__dev/feedback/push', {
      body: { phone },
    });
  expect(answer.body.state, answer.text).toBe(200);
  return {
    owner: client,
    ...(answer.body.results as { iuid: string; code: string; link: string; taskId: string }),
  };
}

describe('the push link’s disposable login code', () => {
  it('logs in once with an httpOnly session and shows the pushed article; a second use is refused', async () => {
    const { iuid, code, link, taskId } = await pushed('13700007211', 311);
    expect(link).toBe(`/feedback/studyPushDetail/${iuid}?code=${code}`);
    const phone = server.client();
    const login = await phone.post<{ task: PushedTask }>('/v1/feedback/push/login', { iuid, code });
    expect(login.body, login.text).toMatchObject({
      state: 200,
      results: { phone: '*******7211', task: { iuid, taskId, kind: 'STUDY', title: '高血压患者居家护理' } },
    });
    expect(login.setCookies.join(';')).toMatch(/HttpOnly/i);
    const task = login.body.results?.task as PushedTask;
    const article = await phone.get<FollowUpTask>(`/v1/patient/desc/${task.inhospitalId}/${task.taskId}`);
    expect(article.body.results).toMatchObject({ kind: 'STUDY', status: 'PENDING' });
    expect((await phone.get<PushedTask>(`/v1/feedback/push/${iuid}`)).body.results).toEqual(task);
    // The inbox has the push's message, linking to the push without its code.
    const inbox = (await phone.get<NotificationList>('/v1/notifications', { hospitalId: H })).body.results;
    expect(inbox?.items[0]).toMatchObject({ kind: 'FOLLOW_UP', link: `/feedback/studyPushDetail/${iuid}` });

    const again = await server.client().post('/v1/feedback/push/login', { iuid, code });
    expect(again.body).toMatchObject({ state: 400, msg: '链接已失效' });
    expect(again.setCookies).toEqual([]);
  });

  it('refuses an expired code, a wrong one (and the right one after five wrong tries), and an unknown link', async () => {
    const late = await pushed('13700007212', 312);
    server.clock.advance(30 * MINUTE);
    expect((await server.client().post('/v1/feedback/push/login', late)).body.msg).toBe('链接已失效');
    server.clock.set(TEST_START);

    const guessed = await pushed('13700007213', 313);
    const wrong = `${guessed.code.slice(0, -1)}${guessed.code.endsWith('A') ? 'B' : 'A'}`;
    for (let i = 0; i < 5; i++) {
      const answer = await server
        .client()
        .post('/v1/feedback/push/login', { iuid: guessed.iuid, code: wrong });
      expect(answer.body.msg).toBe('链接已失效');
    }
    const right = await server
      .client()
      .post('/v1/feedback/push/login', { iuid: guessed.iuid, code: guessed.code });
    expect(right.body.msg).toBe('链接已失效');

    const unknown = await server
      .client()
      .post('/v1/feedback/push/login', { iuid: 'abc', code: guessed.code });
    expect(unknown.body.msg).toBe('链接已失效');
    const malformed = await server
      .client()
      .post('/v1/feedback/push/login', { iuid: guessed.iuid, code: 'short' });
    expect(malformed.status).toBe(400);
  });

  it('shows a push to its own account only (another account’s iuid: 404), and limits pushes per hour', async () => {
    const first = await pushed('13700007214', 314);
    const stranger = await server.login('13700007215');
    expect((await stranger.get(`/v1/feedback/push/${first.iuid}`)).body).toMatchObject({
      state: 404,
      msg: '推送内容不存在',
    });
    expect((await server.client().get(`/v1/feedback/push/${first.iuid}`)).status).toBe(401);
    for (let i = 0; i < 4; i++) {
      expect(
        (await server.client().call('POST', '/__dev/feedback/push', { body: { phone: '13700007214' } })).body
          .state,
      ).toBe(200);
    }
    const sixth = await server
      .client()
      .call('POST', '/__dev/feedback/push', { body: { phone: '13700007214' } });
    expect(sixth.body.state).toBe(429);
  });
});
