/**
 * Test helpers of the contact and health-card screens (not used by the app): a small in-memory hospital
 * service answering on the real loopback server, fixtures, the hospital config, and the options of the
 * harness (setupFeature).
 */
import type { TestServer } from '@patient/api-client/testing';
import type { Contact, HealthCard } from '@patient/contract';
import {
  type FeatureOptions,
  fail,
  makeContact as kitMakeContact,
  LoopbackService,
  ok,
  type Route,
  sent,
} from '@patient/feature-kit/testing';
import { clearDictionaries } from './dictionaries.ts';

/** Valid resident ID numbers: a man born 1990-03-07, a woman born 1985-11-20, a girl born 2015-06-01. */
export const ID_MAN = '110105199003071239';
export const ID_WOMAN = '331004198511200047';
export const ID_GIRL = '110105201506010024';

/** The hospital config of these tests (hospital-config's testHospitalConfig). */
export { testHospitalConfig as testConfig } from '@patient/hospital-config/testing';

export function makeContact(
  contactId: string,
  name: string,
  documentNumber: string,
  extra: Partial<Contact['contactDO']> = {},
): Contact {
  // Here a contact is by default neither certified nor oneself, and created on day <last digit of its id>.
  return {
    ...kitMakeContact(contactId, name, { documentNumber, relation: 'OTHER', certified: false, ...extra }),
    createdAt: `2026-01-0${contactId.slice(-1)}T00:00:00.000Z`,
  };
}

/** The service's answers (the names these tests use). */
export const envelope = ok;
export const businessError = fail;

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
export class FakeService extends LoopbackService {
  contacts: Contact[] = [];
  healthCards: HealthCard[] = [];
  qrExpiresInMs = 60_000;
  private qrCount = 0;
  private nextId = 100;

  private contact(id: string): Contact | undefined {
    return this.contacts.find((c) => c.contactId === id);
  }

  protected readonly routes: Route[] = [
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
      'GET',
      /^\/v1\/privacy\/documents$/,
      () =>
        envelope([
          { kind: 'POLICY', title: '隐私政策', version: '2026-11-01' },
          { kind: 'AGREEMENT', title: '用户协议', version: '2026-11-01' },
        ]),
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
    [
      'POST',
      /^\/v1\/contact\/(\w+)\/hisIdentity\/sms$/,
      (_r, m) => {
        const found = this.contact(m[1]);
        if (!found) return businessError(404, '就诊人不存在');
        if (found.contactDO.hisVerified) return businessError(409, '就诊人身份已验证');
        return envelope({ maskedPhone: '138****8000', resendAfterSeconds: 60 });
      },
    ],
    [
      'POST',
      /^\/v1\/contact\/(\w+)\/hisIdentity$/,
      (r, m) => {
        const found = this.contact(m[1]);
        if (!found) return businessError(404, '就诊人不存在');
        if (JSON.parse(r.body).code !== '246810') return businessError(400, '验证码错误');
        found.contactDO.hisVerified = true;
        found.contactDO.hisVerifiedAt = '2026-01-01T00:00:00.000Z';
        found.contactDO.hisProof = 'SMS';
        return envelope(found);
      },
    ],
    [
      'POST',
      /^\/v1\/contact\/(\w+)\/hisIdentity\/face$/,
      (r, m) => {
        const found = this.contact(m[1]);
        if (!found) return businessError(404, '就诊人不存在');
        if (found.contactDO.hisVerified) return businessError(409, '就诊人身份已验证');
        const { returnPath } = JSON.parse(r.body);
        return envelope({
          verifyUrl: `/hospital-service/sandbox/face/verify?ticket=SIMFACE${m[1]}&back=${encodeURIComponent(returnPath)}`,
          ticket: `SIMFACE0000000${m[1]}`,
        });
      },
    ],
    [
      'POST',
      /^\/v1\/contact\/(\w+)\/hisIdentity\/face\/result$/,
      (r, m) => {
        const found = this.contact(m[1]);
        if (!found) return businessError(404, '就诊人不存在');
        if (JSON.parse(r.body).ticket !== `SIMFACE0000000${m[1]}`) {
          return businessError(400, '人脸识别验证已失效', '本次人脸识别验证已失效，请重新发起人脸识别验证');
        }
        found.contactDO.hisVerified = true;
        found.contactDO.hisVerifiedAt = '2026-01-01T00:00:00.000Z';
        found.contactDO.hisProof = 'FACE';
        return envelope(found);
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
}

/**
 * The options of the contact tests' harness (setupFeature): hospital 1000 with the health card on, contacts
 * not loaded, no dictionary kept.
 */
export const harness = {
  service: FakeService,
  seed: { contacts: null, canGoToHealthCard: true },
  reset: clearDictionaries,
} satisfies FeatureOptions;

export { answerDialog, bodyShows, sent } from '@patient/feature-kit/testing';

/** The requests that change something (everything but reads of lists, details and dictionaries). */
export function changes(server: TestServer): string[] {
  return sent(server).filter(
    (line) =>
      !/^GET \/(contacts|contact_id\/|v1\/contact\/healthCards|v1\/hisEnumAll\/|v1\/contact\/\w+\/healthCardInfo|v1\/contact\/healthCardQRCode)/.test(
        line,
      ),
  );
}
