import { computeIdCheckChar } from '@patient/validation';
import type { Slot } from 'fhir/r4';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { validateCatalogue } from '../../catalogue-import.ts';
import {
  personStory,
  STORY_DEPARTMENTS,
  type StoryPerson,
  storyDoctors,
} from '../../domains/patients/index.ts';
import { askOutside, OutsideSystemError } from '../../platform/outside-system.ts';
import { FhirHis, fhirHisConfigFromEnv } from './client.ts';
import { HisNotFoundError, HisRefusedError, HisUnavailableError } from './errors.ts';
import { storyResources } from './story-resources.ts';
import { DEFAULT_SYSTEMS } from './systems.ts';
import { type FhirTestServer, startFhirTestServer } from './test-server.ts';

const HOSPITAL = '1000';
const TODAY = '2026-11-28';
const TOKEN = 'his-test-token';

const resident = (area: string, birth: string, order: string) => {
  const first17 = `${area}${birth}${order}`;
  return first17 + computeIdCheckChar(first17);
};
/** Filed in the HIS: men and women, a child, an old man. */
const PEOPLE: StoryPerson[] = [
  { hospitalId: HOSPITAL, identityCard: resident('330102', '19850314', '123'), name: '陈建国' },
  { hospitalId: HOSPITAL, identityCard: resident('330102', '19920709', '246'), name: '林秀英' },
  { hospitalId: HOSPITAL, identityCard: resident('410105', '20180101', '011'), name: '王小明' },
  { hospitalId: HOSPITAL, identityCard: resident('520603', '19480520', '315'), name: '赵德山' },
  { hospitalId: HOSPITAL, identityCard: resident('110101', '19700211', '428'), name: '孙丽华' },
  { hospitalId: HOSPITAL, identityCard: resident('440106', '19600925', '537'), name: '黄海涛' },
];
const storyOf = (p: StoryPerson) => personStory(p, TODAY);

let server: FhirTestServer;
let his: FhirHis;

beforeAll(async () => {
  server = await startFhirTestServer({
    resources: storyResources({
      hospitalId: HOSPITAL,
      hospitalName: '示范人民医院',
      people: PEOPLE,
      today: TODAY,
    }),
    auth: { bearer: TOKEN },
    hospitalId: HOSPITAL,
  });
  his = new FhirHis({ baseUrl: server.baseUrl, auth: { bearer: TOKEN }, timeoutMs: 2_000 });
});
afterAll(() => server.close());
beforeEach(() => {
  server.control.delayMs = 0;
  server.control.fail = null;
});

const patientIdOf = async (p: StoryPerson) => {
  const found = await his.findPatient({ idNumber: p.identityCard });
  if (!found) throw new Error(`not filed: ${p.name}`);
  return found.id;
};

describe('FhirHis: patients (建档)', () => {
  it('finds a filed person by ID number (any case, spaces) or card number, as the story has them', async () => {
    const story = storyOf(PEOPLE[0]);
    const byId = await his.findPatient({ idNumber: ` ${PEOPLE[0].identityCard.toLowerCase()} ` });
    expect(byId).toMatchObject({
      name: '陈建国',
      sex: '男',
      birthDate: '1985-03-14',
      idNumber: PEOPLE[0].identityCard,
      cardNo: story.cardNo,
      patientNo: story.patientNo,
    });
    expect(await his.findPatient({ cardNo: story.cardNo })).toEqual(byId);
    expect(await his.findPatient({ idNumber: resident('330102', '19990101', '999') })).toBeNull();
  });

  it('files a new person once: the HIS assigns the card and patient numbers; again answers the same record', async () => {
    const person = {
      idNumber: resident('330106', '19951111', '772'),
      name: '周文博',
      sex: '男' as const,
      birthDate: '1995-11-11',
      phone: '13912345678',
    };
    const filed = await his.filePatient(person);
    expect(filed).toMatchObject({
      name: '周文博',
      sex: '男',
      idNumber: person.idNumber,
      phone: '13912345678',
    });
    expect(filed.cardNo).toMatch(/^1000\d{8}$/);
    expect(filed.patientNo).toMatch(/^BA1000\d{8}$/);
    expect(await his.filePatient(person)).toEqual(filed);
    const patients = [...(server.store.get('Patient')?.values() ?? [])].filter((p) =>
      JSON.stringify(p).includes(person.idNumber),
    );
    expect(patients).toHaveLength(1);
    expect(await his.findPatient({ cardNo: filed.cardNo as string })).toEqual(filed);
  });

  it('refuses to file an ID number under another name', async () => {
    const error = await his
      .filePatient({ idNumber: PEOPLE[1].identityCard, name: '林秀', sex: '女', birthDate: '1992-07-09' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(HisRefusedError);
    expect(error.message).toContain('其他姓名');
  });
});

describe('FhirHis: catalogue (科室、医生)', () => {
  it("gives the hospital's departments and doctors as rows the catalogue import accepts", async () => {
    const catalogue = await his.catalogue();
    expect(catalogue.departments.map((d) => d.code)).toEqual(STORY_DEPARTMENTS.map((d) => d.code));
    expect(catalogue.doctors).toHaveLength(STORY_DEPARTMENTS.length * 4);
    expect(catalogue.doctors.filter((d) => d.departmentCode === 'EK')).toEqual(
      storyDoctors(HOSPITAL, 'EK').map((d) => ({
        code: d.code,
        departmentCode: 'EK',
        name: d.name,
        sex: d.sex,
        title: d.title,
      })),
    );
    expect(catalogue.skipped).toBe(0);
    const { departments, doctors } = catalogue;
    const validated = validateCatalogue({
      hospital: { id: HOSPITAL, key: 'default', name: '示范人民医院', originCode: 'X1', mdid: 'M1' },
      departments,
      doctors,
    });
    expect(validated.doctors).toHaveLength(doctors.length);
  });
});

describe('FhirHis: schedules and slots (号源)', () => {
  it("lists a department's doctors with their titles and staff numbers", async () => {
    const doctors = await his.doctors('XN');
    expect(doctors.map((d) => [d.code, d.name, d.title])).toEqual(
      storyDoctors(HOSPITAL, 'XN').map((d) => [d.code, d.name, d.title]),
    );
    await expect(his.doctors('NOPE')).rejects.toBeInstanceOf(HisNotFoundError);
  });

  it("lists a department's slots for the dates asked, in time order, each with its doctor", async () => {
    const slots = await his.slots({ departmentCode: 'HX', from: '2026-11-29', to: '2026-11-30' });
    expect(slots).toHaveLength(4 * 4 * 2);
    expect(slots.every((s) => s.start >= '2026-11-29' && s.start < '2026-12-01')).toBe(true);
    expect(slots.map((s) => Date.parse(s.start))).toEqual(
      slots.map((s) => Date.parse(s.start)).sort((a, b) => a - b),
    );
    expect(new Set(slots.map((s) => s.doctor?.name))).toEqual(
      new Set(storyDoctors(HOSPITAL, 'HX').map((d) => d.name)),
    );
    expect(slots.some((s) => s.status === 'busy')).toBe(true);
    expect(slots.some((s) => s.status === 'free')).toBe(true);
    expect(new Set(slots.map((s) => s.visitType))).toEqual(new Set(['专家门诊', '普通门诊']));
  });
});

describe('FhirHis: hold, confirm, release (idempotent by our order number)', () => {
  const freeSlot = async (departmentCode: string, skip = 0) => {
    const slots = await his.slots({ departmentCode, from: TODAY, to: TODAY });
    return slots.filter((s) => s.status === 'free')[skip];
  };

  it('holds a free slot (busy-tentative), confirms it (busy), releases it (free) — each twice without harm', async () => {
    const patientId = await patientIdOf(PEOPLE[0]);
    const slot = await freeSlot('HX');
    const held = await his.holdSlot({ slotId: slot.id, patientId, orderNo: 'AP202611280001' });
    expect(held).toMatchObject({
      orderNo: 'AP202611280001',
      slotId: slot.id,
      status: 'pending',
      start: slot.start,
    });
    expect(server.read<Slot>('Slot', slot.id)?.status).toBe('busy-tentative');
    expect(await his.holdSlot({ slotId: slot.id, patientId, orderNo: 'AP202611280001' })).toEqual(held);
    const appointments = [...(server.store.get('Appointment')?.values() ?? [])].filter((a) =>
      JSON.stringify(a).includes('AP202611280001'),
    );
    expect(appointments).toHaveLength(1);

    expect(await his.confirmSlot('AP202611280001')).toMatchObject({ id: held.id, status: 'booked' });
    expect(server.read<Slot>('Slot', slot.id)?.status).toBe('busy');
    expect(await his.confirmSlot('AP202611280001')).toMatchObject({ id: held.id, status: 'booked' });

    expect(await his.releaseSlot('AP202611280001')).toMatchObject({ id: held.id, status: 'cancelled' });
    expect(server.read<Slot>('Slot', slot.id)?.status).toBe('free');
    expect(await his.releaseSlot('AP202611280001')).toMatchObject({ status: 'cancelled' });
    expect(await his.appointment('AP202611280001')).toMatchObject({ status: 'cancelled' });

    const refused = await his.confirmSlot('AP202611280001').catch((e) => e);
    expect(refused).toBeInstanceOf(HisRefusedError);
  });

  it('refuses a slot another order holds (the HIS’s 409, its reason kept) and a busy slot; nothing changes', async () => {
    const patientId = await patientIdOf(PEOPLE[1]);
    const slot = await freeSlot('XH');
    await his.holdSlot({ slotId: slot.id, patientId, orderNo: 'AP202611280002' });
    const error = await his
      .holdSlot({ slotId: slot.id, patientId, orderNo: 'AP202611280003' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(HisRefusedError);
    expect(error).toMatchObject({ status: 409 });
    expect(error.reason).toContain('号源已被占用');
    expect(await his.appointment('AP202611280003')).toBeNull();
    expect(await his.appointment('AP202611280002')).toMatchObject({ status: 'pending' });

    const busy = (await his.slots({ departmentCode: 'XH', from: TODAY, to: TODAY })).find(
      (s) => s.status === 'busy',
    );
    await expect(
      his.holdSlot({ slotId: busy?.id as string, patientId, orderNo: 'AP202611280004' }),
    ).rejects.toBeInstanceOf(HisRefusedError);
  });

  it('refuses an order number already holding another slot; unknown orders are not found', async () => {
    const patientId = await patientIdOf(PEOPLE[3]);
    const [a, b] = [await freeSlot('SJ', 0), await freeSlot('SJ', 1)];
    await his.holdSlot({ slotId: a.id, patientId, orderNo: 'AP202611280005' });
    await expect(his.holdSlot({ slotId: b.id, patientId, orderNo: 'AP202611280005' })).rejects.toBeInstanceOf(
      HisRefusedError,
    );
    expect(server.read<Slot>('Slot', b.id)?.status).toBe('free');
    await expect(his.confirmSlot('AP-UNKNOWN')).rejects.toBeInstanceOf(HisNotFoundError);
    await expect(his.releaseSlot('AP-UNKNOWN')).rejects.toBeInstanceOf(HisNotFoundError);
    await expect(
      his.holdSlot({ slotId: 'no-such-slot', patientId, orderNo: 'AP202611280006' }),
    ).rejects.toBeInstanceOf(HisRefusedError);
  });
});

describe('FhirHis: outpatient charges (缴费)', () => {
  it("lists today's unpaid orders as the story bills them (items, prices in fen, totals)", async () => {
    const story = storyOf(PEOPLE[4]);
    const orders = await his.unpaidCharges(await patientIdOf(PEOPLE[4]));
    expect(orders.map((o) => [o.orderNo, o.title, o.total, o.department, o.visitNo])).toEqual(
      story.unpaidOrders.map((o) => [o.orderNo, o.title, o.total, o.department.name, o.visitNo]),
    );
    expect(orders[0].items).toEqual(
      story.unpaidOrders[0].items.map((i) => ({
        code: i.code,
        name: i.name,
        quantity: i.quantity,
        unit: i.unit,
        unitPrice: i.unitPrice,
        amount: i.amount,
      })),
    );
    expect(orders[0].doctor).toBe(story.unpaidOrders[0].doctor.name);
  });

  it('marks orders paid once (by our payment number); a wrong amount or a paid order is refused, nothing changed', async () => {
    const patientId = await patientIdOf(PEOPLE[5]);
    const [first, second] = await his.unpaidCharges(patientId);
    const payment = {
      paymentNo: 'PAY202611280001',
      patientId,
      orderNos: [first.orderNo, second.orderNo],
      amount: first.total + second.total,
      paidAt: '2026-11-28T10:00:00+08:00',
    };
    const wrong = await his.markPaid({ ...payment, amount: payment.amount - 1 }).catch((e) => e);
    expect(wrong).toBeInstanceOf(HisRefusedError);
    expect(wrong.reason).toContain('不符');
    expect(await his.unpaidCharges(patientId)).toHaveLength(3);

    const paid = await his.markPaid(payment);
    expect(paid.orderNos).toEqual([first.orderNo, second.orderNo]);
    expect((await his.unpaidCharges(patientId)).map((o) => o.orderNo)).not.toContain(first.orderNo);
    expect(await his.unpaidCharges(patientId)).toHaveLength(1);
    expect(await his.markPaid(payment)).toEqual(paid);

    const again = await his.markPaid({ ...payment, paymentNo: 'PAY202611280002' }).catch((e) => e);
    expect(again).toBeInstanceOf(HisRefusedError);
    expect(again).toMatchObject({ status: 409 });
    expect(again.reason).toContain('已缴费');
  });

  it("refuses paying another person's order", async () => {
    const mine = await patientIdOf(PEOPLE[0]);
    const [theirs] = await his.unpaidCharges(await patientIdOf(PEOPLE[2]));
    await expect(
      his.markPaid({
        paymentNo: 'PAY202611280003',
        patientId: mine,
        orderNos: [theirs.orderNo],
        amount: theirs.total,
        paidAt: '2026-11-28T10:00:00+08:00',
      }),
    ).rejects.toBeInstanceOf(HisRefusedError);
  });
});

describe('FhirHis: visits, stays, reports', () => {
  it('tells the visits and stays of the story: departments, doctors, ICD-10 diagnoses, wards and beds', async () => {
    for (const person of PEOPLE) {
      const story = storyOf(person);
      const encounters = await his.encounters(await patientIdOf(person));
      const visits = encounters.filter((e) => e.kind === 'OUTPATIENT');
      const stays = encounters.filter((e) => e.kind === 'INPATIENT');
      expect(
        visits.map((v) => [v.visitNo, v.department, v.doctor, v.diagnosis?.icd10, v.start?.slice(0, 10)]),
      ).toEqual(
        story.visits.map((v) => [v.visitNo, v.department.name, v.doctor.name, v.diagnosis.icd10, v.date]),
      );
      expect(stays.map((s) => [s.visitNo, s.ward, s.bed, s.status, s.diagnosis?.name])).toEqual(
        [...story.stays]
          .sort((a, b) => b.admittedOn.localeCompare(a.admittedOn))
          .map((s) => [
            s.admissionNo,
            s.ward.name,
            s.bed,
            s.dischargedOn ? 'finished' : 'in-progress',
            s.diagnosis.name,
          ]),
      );
    }
    expect(PEOPLE.some((p) => storyOf(p).stays.length > 0)).toBe(true);
  });

  it('reads lab reports with their items and flags, exam reports with findings and conclusion', async () => {
    const story = storyOf(PEOPLE[3]);
    const reports = await his.reports(await patientIdOf(PEOPLE[3]));
    const lab = reports.filter((r) => r.kind === 'LAB');
    const exams = reports.filter((r) => r.kind === 'EXAM');
    expect(lab).toHaveLength(story.labReports.length);
    expect(exams).toHaveLength(story.examReports.length);
    for (const expected of story.labReports) {
      const report = lab.find((r) => r.reportNo === expected.reportNo);
      expect(report).toMatchObject({ title: expected.title, visitNo: expected.visitNo, status: 'final' });
      expect(report?.items).toEqual(
        expected.items.map((i) => ({
          code: i.code,
          name: i.name,
          value: i.value,
          unit: i.unit,
          low: i.low,
          high: i.high,
          flag: i.flag,
        })),
      );
    }
    for (const expected of story.examReports) {
      expect(exams.find((r) => r.reportNo === expected.reportNo)).toMatchObject({
        title: expected.title,
        findings: expected.findings,
        conclusion: expected.conclusion,
      });
    }
  });
});

describe('FhirHis: errors and time-outs', () => {
  it('maps 5xx to unavailable and keeps the request idempotent: retried, it holds once', async () => {
    server.control.fail = { status: 503, count: 1 };
    const error = await his.findPatient({ idNumber: PEOPLE[0].identityCard }).catch((e) => e);
    expect(error).toBeInstanceOf(HisUnavailableError);
    expect(error).toMatchObject({ reason: 'failure' });
    server.control.fail = { status: 500, count: 1 };
    await expect(his.doctors('HX')).rejects.toBeInstanceOf(HisUnavailableError);
    expect(await his.findPatient({ idNumber: PEOPLE[0].identityCard })).not.toBeNull();
  });

  it('maps refused credentials to unavailable (credentials), a 404 read to not found', async () => {
    const stranger = new FhirHis({ baseUrl: server.baseUrl, auth: { bearer: 'wrong' } });
    await expect(stranger.findPatient({ idNumber: PEOPLE[0].identityCard })).rejects.toMatchObject({
      name: 'HisUnavailableError',
      reason: 'credentials',
    });
    const none = new FhirHis({ baseUrl: server.baseUrl });
    await expect(none.doctors('HX')).rejects.toMatchObject({ reason: 'credentials' });
  });

  it('gives up at its deadline (timeout) and when the caller aborts (aborted)', async () => {
    server.control.delayMs = 600;
    const quick = new FhirHis({ baseUrl: server.baseUrl, auth: { bearer: TOKEN }, timeoutMs: 150 });
    const started = Date.now();
    const error = await quick.findPatient({ idNumber: PEOPLE[0].identityCard }).catch((e) => e);
    expect(error).toBeInstanceOf(HisUnavailableError);
    expect(error).toMatchObject({ reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(550);

    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const aborted = await his
      .findPatient({ idNumber: PEOPLE[0].identityCard }, { signal: controller.signal })
      .catch((e) => e);
    expect(aborted).toMatchObject({ name: 'HisUnavailableError', reason: 'aborted' });
  });

  it('behind askOutside: a slow HIS is the 503 that names it; a refusal passes through', async () => {
    const passThrough = (e: unknown) => e instanceof HisRefusedError || e instanceof HisNotFoundError;
    server.control.delayMs = 600;
    const slow = await askOutside('医院信息系统（HIS）', (signal) => his.doctors('HX', { signal }), {
      timeoutMs: 100,
      passThrough,
    }).catch((e) => e);
    expect(slow).toBeInstanceOf(OutsideSystemError);
    expect(slow.envelope).toMatchObject({ state: 503, msg: '医院信息系统（HIS）暂不可用' });
    server.control.delayMs = 0;
    const refused = await askOutside('医院信息系统（HIS）', (signal) => his.doctors('NOPE', { signal }), {
      passThrough,
    }).catch((e) => e);
    expect(refused).toBeInstanceOf(HisNotFoundError);
  });

  it('maps a HIS that cannot be reached to unavailable (failure)', async () => {
    const closed = await startFhirTestServer({ resources: [] });
    await closed.close();
    const gone = new FhirHis({ baseUrl: closed.baseUrl, timeoutMs: 1_000 });
    await expect(gone.findPatient({ cardNo: '1' })).rejects.toMatchObject({
      name: 'HisUnavailableError',
      reason: 'failure',
    });
  });

  it('authenticates with HTTP Basic as well', async () => {
    const basic = await startFhirTestServer({
      resources: storyResources({
        hospitalId: HOSPITAL,
        hospitalName: '示范人民医院',
        people: PEOPLE.slice(0, 1),
        today: TODAY,
        days: 1,
      }),
      auth: { user: 'h5', password: 'p@ss' },
    });
    try {
      const client = new FhirHis({ baseUrl: basic.baseUrl, auth: { user: 'h5', password: 'p@ss' } });
      expect(await client.findPatient({ idNumber: PEOPLE[0].identityCard })).toMatchObject({
        name: '陈建国',
      });
    } finally {
      await basic.close();
    }
  });
});

describe('fhirHisConfigFromEnv', () => {
  it('reads the base URL, one kind of credentials, the deadline and the hospital’s systems', () => {
    expect(fhirHisConfigFromEnv({})).toBeNull();
    expect(
      fhirHisConfigFromEnv({
        HIS_FHIR_BASE_URL: 'https://his.example.cn/fhir',
        HIS_FHIR_TOKEN: 't',
        HIS_FHIR_TIMEOUT_MS: '5000',
        HIS_FHIR_SYSTEM_CARD_NO: 'urn:oid:1.2.3',
      }),
    ).toEqual({
      baseUrl: 'https://his.example.cn/fhir',
      auth: { bearer: 't' },
      timeoutMs: 5000,
      systems: { cardNo: 'urn:oid:1.2.3' },
    });
    expect(
      fhirHisConfigFromEnv({
        HIS_FHIR_BASE_URL: 'http://h/fhir',
        HIS_FHIR_USER: 'u',
        HIS_FHIR_PASSWORD: 'p',
      }),
    ).toEqual({
      baseUrl: 'http://h/fhir',
      auth: { user: 'u', password: 'p' },
    });
    expect(() => fhirHisConfigFromEnv({ HIS_FHIR_BASE_URL: 'his.example.cn' })).toThrow(
      'HIS_FHIR_BASE_URL 不正确',
    );
    expect(() =>
      fhirHisConfigFromEnv({ HIS_FHIR_BASE_URL: 'http://h', HIS_FHIR_TOKEN: 't', HIS_FHIR_USER: 'u' }),
    ).toThrow('只能设置其一');
    expect(() => fhirHisConfigFromEnv({ HIS_FHIR_BASE_URL: 'http://h', HIS_FHIR_USER: 'u' })).toThrow(
      'HIS_FHIR_PASSWORD',
    );
    expect(() => fhirHisConfigFromEnv({ HIS_FHIR_BASE_URL: 'http://h', HIS_FHIR_TIMEOUT_MS: '0' })).toThrow(
      'HIS_FHIR_TIMEOUT_MS',
    );
    expect(Object.keys(DEFAULT_SYSTEMS)).toContain('cardNo');
  });
});
