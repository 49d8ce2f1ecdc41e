/**
 * Test helpers of the contact and health-card screens (not used by the app): a small in-memory hospital
 * service answering on the real loopback server, fixtures, the hospital config, and a router around a screen.
 */
import { configureApi } from '@patient/api-client';
import { type Received, type Reply, startServer, type TestServer } from '@patient/api-client/testing';
import { appStore } from '@patient/app-state';
import { type Contact, type HealthCard, SERVICE_PREFIX } from '@patient/contract';
import {
  defineHospitalConfig,
  type HospitalConfig,
  type HospitalConfigInput,
  HospitalConfigProvider,
} from '@patient/hospital-config';
import { cleanup, render, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { clearDictionaries } from './dictionaries.ts';

/** Valid resident ID numbers: a man born 1990-03-07, a woman born 1985-11-20, a girl born 2015-06-01. */
export const ID_MAN = '110105199003071239';
export const ID_WOMAN = '331004198511200047';
export const ID_GIRL = '110105201506010024';

export function testConfig(input: Partial<HospitalConfigInput> = {}): HospitalConfig {
  return defineHospitalConfig({
    key: 'test',
    id: '1000',
    name: '测试人民医院',
    healthGovName: '测试市卫生健康委员会',
    hotlines: [],
    hosIntroduction: {
      bannerImg: '',
      contentHeader: '',
      subtitle: '',
      baseInformationList: [],
      website: '',
      introduction: [],
    },
    ...input,
  });
}

export function makeContact(
  contactId: string,
  name: string,
  documentNumber: string,
  extra: Partial<Contact['contactDO']> = {},
): Contact {
  return {
    contactId,
    createdAt: `2026-01-0${contactId.slice(-1)}T00:00:00.000Z`,
    contactDO: {
      name,
      documentType: 'IDENTITY_CARD',
      documentNumber,
      phone: '13800138000',
      phoneVerified: true,
      sex: null,
      birthDate: null,
      relation: 'OTHER',
      isDefault: false,
      certified: false,
      notify: true,
      address: null,
      ethnicity: null,
      occupation: null,
      ...extra,
    },
  };
}

export const envelope = (results: unknown): Reply => ({
  body: { state: 200, msg: null, subMsg: null, subCode: null, results },
});
export const businessError = (state: number, msg: string, subMsg = msg): Reply => ({
  body: { state, msg, subMsg, subCode: null, results: null },
});

type Answer = (request: Received, match: RegExpMatchArray) => Reply | Promise<Reply>;

const REGIONS = [
  {
    code: '330000',
    name: '浙江省',
    children: [
      {
        code: '331000',
        name: '台州市',
        children: [
          { code: '331004', name: '路桥区' },
          { code: '331002', name: '椒江区' },
        ],
      },
    ],
  },
  {
    code: '110000',
    name: '北京市',
    children: [{ code: '110100', name: '市辖区', children: [{ code: '110105', name: '朝阳区' }] }],
  },
];

const PEOPLE = {
  nationalities: [{ code: '156', name: '中国' }],
  ethnicities: [
    { code: '01', name: '汉族' },
    { code: '02', name: '蒙古族' },
  ],
  occupations: [
    { code: '11', name: '国家公务员' },
    { code: '17', name: '职员' },
  ],
};

/**
 * An in-memory stand-in for the hospital-service's contact and health-card calls, with the reference
 * service's rules where a screen depends on them (default first, delete takes the cards along, one health
 * card per contact). `override` replaces the answer of one call.
 */
export class FakeService {
  contacts: Contact[] = [];
  healthCards: HealthCard[] = [];
  /** 'METHOD /path' → answer, tried before the built-in ones. */
  overrides = new Map<string, Answer>();
  qrExpiresInMs = 60_000;
  private qrCount = 0;
  private nextId = 100;

  override(key: string, answer: Answer | Reply): void {
    this.overrides.set(key, typeof answer === 'function' ? answer : () => answer);
  }

  private contact(id: string): Contact | undefined {
    return this.contacts.find((c) => c.contactId === id);
  }

  private readonly routes: [string, RegExp, Answer][] = [
    [
      'GET',
      /^\/contacts$/,
      () =>
        envelope(
          [...this.contacts].sort((a, b) => Number(b.contactDO.isDefault) - Number(a.contactDO.isDefault)),
        ),
    ],
    [
      'GET',
      /^\/contact_id\/(\w+)$/,
      (_r, m) => {
        const found = this.contact(m[1]);
        return found ? envelope(found) : businessError(404, '就诊人不存在');
      },
    ],
    [
      'POST',
      /^\/addPatient$/,
      (r) => {
        const body = JSON.parse(r.body);
        const created = makeContact(String(this.nextId++), body.name, body.documentNumber, {
          ...body,
          isDefault: !this.contacts.some((c) => c.contactDO.isDefault),
        });
        this.contacts.push(created);
        return envelope(created);
      },
    ],
    [
      'POST',
      /^\/v1\/contact\/patientInformationEdit$/,
      (r) => {
        const { contactId, ...changes } = JSON.parse(r.body);
        const found = this.contact(contactId);
        if (!found) return businessError(404, '就诊人不存在');
        Object.assign(found.contactDO, changes);
        return envelope(found);
      },
    ],
    [
      'POST',
      /^\/del\/(\w+)$/,
      (_r, m) => {
        this.contacts = this.contacts.filter((c) => c.contactId !== m[1]);
        this.healthCards = this.healthCards.filter((c) => c.contactId !== m[1]);
        return envelope(true);
      },
    ],
    [
      'GET',
      /^\/updateDefaultContact$/,
      (r) => {
        const id = r.query.get('contactId');
        for (const c of this.contacts) c.contactDO.isDefault = c.contactId === id;
        return envelope(true);
      },
    ],
    ['GET', /^\/phone\/sms$/, () => envelope({ resendAfterSeconds: 60 })],
    [
      'GET',
      /^\/contact\/phone$/,
      (r) => {
        if (r.query.get('number') !== '246810') return businessError(400, '验证码错误或已过期');
        const found = this.contact(r.query.get('contactId') ?? '');
        if (found) found.contactDO.phoneVerified = true;
        return envelope(true);
      },
    ],
    [
      'POST',
      /^\/v1\/contact\/updateContactNotification$/,
      (r) => {
        const { contactId, notify } = JSON.parse(r.body);
        const found = this.contact(contactId);
        if (found) found.contactDO.notify = notify;
        return envelope(true);
      },
    ],
    [
      'POST',
      /^\/v1\/contact\/(\w+)\/authentication$/,
      (r, m) => {
        const found = this.contact(m[1]);
        const body = JSON.parse(r.body);
        if (!found || found.contactDO.documentNumber !== body.documentNumber) {
          return envelope({ certified: false, certifiedAt: '' });
        }
        found.contactDO.certified = true;
        return envelope({ certified: true, certifiedAt: '2026-01-01T00:00:00.000Z' });
      },
    ],
    ['GET', /^\/v1\/contact\/healthCards$/, () => envelope(this.healthCards)],
    [
      'POST',
      /^\/v1\/contact\/registerAndBindHealthCard$/,
      (r) => {
        const { contactId } = JSON.parse(r.body);
        const found = this.contact(contactId);
        if (!found) return businessError(404, '就诊人不存在');
        const existing = this.healthCards.find((c) => c.contactId === contactId);
        if (existing) return envelope(existing);
        const card: HealthCard = {
          healthCardId: `hc${contactId}`,
          contactId,
          cardNo: `HC${found.contactDO.documentNumber.slice(-6)}0000000000`,
          patientName: found.contactDO.name,
          cardPackageOrderId: null,
        };
        this.healthCards.push(card);
        return envelope(card);
      },
    ],
    [
      'GET',
      /^\/v1\/contact\/healthCardQRCode\/(\w+)$/,
      (_r, m) => {
        this.qrCount += 1;
        return envelope({
          qrCode: `QR-${m[1]}-${this.qrCount}`,
          expiresAt: new Date(Date.now() + this.qrExpiresInMs).toISOString(),
        });
      },
    ],
    [
      'POST',
      /^\/v1\/contact\/cardPackageOrderId\/(\w+)$/,
      (_r, m) => {
        const card = this.healthCards.find((c) => c.healthCardId === m[1]);
        if (!card) return businessError(404, '电子健康卡不存在');
        card.cardPackageOrderId ??= 'CP20260101000001';
        return envelope({ cardPackageOrderId: card.cardPackageOrderId });
      },
    ],
    [
      'GET',
      /^\/v1\/contact\/(\w+)\/healthCardInfo\/(\w+)$/,
      (_r, m) => {
        const card = this.healthCards.find((c) => c.healthCardId === m[2] && c.contactId === m[1]);
        return card ? envelope(card) : businessError(404, '电子健康卡不存在');
      },
    ],
    [
      'POST',
      /^\/v1\/contact\/updatePatientAddressInfo$/,
      (r) => {
        const { contactId, address } = JSON.parse(r.body);
        const found = this.contact(contactId);
        if (!found) return businessError(404, '就诊人不存在');
        found.contactDO.address = address;
        return envelope(found);
      },
    ],
    ['GET', /^\/v1\/hisEnumAll\/\w+\/getProCountiesInfo$/, () => envelope(REGIONS)],
    ['GET', /^\/v1\/hisEnumAll\/\w+\/getNatEthOccInfo$/, () => envelope(PEOPLE)],
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
  /** Toasts of api-client (error catalogue). Toasts of the screens render in the page (see bodyShows). */
  toasts: string[];
}

/** Starts the loopback server for the file; each test gets a fresh FakeService, app state and screen. */
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
      s.canGoToHealthCard = true;
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
  afterEach(() => {
    cleanup();
    context.server.reset();
    context.toasts.length = 0;
    appStore.getState().resetUser();
    clearDictionaries();
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

/** The requests that change something (everything but reads of lists, details and dictionaries). */
export function changes(server: TestServer): string[] {
  return sent(server).filter(
    (line) =>
      !/^GET \/(contacts|contact_id\/|v1\/contact\/healthCards|v1\/hisEnumAll\/|v1\/contact\/\w+\/healthCardInfo|v1\/contact\/healthCardQRCode)/.test(
        line,
      ),
  );
}

function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`ELSEWHERE ${location.pathname}${location.search}`}</p>;
}

/** Renders `element` for route `pattern` at `path` inside the hospital config; other paths show ELSEWHERE. */
export function renderPage(
  pattern: string,
  element: ReactElement,
  path: string,
  config: HospitalConfig = testConfig(),
) {
  const router = createMemoryRouter(
    [
      { path: pattern, element },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <HospitalConfigProvider config={config}>
      <RouterProvider router={router} />
    </HospitalConfigProvider>,
  );
  return router;
}

/** Runs `open`, waits for the dialog it opens, presses its `label` button; resolves to the dialog's text. */
export async function answerDialog(open: () => void, label: string): Promise<string> {
  // A dialog closed just before may still be fading out: only a dialog that appears after `open` counts.
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
