/**
 * Test helpers of the check-up screens (not used by the app): an in-memory stand-in for the hospital
 * service's check-up calls answering on the real loopback server, fixtures, a router around the screens, and
 * the confirm dialog's buttons. api-client runs for real.
 */
import { configureApi } from '@patient/api-client';
import { type Received, type Reply, startServer, type TestServer } from '@patient/api-client/testing';
import { appStore } from '@patient/app-state';
import { type CheckupApplication, type Contact, SERVICE_PREFIX } from '@patient/contract';
import { HospitalConfigProvider } from '@patient/hospital-config';
import { testHospitalConfig } from '@patient/hospital-config/testing';
import { cleanup, render, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

export const ok = (results: unknown): Reply => ({
  body: { state: 200, msg: null, subMsg: null, subCode: null, results },
});
export const fail = (state: number, msg: string): Reply => ({
  body: { state, msg, subMsg: msg, subCode: null, results: null },
});

export function makeContact(
  contactId: string,
  name: string,
  extra: Partial<Contact['contactDO']> = {},
): Contact {
  return {
    contactId,
    createdAt: '2026-01-01T00:00:00.000Z',
    contactDO: {
      name,
      documentType: 'IDENTITY_CARD',
      documentNumber: '110105198503152313',
      phone: '13800138000',
      phoneVerified: true,
      sex: null,
      birthDate: null,
      relation: 'SELF',
      isDefault: false,
      certified: true,
      notify: true,
      address: null,
      ethnicity: null,
      occupation: null,
      ...extra,
    },
  };
}

export function makeApplication(extra: Partial<CheckupApplication> = {}): CheckupApplication {
  return {
    applicationNo: 'SQ100012345678',
    orderItemId: 'YZ00001234',
    contactId: '1',
    patientName: '张伟',
    visitType: '1',
    itemCode: 'CT001',
    itemName: '胸部CT平扫',
    urgentFlag: '0',
    emergencySchedule: '0',
    itemTypeId: 'CT',
    itemTypeName: 'CT检查',
    departmentName: '放射科',
    requestedAt: '2030-05-10T02:00:00.000Z',
    status: 'UNBOOKED',
    appointment: null,
    ...extra,
  };
}

type Answer = (request: Received, match: RegExpMatchArray) => Reply | Promise<Reply>;

/**
 * The hospital service's check-up calls over in-memory data: requests per contact, places per date and
 * slot, notices, the cancel rule and the reminders. `override` replaces the answer of one call.
 */
export class FakeService {
  applications: CheckupApplication[] = [];
  remaining = [
    { date: '2030-05-14', available: 0 },
    { date: '2030-05-15', available: 5 },
    { date: '2030-05-16', available: 2 },
  ];
  times: Record<string, { workNo: string; batchId: string; timeRange: string; available: number }[]> = {
    '2030-05-15': [
      { workNo: 'CT20300515', batchId: 'B01', timeRange: '08:00-09:00', available: 0 },
      { workNo: 'CT20300515', batchId: 'B02', timeRange: '09:00-10:00', available: 5 },
    ],
    '2030-05-16': [
      { workNo: 'CT20300516', batchId: 'B01', timeRange: '08:00-09:00', available: 2 },
      { workNo: 'CT20300516', batchId: 'B05', timeRange: '14:00-15:00', available: 0 },
    ],
  };
  notices = ['请携带身份证、就诊卡及检查申请单，提前15分钟到医技楼1层CT室登记。', '检查前请取下金属饰品。'];
  cancelRule: { canCancel: boolean; deadline: string | null; reason: string | null } = {
    canCancel: true,
    deadline: '2030-05-15T00:00:00.000Z',
    reason: null,
  };
  reminders = [
    { id: 'GENERAL', title: '检查预约须知', content: ['检查当日请携带身份证、就诊卡及检查申请单。'] },
    { id: 'CT', title: 'CT检查前准备', content: ['检查前请取下金属饰品、手机、钥匙等物品。'] },
    { id: 'US', title: '超声检查前准备', content: ['请穿宽松、便于暴露检查部位的衣物。'] },
  ];
  overrides = new Map<string, Answer>();

  override(key: string, answer: Answer | Reply): void {
    this.overrides.set(key, typeof answer === 'function' ? answer : () => answer);
  }

  private find(body: { applicationNo: string; orderItemId: string }) {
    return this.applications.find(
      (a) => a.applicationNo === body.applicationNo && a.orderItemId === body.orderItemId,
    );
  }

  private readonly routes: [string, RegExp, Answer][] = [
    [
      'POST',
      /^\/v1\/checkByHospital\/getCheckApply\/\w+$/,
      (r) => ok(this.applications.filter((a) => a.contactId === JSON.parse(r.body).contactId)),
    ],
    ['POST', /^\/v1\/checkByHospital\/getRemainingNumber\/\w+$/, () => ok(this.remaining)],
    [
      'POST',
      /^\/v1\/checkByHospital\/getSchedulingTime\/\w+$/,
      (r) => ok(this.times[JSON.parse(r.body).date] ?? []),
    ],
    [
      'POST',
      /^\/v1\/checkByHospital\/saveOrder\/\w+$/,
      (r) => {
        const body = JSON.parse(r.body);
        const found = this.find(body);
        if (!found) return fail(404, '检查申请单不存在');
        Object.assign(found, {
          status: 'BOOKED',
          appointment: {
            date: body.date,
            timeRange: body.timeRange,
            location: '医技楼1层 CT室',
            bookedAt: new Date().toISOString(),
          },
        });
        return ok(found);
      },
    ],
    ['POST', /^\/v1\/checkByHospital\/getAnnouncementsInfo\/\w+$/, () => ok({ notices: this.notices })],
    [
      'POST',
      /^\/v1\/checkByHospital\/cancleOrder\/\w+$/,
      (r) => {
        const found = this.find(JSON.parse(r.body));
        if (!found) return fail(404, '检查申请单不存在');
        Object.assign(found, { status: 'CANCELLED', appointment: null });
        return ok(found);
      },
    ],
    ['POST', /^\/check\/cancel_OrderInfo\/\w+$/, () => ok(this.cancelRule)],
    ['GET', /^\/v1\/dict\/DJLF$/, () => ok(this.reminders)],
  ];

  handle = (request: Received): Reply | Promise<Reply> => {
    const path = decodeURIComponent(request.path.slice(SERVICE_PREFIX.hospital.length));
    for (const [key, answer] of this.overrides) {
      const [method, pattern] = key.split(' ');
      const match = path.match(new RegExp(`^${pattern}$`));
      if (method === request.method && match) return answer(request, match);
    }
    for (const [method, pattern, answer] of this.routes) {
      const match = path.match(pattern);
      if (method === request.method && match) return answer(request, match);
    }
    return { status: 404, body: { state: 404, msg: '接口不存在' } };
  };
}

export interface TestContext {
  server: TestServer;
  service: FakeService;
  toasts: string[];
}

/** Starts the loopback server for the file; each test gets a fresh FakeService and app state (hospital 1000). */
export function setupService(): TestContext {
  const context = {
    server: null as unknown as TestServer,
    service: new FakeService(),
    toasts: [] as string[],
  };
  const prepare = () => {
    context.service = new FakeService();
    context.server.handle(context.service.handle);
    appStore.getState().update((s) => {
      s.hospitalId = '1000';
      s.contacts = [
        makeContact('1', '张伟', { isDefault: true }),
        makeContact('2', '王秀兰', { relation: 'PARENT' }),
      ];
      s.contactsLoaded = true;
    });
  };
  beforeAll(async () => {
    context.server = await startServer({ corsOrigin: window.location.origin });
    configureApi({
      baseURL: context.server.baseURL,
      ui: { toast: (m) => void context.toasts.push(m), alert: async () => {} },
      navigate: () => {},
      redirect: () => {},
    });
    prepare();
  });
  afterEach(async () => {
    cleanup();
    // Let requests already on their way arrive before the next test counts its own.
    await pause(30);
    context.server.reset();
    context.toasts.length = 0;
    appStore.getState().resetUser();
    prepare();
  });
  afterAll(() => context.server.close());
  return context;
}

/** The requests the server received, as 'METHOD /path' without the service prefix. */
export function sent(server: TestServer): string[] {
  return server.received.map(
    (r) => `${r.method} ${decodeURIComponent(r.path.slice(SERVICE_PREFIX.hospital.length))}`,
  );
}

/** The JSON bodies of the requests whose path ends with `suffix`. */
export function bodiesOf(server: TestServer, suffix: string): unknown[] {
  return server.received.filter((r) => r.path.includes(suffix)).map((r) => JSON.parse(r.body));
}

function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`ELSEWHERE ${location.pathname}`}</p>;
}

/** Renders the routes (pattern → element) at `path` in the test hospital; other paths show ELSEWHERE. */
export function renderRoutes(routes: Record<string, ReactElement>, path: string, state?: unknown) {
  const router = createMemoryRouter(
    [
      ...Object.entries(routes).map(([pattern, element]) => ({ path: pattern, element })),
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [state === undefined ? path : { pathname: path, state }] },
  );
  render(
    <HospitalConfigProvider config={testHospitalConfig()}>
      <RouterProvider router={router} />
    </HospitalConfigProvider>,
  );
  return router;
}

/** Runs `open`, waits for the dialog it opens, presses its `label` button; resolves to the dialog's text. */
export async function answerDialog(open: () => void, label: string): Promise<string> {
  const before = new Set(document.querySelectorAll('.rv-dialog'));
  open();
  let dialog: Element | undefined;
  await waitFor(() => {
    dialog = [...document.querySelectorAll('.rv-dialog')].find((d) => !before.has(d));
    expect(dialog).toBeTruthy();
  });
  const button = [...dialog!.querySelectorAll('button')].find((b) => b.textContent?.trim() === label);
  if (!button) throw new Error(`对话框中没有“${label}”按钮`);
  const text = dialog!.textContent ?? '';
  button.click();
  return text;
}

/** Waits until the page body shows `text`. */
export async function bodyShows(text: string): Promise<void> {
  await waitFor(() => expect(document.body.textContent).toContain(text), { timeout: 8000 });
}

export const pause = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));
