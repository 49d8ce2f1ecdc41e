/** Test helpers of the inbox screens (not used by the app): a fake of the notification calls. */
import type { NotificationItem } from '@patient/contract';
import { type FeatureOptions, fail, LoopbackService, ok, type Route } from '@patient/feature-kit/testing';

export {
  answerDialog,
  bodiesOf,
  bodyShows,
  fail,
  pause,
  sent,
} from '@patient/feature-kit/testing';

export function makeMessage(extra: Partial<NotificationItem> = {}): NotificationItem {
  return {
    notificationId: '1',
    kind: 'APPOINTMENT',
    title: '预约成功',
    body: ['李*英已成功预约心血管内科 · 李明 主任医师。', '就诊时间：2030-05-12 上午 08:00-09:00'],
    link: '/appointmentDetail/7',
    createdAt: '2030-05-10T01:00:00.000Z',
    read: false,
    ...extra,
  };
}

export class FakeService extends LoopbackService {
  items: NotificationItem[] = [
    makeMessage(),
    makeMessage({
      notificationId: '2',
      kind: 'FEEDBACK',
      title: '您的投诉已回复',
      body: ['客户服务中心已回复，请查看。'],
      link: '/feedback/detail/3',
      createdAt: '2030-05-09T01:00:00.000Z',
      read: true,
    }),
  ];

  private unread = () => this.items.filter((m) => !m.read).length;

  protected readonly routes: Route[] = [
    ['GET', /^\/v1\/notifications$/, () => ok({ items: this.items, unread: this.unread() })],
    ['GET', /^\/v1\/notifications\/unread$/, () => ok({ unread: this.unread() })],
    [
      'POST',
      /^\/v1\/notifications\/readAll$/,
      () => {
        for (const m of this.items) m.read = true;
        return ok({ unread: 0 });
      },
    ],
    [
      'POST',
      /^\/v1\/notifications\/(\w+)\/open$/,
      (_r, m) => {
        const item = this.items.find((i) => i.notificationId === m[1]);
        if (!item) return fail(404, '消息不存在');
        item.read = true;
        return ok(item);
      },
    ],
    [
      'POST',
      /^\/v1\/notifications\/(\w+)\/delete$/,
      (_r, m) => {
        const before = this.items.length;
        this.items = this.items.filter((i) => i.notificationId !== m[1]);
        return before === this.items.length ? fail(404, '消息不存在') : ok(true);
      },
    ],
  ];
}

/** The options of the harness (setupFeature): hospital 1000, contacts not loaded. */
export const harness = {
  service: FakeService,
  seed: { contacts: null },
} satisfies FeatureOptions<FakeService>;
