/** Test helpers of the bed-reservation screens (not used by the app): a fake of the bed-order and staff calls. */
import type { BedOrder, StaffProfile } from '@patient/contract';
import {
  defaultContact,
  type FeatureOptions,
  fail,
  LoopbackService,
  makeContact,
  ok,
  type Route,
} from '@patient/feature-kit/testing';

export { answerDialog, bodiesOf, bodyShows, pause, sent } from '@patient/feature-kit/testing';

export const WARDS = [
  { deptCode: 'W01', deptName: '心血管内科病区', location: '住院部3楼东' },
  { deptCode: 'W02', deptName: '呼吸内科病区', location: '住院部3楼西' },
  { deptCode: 'W03', deptName: '消化内科病区', location: '住院部4楼东' },
];

export function makeOrder(extra: Partial<BedOrder> = {}): BedOrder {
  return {
    orderId: '7',
    orderNo: 'BR00000007',
    hospitalId: '1000',
    status: 'PENDING',
    source: 'APP',
    contactId: '1',
    patientName: '张伟',
    phone: '13800138000',
    deptCode: 'W01',
    deptName: '心血管内科病区',
    noticeNo: 'ZYTZ0001',
    diagnosis: '冠心病',
    doctorName: '李明',
    expectedDate: null,
    remark: '',
    admission: null,
    appliedAt: '2030-05-10T01:00:00.000Z',
    confirmedAt: null,
    finishedAt: null,
    cancelledAt: null,
    cancelReason: null,
    ...extra,
  };
}

export const OFFERED: BedOrder['admission'] = {
  date: '2030-05-12',
  period: 'AM',
  bedNo: '12',
  note: '请携带入院通知单',
  by: '心血管内科病区（住院部3楼东） · 李红护士长',
};

export const NURSE: StaffProfile = {
  staffId: '1',
  hospitalId: '1000',
  name: '李红',
  title: '护士长',
  wards: WARDS.slice(0, 2),
};

const staffMissing = {
  status: 401,
  body: {
    state: 401,
    msg: '请先登录',
    subMsg: '请在企业微信中以医院工作人员身份登录',
    subCode: 40320,
    results: null,
  },
};

export class FakeService extends LoopbackService {
  orders: BedOrder[] = [makeOrder()];
  /** Whether the browser holds a staff session. */
  signedIn = true;
  codes = new Set(['good-code']);

  private order = (id: string) => this.orders.find((o) => o.orderId === id);
  private page = (items: BedOrder[]) => ok({ items, total: items.length, page: 1, pageSize: 50 });
  private staff = (answer: () => ReturnType<typeof ok>) => () => (this.signedIn ? answer() : staffMissing);

  protected readonly routes: Route[] = [
    ['GET', /^\/v1\/bedOrder\/dept$/, () => ok(WARDS)],
    ['POST', /^\/v1\/bedOrder\/page$/, () => this.page(this.orders)],
    [
      'POST',
      /^\/v1\/bedOrder\/confirmTime$/,
      (r) => {
        const o = this.order(JSON.parse(r.body).orderId);
        if (!o) return fail(404, '床位预约不存在');
        if (o.status !== 'CONFIRMED') return fail(409, '病区尚未安排入院时间');
        Object.assign(o, { status: 'FINISHED', finishedAt: '2030-05-10T02:00:00.000Z' });
        return ok(o);
      },
    ],
    [
      'POST',
      /^\/v1\/bedOrder$/,
      (r) => {
        const body = JSON.parse(r.body);
        const o = makeOrder({ ...body, orderId: '9', orderNo: 'BR00000009', patientName: '张伟' });
        this.orders.unshift(o);
        return ok(o);
      },
    ],
    [
      'GET',
      /^\/v1\/bedOrder\/(\w+)$/,
      (_r, m) => {
        const o = this.order(m[1]);
        return o ? ok(o) : fail(404, '床位预约不存在');
      },
    ],
    [
      'POST',
      /^\/v1\/bedOrder\/(\w+)$/,
      (_r, m) => {
        const o = this.order(m[1]);
        if (!o) return fail(404, '床位预约不存在');
        Object.assign(o, {
          status: 'CANCELLED',
          cancelledAt: '2030-05-10T02:00:00.000Z',
          cancelReason: '患者取消',
        });
        return ok(o);
      },
    ],
    ['GET', /^\/v1\/WXCorp\/auth\/session$/, () => (this.signedIn ? ok(NURSE) : staffMissing)],
    [
      'GET',
      /^\/v1\/WXCorp\/auth\/authorize$/,
      (r) => {
        const q = r.query;
        return ok({
          url: `/wxcorp-service/__dev/wecom/authorize?${new URLSearchParams({ redirect_uri: q.get('redirect') ?? '', state: q.get('state') ?? '' })}`,
          simulated: true,
        });
      },
    ],
    [
      'POST',
      /^\/v1\/WXCorp\/auth\/login$/,
      (r) => {
        const { code } = JSON.parse(r.body);
        if (!this.codes.delete(code)) return fail(400, '授权已失效', '企业微信授权已失效，请重新登录');
        this.signedIn = true;
        return ok(NURSE);
      },
    ],
    ['POST', /^\/v1\/WXCorp\/auth\/logout$/, () => ok(true)],
    ['GET', /^\/v1\/WXCorp\/bedOrder\/count$/, this.staff(() => ok({ pending: 1, confirm: 0, finish: 0 }))],
    [
      'POST',
      /^\/v1\/WXCorp\/bedOrder\/(pending|confirm|finish)\/page$/,
      (_r, m) => {
        if (!this.signedIn) return staffMissing;
        const statuses =
          { pending: ['PENDING'], confirm: ['CONFIRMED'], finish: ['FINISHED', 'CANCELLED'] }[m[1]] ?? [];
        return this.page(this.orders.filter((o) => statuses.includes(o.status)));
      },
    ],
    [
      'GET',
      /^\/v1\/WXCorp\/bedOrder\/detail\/(\w+)$/,
      (_r, m) => {
        const o = this.order(m[1]);
        return o ? ok(o) : fail(404, '床位预约不存在');
      },
    ],
    [
      'POST',
      /^\/v1\/WXCorp\/bedOrder\/confirm$/,
      (r) => {
        const body = JSON.parse(r.body);
        const o = this.order(body.orderId);
        if (!o) return fail(404, '床位预约不存在');
        Object.assign(o, {
          status: 'CONFIRMED',
          admission: {
            date: body.date,
            period: body.period,
            bedNo: body.bedNo ?? '',
            note: '入院须知',
            by: '心血管内科病区 · 李红护士长',
          },
        });
        return ok(o);
      },
    ],
    [
      'POST',
      /^\/v1\/WXCorp\/bedOrder\/transferDepartment$/,
      (r) => {
        const body = JSON.parse(r.body);
        const o = this.order(body.orderId);
        if (!o) return fail(404, '床位预约不存在');
        const ward = WARDS.find((w) => w.deptCode === body.deptCode);
        Object.assign(o, {
          status: 'PENDING',
          admission: null,
          deptCode: body.deptCode,
          deptName: ward?.deptName,
        });
        return ok(o);
      },
    ],
    [
      'POST',
      /^\/v1\/WXCorp\/bedOrder\/behaviorLog\/page$/,
      () =>
        ok({
          items: [
            {
              logId: '1',
              orderId: '7',
              action: 'APPLY',
              actor: '张伟',
              actorKind: 'PATIENT',
              detail: '申请心血管内科病区床位',
              at: '2030-05-10T01:00:00.000Z',
            },
            {
              logId: '2',
              orderId: '7',
              action: 'CONFIRM',
              actor: '李红（护士长）',
              actorKind: 'STAFF',
              detail: '安排 2030-05-12 上午 8:00–11:30 入院',
              at: '2030-05-10T02:00:00.000Z',
            },
          ],
          total: 2,
          page: 1,
          pageSize: 50,
        }),
    ],
    [
      'POST',
      /^\/v1\/WXCorp\/bedOrder\/create$/,
      (r) => {
        const o = makeOrder({ ...JSON.parse(r.body), orderId: '11', source: 'DESK', contactId: null });
        this.orders.push(o);
        return ok(o);
      },
    ],
    [
      'POST',
      /^\/v1\/WXCorp\/bedOrder\/create$/,
      (r) => {
        const o = makeOrder({ ...JSON.parse(r.body), orderId: '11', source: 'DESK', contactId: null });
        this.orders.push(o);
        return ok(o);
      },
    ],
    ['GET', /^\/v1\/WXCorp\/department$/, () => ok(WARDS.map((w, i) => ({ ...w, mine: i < 2 })))],
    [
      'GET',
      /^\/v1\/WXCorp\/dictionary$/,
      () => ok({ periods: [], transferReasons: ['本病区床位已满', '患者要求'], admissionNote: '入院须知' }),
    ],
  ];
}

/** The options of the harness (setupFeature): 张伟 and 李娜. */
export const harness = {
  service: FakeService,
  seed: {
    contacts: [defaultContact(), makeContact('2', '李娜', { phone: '13900139000', relation: 'OTHER' })],
  },
} satisfies FeatureOptions<FakeService>;
