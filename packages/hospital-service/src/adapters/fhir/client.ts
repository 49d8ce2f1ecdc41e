import type {
  Appointment,
  Bundle,
  ChargeItem,
  DiagnosticReport,
  Encounter,
  FhirResource,
  Identifier,
  Observation,
  Organization,
  Patient,
  PaymentReconciliation,
  Practitioner,
  PractitionerRole,
  Schedule,
  Slot,
} from 'fhir/r4';
import { Client } from 'fhir-kit-client';
import { HisError, HisNotFoundError, HisRefusedError, HisUnavailableError, toHisError } from './errors.ts';
import {
  DEFAULT_SYSTEMS,
  type FhirSystems,
  FINDINGS_LOINC,
  ICD10,
  LOCATION_TYPE,
  REPORT_CATEGORY,
} from './systems.ts';

/** How the adapter reaches the HIS's FHIR R4 endpoint. */
export interface FhirHisConfig {
  /** The FHIR base, e.g. `https://his.example.cn/fhir/r4`. */
  baseUrl: string;
  /** Bearer token, or user and password (HTTP Basic); none: the network is trusted. */
  auth?: { bearer: string } | { user: string; password: string };
  /** Deadline of each call in ms (default 8 000, askOutside's). */
  timeoutMs?: number;
  /** The hospital's identifier systems where they differ from {@link DEFAULT_SYSTEMS}. */
  systems?: Partial<FhirSystems>;
}

/** Per call: the caller's AbortSignal (askOutside's), combined with the adapter's own deadline. */
export interface CallOptions {
  signal?: AbortSignal;
}

export type HisSex = '男' | '女';

export interface HisPatientRecord {
  /** The Patient's id on the FHIR server (what the other calls take). */
  id: string;
  name: string;
  sex: HisSex | null;
  birthDate: string | null;
  idNumber: string | null;
  cardNo: string | null;
  patientNo: string | null;
  phone: string | null;
}

export interface HisDoctor {
  id: string;
  /** The hospital's staff number. */
  code: string | null;
  name: string;
  title: string | null;
}

export interface HisSlot {
  id: string;
  doctor: { id: string; name: string } | null;
  /** ISO instants with offset, as the HIS gives them. */
  start: string;
  end: string;
  status: Slot['status'];
  /** e.g. 普通门诊, 专家门诊 */
  visitType: string | null;
}

export interface HisAppointment {
  id: string;
  orderNo: string;
  slotId: string | null;
  status: Appointment['status'];
  start: string | null;
}

export interface HisChargeItem {
  code: string | null;
  name: string;
  quantity: number;
  unit: string | null;
  /** fen */
  unitPrice: number;
  /** fen */
  amount: number;
}

/** One unpaid order (prescription, exam or lab request) made of the ChargeItems that share its order number. */
export interface HisChargeOrder {
  orderNo: string;
  title: string | null;
  department: string | null;
  doctor: string | null;
  visitNo: string | null;
  items: HisChargeItem[];
  /** fen */
  total: number;
}

export interface HisEncounter {
  id: string;
  kind: 'OUTPATIENT' | 'INPATIENT';
  /** 门诊号 or 住院号. */
  visitNo: string | null;
  status: Encounter['status'];
  start: string | null;
  end: string | null;
  department: string | null;
  doctor: string | null;
  ward: string | null;
  bed: string | null;
  diagnosis: { icd10: string | null; name: string } | null;
}

export interface HisLabItem {
  code: string | null;
  name: string;
  value: number | null;
  unit: string | null;
  low: number | null;
  high: number | null;
  flag: 'H' | 'L' | 'N' | null;
}

export interface HisReport {
  id: string;
  reportNo: string | null;
  kind: 'LAB' | 'EXAM';
  title: string;
  status: DiagnosticReport['status'];
  /** When it was issued (or its clinical date). */
  date: string | null;
  visitNo: string | null;
  /** LAB: the Observations. */
  items: HisLabItem[];
  /** EXAM: 影像所见 and 诊断意见. */
  findings: string | null;
  conclusion: string | null;
}

const DEFAULT_TIMEOUT_MS = 8_000;
/** The titles the catalogue import knows (its DOCTOR_TITLES). */
const CATALOGUE_TITLES = ['主任医师', '副主任医师', '主治医师', '住院医师', '医师'];
const MAX_PAGES = 20;

const fen = (yuan: number | undefined): number => Math.round((yuan ?? 0) * 100);
const yuan = (amountFen: number): number => amountFen / 100;

const idOf = (identifiers: Identifier[] | undefined, system: string): string | null =>
  identifiers?.find((i) => i.system === system)?.value ?? null;

const refId = (reference: string | undefined): string | null => reference?.split('/').pop() ?? null;

/**
 * The HIS over HL7 FHIR R4, in the domains' terms (README.md beside it). Every call has a deadline (the
 * config's) and takes the caller's AbortSignal; what fails is thrown as {@link HisNotFoundError},
 * {@link HisRefusedError} (with the HIS's reason) or {@link HisUnavailableError}. Writes are idempotent by our
 * own numbers (order number on the Appointment, payment number on the PaymentReconciliation: conditional
 * create), so a call repeated after a time-out does not hold or pay twice.
 */
export class FhirHis {
  private readonly client: Client;
  private readonly timeoutMs: number;
  readonly systems: FhirSystems;

  constructor(config: FhirHisConfig) {
    const headers: Record<string, string> = { Accept: 'application/fhir+json' };
    if (config.auth && 'bearer' in config.auth) headers.Authorization = `Bearer ${config.auth.bearer}`;
    if (config.auth && 'user' in config.auth) {
      headers.Authorization = `Basic ${Buffer.from(`${config.auth.user}:${config.auth.password}`).toString('base64')}`;
    }
    this.client = new Client({ baseUrl: config.baseUrl, customHeaders: headers });
    this.timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.systems = { ...DEFAULT_SYSTEMS, ...config.systems };
  }

  // ── Patients (建档) ─────────────────────────────────────────────────────────────────────────────────────

  /** The patient filed under this resident ID number or card number; null: not filed. */
  async findPatient(by: { idNumber: string } | { cardNo: string }, options?: CallOptions) {
    const identifier =
      'idNumber' in by
        ? `${this.systems.idNumber}|${by.idNumber.trim().toUpperCase()}`
        : `${this.systems.cardNo}|${by.cardNo.trim()}`;
    const found = await this.search<Patient>('Patient', { identifier }, options);
    return found.length === 0 ? null : this.patientOf(found[0]);
  }

  /**
   * Files a person (建档): creates the Patient unless one with the ID number exists (conditional create), and
   * answers the HIS's record with the card and patient numbers it assigned. Refused when the ID number is
   * filed under another name.
   */
  async filePatient(
    person: { idNumber: string; name: string; sex: HisSex; birthDate: string; phone?: string },
    options?: CallOptions,
  ): Promise<HisPatientRecord> {
    const idNumber = person.idNumber.trim().toUpperCase();
    const body: Patient = {
      resourceType: 'Patient',
      identifier: [{ system: this.systems.idNumber, value: idNumber }],
      name: [{ text: person.name.trim() }],
      gender: person.sex === '男' ? 'male' : 'female',
      birthDate: person.birthDate,
      ...(person.phone ? { telecom: [{ system: 'phone', value: person.phone, use: 'mobile' }] } : {}),
    };
    const created = await this.call<Patient>(
      (o) =>
        this.client.create({
          resourceType: 'Patient',
          body: body as never,
          options: { ...o, headers: { 'If-None-Exist': `identifier=${this.systems.idNumber}|${idNumber}` } },
        }),
      options,
    );
    const record = this.patientOf(created);
    if (record.name !== person.name.trim()) {
      throw new HisRefusedError('医院信息系统中该证件号已登记为其他姓名，请到窗口核对');
    }
    return record;
  }

  // ── Catalogue (科室、医生) ─────────────────────────────────────────────────────────────────────────────

  /**
   * The hospital's departments and doctors as the catalogue import takes them (`src/catalogue-import.ts`, rows
   * of `departments` and `doctors`): every Organization with a department code, every PractitionerRole of one
   * with its Practitioner. A title outside the import's list becomes 医师; a doctor without a sex is left out
   * (the import requires one) and counted in `skipped`.
   */
  async catalogue(options?: CallOptions): Promise<{
    departments: { code: string; name: string }[];
    doctors: { code: string; departmentCode: string; name: string; sex: HisSex; title: string }[];
    skipped: number;
  }> {
    const organizations = await this.search<Organization>(
      'Organization',
      { identifier: `${this.systems.department}|` },
      options,
    );
    const codeOf = new Map(
      organizations.flatMap((o) => {
        const code = idOf(o.identifier, this.systems.department);
        return code && o.id ? [[o.id, { code, name: o.name ?? code }] as const] : [];
      }),
    );
    const bundle = await this.searchBundle(
      'PractitionerRole',
      { _include: 'PractitionerRole:practitioner' },
      options,
    );
    const practitioners = new Map(
      resourcesOf<Practitioner>(bundle, 'Practitioner').map((p) => [p.id as string, p]),
    );
    let skipped = 0;
    const doctors = resourcesOf<PractitionerRole>(bundle, 'PractitionerRole').flatMap((role) => {
      const department = codeOf.get(refId(role.organization?.reference) ?? '');
      const practitioner = practitioners.get(refId(role.practitioner?.reference) ?? '');
      const code = practitioner && idOf(practitioner.identifier, this.systems.staffNo);
      if (!department || !practitioner || !code) return [];
      if (practitioner.gender !== 'male' && practitioner.gender !== 'female') {
        skipped++;
        return [];
      }
      const title = role.code?.[0]?.text ?? '';
      return [
        {
          code,
          departmentCode: department.code,
          name: practitioner.name?.[0]?.text ?? '',
          sex: practitioner.gender === 'male' ? ('男' as const) : ('女' as const),
          title: CATALOGUE_TITLES.includes(title) ? title : '医师',
        },
      ];
    });
    return { departments: [...codeOf.values()], doctors, skipped };
  }

  // ── Schedules and slots (号源) ─────────────────────────────────────────────────────────────────────────

  /** A department's doctors (PractitionerRole of the department's Organization, with their Practitioner). */
  async doctors(departmentCode: string, options?: CallOptions): Promise<HisDoctor[]> {
    const department = await this.department(departmentCode, options);
    const bundle = await this.searchBundle(
      'PractitionerRole',
      { organization: `Organization/${department.id}`, _include: 'PractitionerRole:practitioner' },
      options,
    );
    const practitioners = new Map(
      resourcesOf<Practitioner>(bundle, 'Practitioner').map((p) => [p.id as string, p]),
    );
    return resourcesOf<PractitionerRole>(bundle, 'PractitionerRole').flatMap((role) => {
      const practitioner = practitioners.get(refId(role.practitioner?.reference) ?? '');
      if (!practitioner?.id) return [];
      return [
        {
          id: practitioner.id,
          code: idOf(practitioner.identifier, this.systems.staffNo),
          name: practitioner.name?.[0]?.text ?? role.practitioner?.display ?? '',
          title: role.code?.[0]?.text ?? role.code?.[0]?.coding?.[0]?.display ?? null,
        },
      ];
    });
  }

  /** The slots of a department's schedules starting on the dates `from` to `to` (YYYY-MM-DD, China, inclusive). */
  async slots(
    query: { departmentCode: string; from: string; to: string },
    options?: CallOptions,
  ): Promise<HisSlot[]> {
    const department = await this.department(query.departmentCode, options);
    const schedules = await this.search<Schedule>(
      'Schedule',
      { actor: `Organization/${department.id}` },
      options,
    );
    if (schedules.length === 0) return [];
    const doctorOf = new Map(
      schedules.map((s) => {
        const actor = s.actor.find((a) => a.reference?.startsWith('Practitioner/'));
        return [
          s.id as string,
          actor ? { id: refId(actor.reference) as string, name: actor.display ?? '' } : null,
        ];
      }),
    );
    const slots = await this.search<Slot>(
      'Slot',
      {
        schedule: schedules.map((s) => `Schedule/${s.id}`).join(','),
        start: [`ge${query.from}T00:00:00+08:00`, `lt${nextDay(query.to)}T00:00:00+08:00`],
      },
      options,
    );
    return slots
      .map((slot) => ({
        id: slot.id as string,
        doctor: doctorOf.get(refId(slot.schedule.reference) ?? '') ?? null,
        start: slot.start,
        end: slot.end,
        status: slot.status,
        visitType: slot.serviceType?.[0]?.text ?? slot.appointmentType?.text ?? null,
      }))
      .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  }

  /**
   * Holds a slot for our order (an Appointment `pending` naming the slot, the patient and our order number):
   * the HIS marks the slot busy-tentative. Idempotent by the order number: holding again answers the same
   * appointment; a held order number on another slot is refused, a busy slot too (the HIS's 409).
   */
  async holdSlot(
    hold: { slotId: string; patientId: string; orderNo: string },
    options?: CallOptions,
  ): Promise<HisAppointment> {
    const body: Appointment = {
      resourceType: 'Appointment',
      status: 'pending',
      identifier: [{ system: this.systems.ourOrderNo, value: hold.orderNo }],
      slot: [{ reference: `Slot/${hold.slotId}` }],
      participant: [{ actor: { reference: `Patient/${hold.patientId}` }, status: 'accepted' }],
    };
    const appointment = await this.call<Appointment>(
      (o) =>
        this.client.create({
          resourceType: 'Appointment',
          body: body as never,
          options: { ...o, headers: { 'If-None-Exist': this.orderQuery(hold.orderNo) } },
        }),
      options,
    );
    const result = this.appointmentOf(appointment);
    if (result.slotId !== hold.slotId) throw new HisRefusedError('该订单号已占用其他号源');
    return result;
  }

  /** Confirms a held slot (Appointment `booked`, the slot busy). Idempotent; a cancelled hold is refused. */
  confirmSlot(orderNo: string, options?: CallOptions): Promise<HisAppointment> {
    return this.moveAppointment(orderNo, 'booked', options);
  }

  /** Releases a held or booked slot (Appointment `cancelled`, the slot free again). Idempotent. */
  releaseSlot(orderNo: string, options?: CallOptions): Promise<HisAppointment> {
    return this.moveAppointment(orderNo, 'cancelled', options);
  }

  /** Our order's appointment in the HIS; null: none. */
  async appointment(orderNo: string, options?: CallOptions): Promise<HisAppointment | null> {
    const [found] = await this.search<Appointment>(
      'Appointment',
      { identifier: `${this.systems.ourOrderNo}|${orderNo}` },
      options,
    );
    return found ? this.appointmentOf(found) : null;
  }

  // ── Outpatient billing (缴费) ──────────────────────────────────────────────────────────────────────────

  /** The patient's unpaid outpatient charges (ChargeItem `billable`), grouped by the HIS's order number. */
  async unpaidCharges(patientId: string, options?: CallOptions): Promise<HisChargeOrder[]> {
    const items = await this.search<ChargeItem>(
      'ChargeItem',
      { subject: `Patient/${patientId}`, status: 'billable' },
      options,
    );
    const orders = new Map<string, HisChargeOrder>();
    for (const item of items) {
      const orderNo = idOf(item.identifier, this.systems.hisOrderNo) ?? item.id ?? '';
      const quantity = item.quantity?.value ?? 1;
      const unitPrice = fen(item.priceOverride?.value);
      const order = orders.get(orderNo) ?? {
        orderNo,
        title: item.service?.[0]?.display ?? null,
        department: item.performingOrganization?.display ?? null,
        doctor: item.enterer?.display ?? null,
        visitNo: item.context?.identifier?.value ?? null,
        items: [],
        total: 0,
      };
      const amount = Math.round(quantity * unitPrice);
      order.items.push({
        code: item.code.coding?.[0]?.code ?? null,
        name: item.code.text ?? item.code.coding?.[0]?.display ?? '',
        quantity,
        unit: item.quantity?.unit ?? null,
        unitPrice,
        amount,
      });
      order.total += amount;
      orders.set(orderNo, order);
    }
    return [...orders.values()];
  }

  /**
   * Tells the HIS that orders were paid (a PaymentReconciliation carrying our payment number, one detail per
   * order): the HIS marks their ChargeItems billed. Idempotent by the payment number; refused when an order is
   * not unpaid or the amount is not its total.
   */
  async markPaid(
    payment: { paymentNo: string; patientId: string; orderNos: string[]; amount: number; paidAt: string },
    options?: CallOptions,
  ): Promise<{ id: string; orderNos: string[] }> {
    const body: PaymentReconciliation = {
      resourceType: 'PaymentReconciliation',
      status: 'active',
      created: payment.paidAt,
      paymentDate: payment.paidAt.slice(0, 10),
      identifier: [{ system: this.systems.ourPaymentNo, value: payment.paymentNo }],
      paymentIdentifier: { system: this.systems.ourPaymentNo, value: payment.paymentNo },
      paymentAmount: { value: yuan(payment.amount), currency: 'CNY' },
      outcome: 'complete',
      detail: payment.orderNos.map((orderNo) => ({
        identifier: { system: this.systems.hisOrderNo, value: orderNo },
        type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/payment-type', code: 'payment' }] },
        submitter: { reference: `Patient/${payment.patientId}` },
      })),
    };
    const created = await this.call<PaymentReconciliation>(
      (o) =>
        this.client.create({
          resourceType: 'PaymentReconciliation',
          body: body as never,
          options: {
            ...o,
            headers: { 'If-None-Exist': `identifier=${this.systems.ourPaymentNo}|${payment.paymentNo}` },
          },
        }),
      options,
    );
    return {
      id: created.id as string,
      orderNos: (created.detail ?? []).map((d) => d.identifier?.value).filter((v): v is string => !!v),
    };
  }

  // ── Visits and stays (门诊、住院) ───────────────────────────────────────────────────────────────────────

  /** The patient's encounters, newest first: outpatient visits (AMB) and stays (IMP) with ward and bed. */
  async encounters(patientId: string, options?: CallOptions): Promise<HisEncounter[]> {
    const encounters = await this.search<Encounter>(
      'Encounter',
      { subject: `Patient/${patientId}` },
      options,
    );
    return encounters
      .map((e): HisEncounter => {
        const inpatient = e.class.code === 'IMP';
        const place = (type: string) =>
          e.location?.find((l) =>
            l.physicalType?.coding?.some((c) => c.system === LOCATION_TYPE && c.code === type),
          )?.location.display ?? null;
        const reason = e.reasonCode?.[0];
        const icd = reason?.coding?.find((c) => c.system === ICD10);
        return {
          id: e.id as string,
          kind: inpatient ? 'INPATIENT' : 'OUTPATIENT',
          visitNo: idOf(e.identifier, inpatient ? this.systems.admissionNo : this.systems.visitNo),
          status: e.status,
          start: e.period?.start ?? null,
          end: e.period?.end ?? null,
          department: e.serviceProvider?.display ?? null,
          doctor: e.participant?.[0]?.individual?.display ?? null,
          ward: place('wa'),
          bed: place('bd'),
          diagnosis: reason ? { icd10: icd?.code ?? null, name: reason.text ?? icd?.display ?? '' } : null,
        };
      })
      .sort((a, b) => (b.start ?? '').localeCompare(a.start ?? ''));
  }

  // ── Reports (检验检查报告) ───────────────────────────────────────────────────────────────────────────────

  /** The patient's lab (LAB) and exam (RAD) reports, newest first, with their Observations. */
  async reports(patientId: string, options?: CallOptions): Promise<HisReport[]> {
    const bundle = await this.searchBundle(
      'DiagnosticReport',
      { subject: `Patient/${patientId}`, _include: 'DiagnosticReport:result' },
      options,
    );
    const observations = new Map(
      resourcesOf<Observation>(bundle, 'Observation').map((o) => [o.id as string, o]),
    );
    return resourcesOf<DiagnosticReport>(bundle, 'DiagnosticReport')
      .map((report): HisReport => {
        const lab = report.category?.some((c) =>
          c.coding?.some((x) => x.system === REPORT_CATEGORY && x.code === 'LAB'),
        );
        const results = (report.result ?? [])
          .map((r) => observations.get(refId(r.reference) ?? ''))
          .filter((o): o is Observation => !!o);
        const findings = results.find((o) => o.code.coding?.some((c) => c.code === FINDINGS_LOINC));
        return {
          id: report.id as string,
          reportNo: idOf(report.identifier, this.systems.reportNo),
          kind: lab ? 'LAB' : 'EXAM',
          title: report.code.text ?? report.code.coding?.[0]?.display ?? '',
          status: report.status,
          date: report.issued ?? report.effectiveDateTime ?? null,
          visitNo: report.encounter?.identifier?.value ?? null,
          items: lab ? results.map(labItemOf) : [],
          findings: findings?.valueString ?? null,
          conclusion: report.conclusion ?? null,
        };
      })
      .sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
  }

  // ── Internals ─────────────────────────────────────────────────────────────────────────────────────────

  private async moveAppointment(
    orderNo: string,
    status: 'booked' | 'cancelled',
    options?: CallOptions,
  ): Promise<HisAppointment> {
    const [found] = await this.search<Appointment>(
      'Appointment',
      { identifier: `${this.systems.ourOrderNo}|${orderNo}` },
      options,
    );
    if (!found?.id) throw new HisNotFoundError('医院信息系统中没有该订单的号源');
    if (found.status === status) return this.appointmentOf(found);
    if (found.status === 'cancelled') throw new HisRefusedError('该号源已释放，不能确认', 409);
    const body: Appointment = {
      ...found,
      status,
      ...(status === 'cancelled' ? { cancelationReason: { text: '患者取消或未按时支付' } } : {}),
    };
    const updated = await this.call<Appointment>(
      (o) =>
        this.client.update({
          resourceType: 'Appointment',
          id: found.id as string,
          body: body as never,
          options: o,
        }),
      options,
    );
    return this.appointmentOf(updated);
  }

  private orderQuery(orderNo: string) {
    return `identifier=${this.systems.ourOrderNo}|${orderNo}`;
  }

  private async department(code: string, options?: CallOptions): Promise<Organization> {
    const [found] = await this.search<Organization>(
      'Organization',
      { identifier: `${this.systems.department}|${code}` },
      options,
    );
    if (!found?.id) throw new HisNotFoundError(`医院信息系统中没有科室 ${code}`);
    return found;
  }

  private patientOf(p: Patient): HisPatientRecord {
    return {
      id: p.id as string,
      name:
        p.name?.[0]?.text ?? [p.name?.[0]?.family, ...(p.name?.[0]?.given ?? [])].filter(Boolean).join(''),
      sex: p.gender === 'male' ? '男' : p.gender === 'female' ? '女' : null,
      birthDate: p.birthDate ?? null,
      idNumber: idOf(p.identifier, this.systems.idNumber),
      cardNo: idOf(p.identifier, this.systems.cardNo),
      patientNo: idOf(p.identifier, this.systems.patientNo),
      phone: p.telecom?.find((t) => t.system === 'phone')?.value ?? null,
    };
  }

  private appointmentOf(a: Appointment): HisAppointment {
    return {
      id: a.id as string,
      orderNo: idOf(a.identifier, this.systems.ourOrderNo) ?? '',
      slotId: refId(a.slot?.[0]?.reference) ?? null,
      status: a.status,
      start: a.start ?? null,
    };
  }

  /** A search's matches of `resourceType`, every page followed (at most {@link MAX_PAGES}). */
  private async search<R extends FhirResource>(
    resourceType: R['resourceType'],
    searchParams: Record<string, string | string[]>,
    options?: CallOptions,
  ): Promise<R[]> {
    return resourcesOf<R>(await this.searchBundle(resourceType, searchParams, options), resourceType);
  }

  private async searchBundle(
    resourceType: string,
    searchParams: Record<string, string | string[]>,
    options?: CallOptions,
  ): Promise<Bundle> {
    const first = await this.call<Bundle>(
      (o) => this.client.search({ resourceType, searchParams, options: o }),
      options,
    );
    const entries = [...(first.entry ?? [])];
    let page = first;
    for (let n = 1; n < MAX_PAGES && page.link?.some((l) => l.relation === 'next'); n++) {
      const next = await this.call<Bundle | undefined>(
        (o) => this.client.nextPage({ bundle: page as never, options: o }) as Promise<never>,
        options,
      );
      if (!next) break;
      entries.push(...(next.entry ?? []));
      page = next;
    }
    return { ...first, entry: entries };
  }

  /** One request with the adapter's deadline and the caller's signal; its failure mapped to a HisError. */
  private async call<T>(
    request: (options: { signal: AbortSignal }) => Promise<unknown>,
    options?: CallOptions,
  ) {
    const deadline = AbortSignal.timeout(this.timeoutMs);
    const signal = options?.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
    try {
      return (await request({ signal })) as T;
    } catch (error) {
      if (deadline.aborted && !options?.signal?.aborted) {
        throw new HisUnavailableError('timeout', '医院信息系统响应超时', { cause: error });
      }
      throw error instanceof HisError ? error : toHisError(error);
    }
  }
}

function resourcesOf<R extends FhirResource>(bundle: Bundle, resourceType: string): R[] {
  return (bundle.entry ?? []).map((e) => e.resource).filter((r): r is R => r?.resourceType === resourceType);
}

function labItemOf(o: Observation): HisLabItem {
  const range = o.referenceRange?.[0];
  const flag = o.interpretation?.[0]?.coding?.[0]?.code;
  return {
    code: o.code.coding?.[0]?.code ?? null,
    name: o.code.text ?? o.code.coding?.[0]?.display ?? '',
    value: o.valueQuantity?.value ?? null,
    unit: o.valueQuantity?.unit ?? null,
    low: range?.low?.value ?? null,
    high: range?.high?.value ?? null,
    flag: flag === 'H' || flag === 'L' || flag === 'N' ? flag : null,
  };
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The adapter's configuration from the environment; null when `HIS_FHIR_BASE_URL` is not set (the simulated HIS
 * stays). `HIS_FHIR_TOKEN` (bearer) or `HIS_FHIR_USER` + `HIS_FHIR_PASSWORD` (Basic); `HIS_FHIR_TIMEOUT_MS`;
 * `HIS_FHIR_SYSTEM_<NAME>` (e.g. `HIS_FHIR_SYSTEM_CARD_NO`) for a hospital's own identifier systems.
 */
export function fhirHisConfigFromEnv(env: NodeJS.ProcessEnv = process.env): FhirHisConfig | null {
  const baseUrl = env.HIS_FHIR_BASE_URL?.trim();
  if (!baseUrl) return null;
  if (!/^https?:\/\//.test(baseUrl))
    throw new Error(`HIS_FHIR_BASE_URL 不正确：${baseUrl}（应以 http:// 或 https:// 开头）`);
  const token = env.HIS_FHIR_TOKEN?.trim();
  const user = env.HIS_FHIR_USER?.trim();
  if (token && user) throw new Error('HIS_FHIR_TOKEN 与 HIS_FHIR_USER 只能设置其一');
  if (user && !env.HIS_FHIR_PASSWORD) throw new Error('设置了 HIS_FHIR_USER 时须同时设置 HIS_FHIR_PASSWORD');
  const timeout = env.HIS_FHIR_TIMEOUT_MS?.trim();
  const timeoutMs = timeout ? Number(timeout) : undefined;
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0 && timeoutMs <= 60_000)) {
    throw new Error(`HIS_FHIR_TIMEOUT_MS 不正确：${timeout}（1–60000 毫秒）`);
  }
  const systems: Partial<FhirSystems> = {};
  for (const name of Object.keys(DEFAULT_SYSTEMS) as (keyof FhirSystems)[]) {
    const value = env[`HIS_FHIR_SYSTEM_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`]?.trim();
    if (value) systems[name] = value;
  }
  return {
    baseUrl,
    ...(token
      ? { auth: { bearer: token } }
      : user
        ? { auth: { user, password: env.HIS_FHIR_PASSWORD as string } }
        : {}),
    ...(timeoutMs ? { timeoutMs } : {}),
    ...(Object.keys(systems).length > 0 ? { systems } : {}),
  };
}
