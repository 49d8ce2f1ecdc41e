/**
 * Test helpers of the booking screens (not used by the app): an in-memory stand-in for the service's
 * department, schedule, source and lock calls on the real loopback server, fixtures, and the options
 * of its harness (setupFeature).
 */
import type { TestServer } from '@patient/api-client/testing';
import { appStore } from '@patient/app-state';
import {
  type Department,
  type DepartmentGroup,
  type Doctor,
  type ScheduleItem,
  SERVICE_PREFIX,
  type Source,
} from '@patient/contract';
import { type FeatureOptions, fail, LoopbackService, ok, type Route } from '@patient/feature-kit/testing';
import { addDays, todayInChina } from './labels.ts';

export const TODAY = todayInChina();
/** The scheduled booking window of the fixtures: tomorrow and the six days after. */
export const DATES = Array.from({ length: 7 }, (_, i) => addDays(TODAY, i + 1));
export const [D1, D2, D3] = DATES;

const dept = (
  departmentId: string,
  parentId: string | null,
  name: string,
  deptId: string,
  pinyin: string,
  initials: string,
  location: string | null = null,
): Department => ({ departmentId, parentId, name, deptId, pinyin, initials, intro: null, location });

export function departmentsFixture(): Department[] {
  return [
    dept('1', null, '内科', 'NK', 'neike', 'nk'),
    dept('11', '1', '心血管内科', 'XNK01', 'xinxueguanneike', 'xxgnk', '门诊楼3楼'),
    dept('12', '1', '消化内科', 'XHNK02', 'xiaohuaneike', 'xhnk', '门诊楼2楼'),
    dept('2', null, '外科', 'WK', 'waike', 'wk'),
    dept('21', '2', '普外科', 'PWK01', 'puwaike', 'pwk'),
    dept('22', '2', '骨科', 'GK01', 'guke', 'gk'),
    dept('3', null, '儿科', 'EK', 'erke', 'ek'),
  ];
}

const doctor = (
  doctorId: string,
  name: string,
  title: string,
  speciality: string,
  departmentId = '11',
): Doctor => ({
  doctorId,
  name,
  title,
  speciality,
  intro: `${name}，${title}，从事临床工作二十年。`,
  departmentId,
  departmentName: departmentId === '11' ? '心血管内科' : '消化内科',
  deptId: departmentId === '11' ? 'XNK01' : 'XHNK02',
});

export function doctorsFixture(): Doctor[] {
  return [
    doctor('d1', '张明', '主任医师', '冠心病、高血压的诊治'),
    doctor('d2', '李华', '副主任医师', '心律失常'),
    doctor('d3', '王芳', '主治医师', '心力衰竭'),
    doctor('d4', '赵强', '主任医师', '胃肠疾病', '12'),
  ];
}

type ItemInput = Partial<ScheduleItem> & Pick<ScheduleItem, 'scheduleItemId' | 'date' | 'halfDay'>;

export function scheduleItem(input: ItemInput, doctors: Doctor[] = doctorsFixture()): ScheduleItem {
  const doc = input.doctorId ? doctors.find((d) => d.doctorId === input.doctorId) : undefined;
  const departmentId = input.departmentId ?? doc?.departmentId ?? '11';
  return {
    hisScheduleId: `HIS-${input.scheduleItemId}`,
    hospitalId: '1000',
    departmentId,
    departmentName: departmentId === '11' ? '心血管内科' : '消化内科',
    deptId: departmentId === '11' ? 'XNK01' : 'XHNK02',
    doctorId: null,
    doctorName: doc?.name ?? null,
    doctorTitle: doc?.title ?? null,
    type: 'NORMAL',
    state: 'APPOINTABLE',
    remaining: null,
    fee: 2500,
    ...input,
  };
}

export function schedulesFixture(): ScheduleItem[] {
  return [
    scheduleItem({
      scheduleItemId: '101',
      doctorId: 'd1',
      date: D1,
      halfDay: 'AM',
      type: 'EXPERT',
      remaining: 3,
      fee: 5000,
    }),
    scheduleItem({
      scheduleItemId: '102',
      doctorId: 'd1',
      date: D1,
      halfDay: 'PM',
      type: 'EXPERT',
      state: 'ALL_APPOINTED',
      remaining: 0,
      fee: 5000,
    }),
    scheduleItem({
      scheduleItemId: '103',
      doctorId: 'd2',
      date: D2,
      halfDay: 'AM',
      type: 'NORMAL',
      remaining: 8,
    }),
    scheduleItem({
      scheduleItemId: '104',
      doctorId: 'd3',
      date: D1,
      halfDay: 'AM',
      type: 'NORMAL',
      state: 'STOPED',
      remaining: 0,
    }),
    scheduleItem({
      scheduleItemId: '105',
      date: D1,
      halfDay: 'PM',
      type: 'DEPARTMENT',
      remaining: null,
      fee: 1500,
    }),
    scheduleItem({
      scheduleItemId: '106',
      doctorId: 'd4',
      date: D1,
      halfDay: 'AM',
      type: 'VIP',
      remaining: 2,
      fee: 10000,
    }),
    scheduleItem({
      scheduleItemId: '201',
      doctorId: 'd1',
      date: TODAY,
      halfDay: 'PM',
      type: 'EXPERT',
      remaining: 2,
      fee: 5000,
    }),
  ];
}

export function sourcesFixture(): Source[] {
  const slot = (
    sourceId: string,
    scheduleItemId: string,
    startTime: string,
    endTime: string,
    remaining: number,
  ): Source => ({
    sourceId,
    scheduleItemId,
    startTime,
    endTime,
    remaining,
    state: remaining > 0 ? 'APPOINTABLE' : 'ALL_APPOINTED',
  });
  return [
    slot('s1', '101', '08:00', '08:30', 1),
    slot('s2', '101', '08:30', '09:00', 0),
    slot('s3', '101', '09:00', '09:30', 2),
    slot('s4', '103', '08:00', '09:00', 8),
    slot('s5', '201', '14:00', '14:30', 2),
  ];
}

export { bodyShows } from '@patient/feature-kit/testing';

/** The service's answers (the names these tests use). */
export const envelope = ok;
export const businessError = fail;

/**
 * The service's booking calls over the fixtures, with the reference service's rules where a screen depends
 * on them: two levels of departments, spell search over names, pinyin and initials, the booking window, a
 * lock that takes a place or answers 409. `override` replaces the answer of one call.
 */
export class FakeBookingService extends LoopbackService {
  departments = departmentsFixture();
  doctors = doctorsFixture();
  schedules = schedulesFixture();
  sources = sourcesFixture();
  private nextOrder = 1;

  groups(): DepartmentGroup[] {
    return this.departments
      .filter((d) => d.parentId === null)
      .map((g) => ({
        departmentId: g.departmentId,
        name: g.name,
        children: this.departments.filter((d) => d.parentId === g.departmentId),
      }));
  }

  private window(sameDay: boolean): string[] {
    return sameDay ? [TODAY] : DATES;
  }

  protected readonly routes: Route[] = [
    ['GET', /^\/v1\/dept\/hospital\/(\w+)$/, () => envelope(this.groups())],
    ['GET', /^\/v1\/dept\/dept_with_his\/hospital\/(\w+)$/, () => envelope(this.departments)],
    [
      'GET',
      /^\/v1\/doctors\/(\w+)$/,
      (_r, m) => {
        const doc = this.doctors.find((d) => d.doctorId === m[1]);
        return doc ? envelope(doc) : businessError(404, '医生不存在');
      },
    ],
    [
      'POST',
      /^\/v1\/schedules\/appoint\/doctor\/(\w+)$/,
      (r, m) => {
        if (!this.doctors.some((d) => d.doctorId === m[1])) return businessError(404, '医生不存在');
        const window = this.window(JSON.parse(r.body).sameDay === true);
        return envelope(this.schedules.filter((s) => s.doctorId === m[1] && window.includes(s.date)));
      },
    ],
    [
      'POST',
      /^\/v1\/sources\/hospitals\/(\w+)\/queryBySpell$/,
      (r) => {
        const keyword = String(JSON.parse(r.body).keyword).trim().toLowerCase();
        return envelope(
          this.departments.filter(
            (d) => d.name.includes(keyword) || d.pinyin.includes(keyword) || d.initials.includes(keyword),
          ),
        );
      },
    ],
    [
      'POST',
      /^\/v1\/schedules_resume\/hospitals\/(\w+)\/query$/,
      (r) => {
        const body = JSON.parse(r.body);
        const dates = this.window(body.sameDay === true);
        const doctors = this.doctors
          .filter((d) => d.departmentId === body.departmentId)
          .map((doc) => ({
            doctor: doc,
            days: dates.flatMap((date) => {
              const items = this.schedules.filter((s) => s.doctorId === doc.doctorId && s.date === date);
              if (items.length === 0) return [];
              const open = items.filter((s) => s.state === 'APPOINTABLE');
              const best = open[0] ?? items[0];
              const remaining = open.some((s) => s.remaining === null)
                ? null
                : open.reduce((sum, s) => sum + (s.remaining ?? 0), 0);
              return [
                { date, state: best.state, remaining: open.length > 0 ? remaining : null, type: best.type },
              ];
            }),
          }))
          .filter((d) => d.days.length > 0);
        return envelope({ dates, doctors });
      },
    ],
    [
      'POST',
      /^\/v1\/schedules\/hospitals\/(\w+)\/query$/,
      (r) => {
        const body = JSON.parse(r.body);
        const window = this.window(body.sameDay === true);
        return envelope(
          this.schedules.filter(
            (s) =>
              window.includes(s.date) &&
              s.date >= body.startDate &&
              s.date <= body.endDate &&
              (!body.departmentId || s.departmentId === body.departmentId) &&
              (!body.doctorId || s.doctorId === body.doctorId),
          ),
        );
      },
    ],
    [
      'POST',
      /^\/v1\/schedules\/sourceSearch$/,
      (r) => {
        const body = JSON.parse(r.body);
        return envelope(
          this.schedules.filter(
            (s) =>
              s.date === body.date && (!body.departmentIds || body.departmentIds.includes(s.departmentId)),
          ),
        );
      },
    ],
    [
      'POST',
      /^\/v1\/sources\/hospitals\/(\w+)\/query$/,
      (r) => {
        const { scheduleItemId } = JSON.parse(r.body);
        const schedule = this.schedules.find((s) => s.scheduleItemId === scheduleItemId);
        if (!schedule) return businessError(404, '排班不存在');
        return envelope({
          schedule,
          sources: this.sources.filter((s) => s.scheduleItemId === scheduleItemId),
        });
      },
    ],
    [
      'POST',
      /^\/v1\/schedules\/appointments_resume\/queryResume\/(\w+)$/,
      (_r, m) => {
        const doc = this.doctors.find((d) => d.doctorId === m[1]);
        if (!doc) return businessError(404, '医生不存在');
        return envelope({
          doctor: doc,
          schedules: this.schedules.filter((s) => s.doctorId === doc.doctorId && s.date !== TODAY),
        });
      },
    ],
    [
      'POST',
      /^\/v1\/sources\/hospitals\/\w+\/lock$/,
      (r) => {
        const { sourceId } = JSON.parse(r.body);
        const source = this.sources.find((s) => s.sourceId === sourceId);
        if (!source) return businessError(404, '号源不存在');
        if (source.remaining <= 0) return businessError(409, '该时段已约满，请选择其他时段');
        source.remaining -= 1;
        if (source.remaining === 0) source.state = 'ALL_APPOINTED';
        return envelope({
          orderId: `o${this.nextOrder++}`,
          holdExpiresAt: new Date(Date.now() + 600_000).toISOString(),
        });
      },
    ],
  ];
}

/** The options of the booking tests' harness (setupFeature): hospital 1000, contacts not loaded. */
export const harness = {
  service: FakeBookingService,
  seed: { contacts: null },
} satisfies FeatureOptions<FakeBookingService>;

/** Logs the demo user in (app state only; the fake service does not check sessions). */
export function logIn(): void {
  appStore.getState().update((s) => {
    s.auth = { userId: 'u1', phone: '*******8000' } as typeof s.auth;
  });
}

export { sent } from '@patient/feature-kit/testing';

/** The JSON bodies of the requests to `path` (without the prefix). */
export function bodiesOf(server: TestServer, path: string): unknown[] {
  return server.received
    .filter((r) => r.path === `${SERVICE_PREFIX.hospital}${path}`)
    .map((r) => (r.body ? JSON.parse(r.body) : null));
}
