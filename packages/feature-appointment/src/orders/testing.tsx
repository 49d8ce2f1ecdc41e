/**
 * Test helpers of the order screens (not used by the app): a small in-memory stand-in for the hospital
 * service's order, card and payment calls answering on the real loopback server, fixtures, a router around
 * one screen, and the confirm dialog's buttons. api-client and @patient/payment run for real.
 */
import { configureApi } from '@patient/api-client';
import { type Received, type Reply, startServer, type TestServer } from '@patient/api-client/testing';
import { appStore } from '@patient/app-state';
import {
  type AppointmentOrder,
  type Contact,
  type MedicalCard,
  type Payment,
  SERVICE_PREFIX,
} from '@patient/contract';
import { configurePayment, resetPaymentSettings } from '@patient/payment';
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

export const ID_ZHANG = '110105198503152313';

let sequence = 0;
/** A fresh order id per call: the payment module remembers runs by order across tests. */
export const nextOrderId = () => `o${Date.now().toString(36)}${++sequence}`;

export function makeOrder(extra: Partial<AppointmentOrder> = {}): AppointmentOrder {
  const orderId = extra.orderId ?? nextOrderId();
  return {
    orderId,
    hospitalId: '1000',
    hospitalName: '示范人民医院',
    status: 'LOCKED',
    schedule: {
      scheduleItemId: 's1',
      hisScheduleId: 'HIS-S1',
      hospitalId: '1000',
      departmentId: 'd11',
      departmentName: '心血管内科',
      deptId: 'XXGNK',
      doctorId: 'doc1',
      doctorName: '李明',
      doctorTitle: '主任医师',
      date: '2030-05-14',
      halfDay: 'AM',
      type: 'EXPERT',
      state: 'APPOINTABLE',
      remaining: 3,
      fee: '25.00',
    },
    source: {
      sourceId: 'src1',
      scheduleItemId: 's1',
      startTime: '08:00',
      endTime: '08:30',
      remaining: 0,
      state: 'APPOINTABLE',
    },
    contactId: null,
    patientName: null,
    medicalCardNo: null,
    fee: '25.00',
    holdExpiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    paidAt: null,
    cancelDeadline: '2030-05-13T16:00:00.000Z',
    cancelReason: null,
    refundedAt: null,
    visitNumber: null,
    checkedIn: false,
    createdAt: new Date().toISOString(),
    ...extra,
  };
}

/** A placed and paid order of 张伟. */
export const bookedOrder = (extra: Partial<AppointmentOrder> = {}) =>
  makeOrder({
    status: 'BOOKED',
    contactId: '1',
    patientName: '张伟',
    medicalCardNo: '100012345678',
    holdExpiresAt: null,
    paidAt: new Date().toISOString(),
    visitNumber: '12',
    ...extra,
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
      documentNumber: ID_ZHANG,
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

export function makeCard(
  cardId: string,
  contactId: string,
  medicalCardNo: string,
  extra: Partial<MedicalCard> = {},
) {
  return {
    cardId,
    contactId,
    medicalCardNo,
    hospitalId: '1000',
    identityCard: ID_ZHANG,
    patientName: '张伟',
    type: 'HOSPITAL_CARD',
    isDefault: false,
    ...extra,
  } satisfies MedicalCard;
}

type Answer = (request: Received, match: RegExpMatchArray) => Reply | Promise<Reply>;

/**
 * The hospital service's order, card and payment calls over in-memory data, with the reference service's
 * rules where a screen depends on them. `override` replaces the answer of one call ('METHOD /regex').
 */
export class FakeService {
  orders: AppointmentOrder[] = [];
  cards: MedicalCard[] = [];
  payments: Payment[] = [];
  fees = {
    items: [{ name: '挂号费', amount: '25.00' }],
    total: '25.00',
    insurancePays: '0.00',
    selfPays: '25.00',
  };
  pageSize = 10;
  overrides = new Map<string, Answer>();

  override(key: string, answer: Answer | Reply): void {
    this.overrides.set(key, typeof answer === 'function' ? answer : () => answer);
  }

  order(orderId: string): AppointmentOrder | undefined {
    return this.orders.find((o) => o.orderId === orderId);
  }

  private change(orderId: string, changes: Partial<AppointmentOrder>): Reply {
    const found = this.order(orderId);
    if (!found) return fail(404, '预约不存在');
    Object.assign(found, changes);
    return ok(found);
  }

  private readonly routes: [string, RegExp, Answer][] = [
    [
      'POST',
      /^\/v1\/orders\/query$/,
      (r) => {
        const { status, contactId, page = 1 } = JSON.parse(r.body);
        const all = this.orders.filter(
          (o) => (!status || o.status === status) && (!contactId || o.contactId === contactId),
        );
        const start = (page - 1) * this.pageSize;
        return ok({
          orders: all.slice(start, start + this.pageSize),
          hasMore: all.length > start + this.pageSize,
        });
      },
    ],
    [
      'POST',
      /^\/v1\/orders\/cancel$/,
      (r) => this.change(JSON.parse(r.body).orderId, { status: 'CANCELLED', holdExpiresAt: null }),
    ],
    [
      'POST',
      /^\/v1\/orders\/refundFeeAndNum$/,
      (r) => {
        const { orderId, reason } = JSON.parse(r.body);
        return this.change(orderId, {
          status: 'REFUNDED',
          cancelReason: reason,
          refundedAt: new Date().toISOString(),
        });
      },
    ],
    [
      'POST',
      /^\/v1\/orders\/pre_checkin$/,
      (r) => this.change(JSON.parse(r.body).orderId, { checkedIn: true }),
    ],
    [
      'POST',
      /^\/v1\/orders\/queryDeptFee\/\w+$/,
      () => ok({ items: this.fees.items, total: this.fees.total }),
    ],
    [
      'POST',
      /^\/v1\/orders\/preSettlement\/\w+$/,
      () =>
        ok({ total: this.fees.total, insurancePays: this.fees.insurancePays, selfPays: this.fees.selfPays }),
    ],
    [
      'POST',
      /^\/v1\/sources\/unLock$/,
      (r) => {
        const found = this.order(JSON.parse(r.body).orderId);
        if (found?.status === 'LOCKED') Object.assign(found, { status: 'CANCELLED', holdExpiresAt: null });
        return ok(true);
      },
    ],
    [
      'GET',
      /^\/v1\/orders\/([\w-]+)$/,
      (_r, m) => {
        const found = this.order(m[1]);
        return found ? ok(found) : fail(404, '预约不存在');
      },
    ],
    [
      'POST',
      /^\/v1\/orders\/([\w-]+)$/,
      (r, m) => {
        const { contactId, cardId } = JSON.parse(r.body);
        const card = this.cards.find((c) => c.cardId === cardId && c.contactId === contactId);
        if (!card) return fail(400, '就诊卡不存在');
        return this.change(m[1], {
          status: 'PENDING_PAYMENT',
          contactId,
          patientName: card.patientName,
          medicalCardNo: card.medicalCardNo,
        });
      },
    ],
    [
      'GET',
      /^\/cardInfo\/(\w+)$/,
      (r, m) =>
        ok(
          this.cards.filter(
            (c) =>
              c.contactId === m[1] &&
              (!r.query.get('hospitalId') || c.hospitalId === r.query.get('hospitalId')),
          ),
        ),
    ],
    [
      'POST',
      /^\/v1\/pay_orders\/js_pay$/,
      (r) => {
        const { orderId, orderType, channel, returnPath } = JSON.parse(r.body);
        let payment = this.payments.find((p) => p.orderId === orderId);
        if (!payment) {
          payment = {
            paymentId: `p${orderId}`,
            orderType,
            orderId,
            channel,
            amount: this.fees.selfPays,
            status: 'PENDING',
            paidAt: null,
          };
          this.payments.push(payment);
        }
        return ok({
          payment,
          wechat: null,
          alipay: null,
          sandbox: {
            cashierUrl: `http://127.0.0.1/cashier?paymentId=${payment.paymentId}&return=${returnPath}`,
          },
        });
      },
    ],
    [
      'GET',
      /^\/v1\/pay_orders\/([\w-]+)$/,
      (_r, m) => {
        const found = this.payments.find((p) => p.paymentId === m[1]);
        return found ? ok(found) : fail(404, '支付记录不存在');
      },
    ],
  ];

  /** The sandbox cashier's notification: the payment and its order are paid. */
  pay(paymentId: string): void {
    const payment = this.payments.find((p) => p.paymentId === paymentId)!;
    payment.status = 'PAID';
    payment.paidAt = new Date().toISOString();
    Object.assign(this.order(payment.orderId)!, {
      status: 'BOOKED',
      paidAt: payment.paidAt,
      holdExpiresAt: null,
      visitNumber: '8',
    });
  }

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
  /** Toasts of api-client (error catalogue). ui-kit toasts render in the page (see bodyShows). */
  toasts: string[];
  /** Full page loads the payment module was asked for (the sandbox cashier). */
  redirects: string[];
}

/**
 * Starts the loopback server for the file; each test gets a fresh FakeService and app state (hospital 1000,
 * contacts loaded: none unless the test sets them). Payment confirmation polls quickly.
 */
export function setupService(): TestContext {
  const context = {
    server: null as unknown as TestServer,
    service: new FakeService(),
    toasts: [] as string[],
    redirects: [] as string[],
  };
  const prepare = () => {
    context.service = new FakeService();
    context.server.handle(context.service.handle);
    configurePayment({
      redirect: (url) => void context.redirects.push(url),
      pollDelaysMs: [0, 30],
      confirmTimeLimitMs: 200,
    });
    appStore.getState().update((s) => {
      s.hospitalId = '1000';
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
    // Let what unmounting sends (the release of a held slot) arrive before the next test.
    await pause(30);
    context.server.reset();
    context.toasts.length = 0;
    context.redirects.length = 0;
    appStore.getState().resetUser();
    resetPaymentSettings();
    prepare();
  });
  afterAll(() => context.server.close());
  return context;
}

/** Puts the account's contacts in app state (as the shell does before 'loads patients' routes). */
export function setContacts(contacts: Contact[]): void {
  appStore.getState().update((s) => {
    s.contacts = contacts;
    s.contactsLoaded = true;
  });
}

/** The requests the server received, as 'METHOD /path' without the service prefix. */
export function sent(server: TestServer): string[] {
  return server.received.map(
    (r) => `${r.method} ${decodeURIComponent(r.path.slice(SERVICE_PREFIX.hospital.length))}`,
  );
}

/** The JSON bodies of the requests to 'METHOD /path'. */
export function bodiesOf(server: TestServer, line: string): unknown[] {
  return server.received
    .filter((r) => `${r.method} ${decodeURIComponent(r.path.slice(SERVICE_PREFIX.hospital.length))}` === line)
    .map((r) => (r.body ? JSON.parse(r.body) : null));
}

function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`ELSEWHERE ${location.pathname}${location.search}`}</p>;
}

export interface RenderOptions {
  /** Navigation state of the entry. */
  state?: unknown;
  /** History entries before this one. */
  before?: string[];
  /** More routes (pattern → element) next to the screen's. */
  routes?: Record<string, ReactElement>;
}

/** Renders `element` for route `pattern` at `path`; other paths show ELSEWHERE <path>. */
export function renderAt(pattern: string, element: ReactElement, path: string, options: RenderOptions = {}) {
  const router = createMemoryRouter(
    [
      { path: pattern, element },
      ...Object.entries(options.routes ?? {}).map(([p, e]) => ({ path: p, element: e })),
      { path: '*', element: <Elsewhere /> },
    ],
    {
      initialEntries: [
        ...(options.before ?? []),
        options.state === undefined
          ? path
          : {
              pathname: path.split('?')[0],
              search: path.includes('?') ? `?${path.split('?')[1]}` : '',
              state: options.state,
            },
      ],
    },
  );
  render(<RouterProvider router={router} />);
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

/** Waits until the page body shows `text` (ui-kit toasts render outside the screen). */
export async function bodyShows(text: string): Promise<void> {
  await waitFor(() => expect(document.body.textContent).toContain(text), { timeout: 8000 });
}

/** Lets requests in flight arrive and answers settle. */
export const pause = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));
