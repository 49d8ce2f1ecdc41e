import type {
  ChargeItem,
  DiagnosticReport,
  Encounter,
  FhirResource,
  Location,
  MedicationRequest,
  Observation,
  Organization,
  Patient,
  Practitioner,
  PractitionerRole,
  Reference,
  Schedule,
  Slot,
} from 'fhir/r4';
import {
  type PersonStory,
  personStory,
  STORY_DEPARTMENTS,
  type StoryPerson,
  storyDoctors,
} from '../../domains/patients/index.ts';
import {
  DEFAULT_SYSTEMS,
  ENCOUNTER_CLASS,
  type FhirSystems,
  FINDINGS_LOINC,
  ICD10,
  INTERPRETATION,
  LOCATION_TYPE,
  LOINC,
  REPORT_CATEGORY,
  TITLE_SYSTEM,
} from './systems.ts';

/** What a hospital's HIS holds, as FHIR R4 resources, told from the person story (patients' `personStory`). */
export interface StoryHospital {
  hospitalId: string;
  hospitalName: string;
  /** The people filed in the HIS. */
  people: StoryPerson[];
  /** The day it is (YYYY-MM-DD, China). */
  today: string;
  /** Days of slots from today (default 3): 08:00–10:00, four half hours per doctor and morning. */
  days?: number;
  systems?: FhirSystems;
}

const addDays = (date: string, days: number): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const at = (date: string, time: string) => `${date}T${time}:00+08:00`;
const yuan = (fen: number) => fen / 100;
const ref = (type: string, id: string, display?: string): Reference => ({
  reference: `${type}/${id}`,
  ...(display ? { display } : {}),
});
const SLOT_TIMES = ['08:00', '08:30', '09:00', '09:30'];

/**
 * The hospital's resources: Organization (the hospital and its departments), Location (wards and the beds
 * of stays), Practitioner and PractitionerRole, Schedule and Slot (some already busy), and for every person
 * Patient, Encounter (visits and stays), MedicationRequest and ChargeItem (today's unpaid orders),
 * DiagnosticReport and Observation (lab and exam reports). Ids are derived from the story's numbers, so the
 * same input gives the same resources.
 */
export function storyResources(hospital: StoryHospital): FhirResource[] {
  const systems = hospital.systems ?? DEFAULT_SYSTEMS;
  const { hospitalId, today } = hospital;
  const out: FhirResource[] = [];
  const org: Organization = {
    resourceType: 'Organization',
    id: `org-${hospitalId}`,
    active: true,
    name: hospital.hospitalName,
    type: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/organization-type', code: 'prov' }] }],
  };
  out.push(org);
  const days = hospital.days ?? 3;
  STORY_DEPARTMENTS.forEach((department) => {
    out.push({
      resourceType: 'Organization',
      id: `dept-${department.code}`,
      active: true,
      identifier: [{ system: systems.department, value: department.code }],
      name: department.name,
      type: [
        { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/organization-type', code: 'dept' }] },
      ],
      partOf: ref('Organization', org.id as string, org.name),
    } satisfies Organization);
    out.push({
      resourceType: 'Location',
      id: `ward-${department.ward.code}`,
      status: 'active',
      name: department.ward.name,
      description: department.ward.location,
      physicalType: { coding: [{ system: LOCATION_TYPE, code: 'wa' }] },
      managingOrganization: ref('Organization', `dept-${department.code}`, department.name),
    } satisfies Location);
    storyDoctors(hospitalId, department.code).forEach((doctor, d) => {
      out.push({
        resourceType: 'Practitioner',
        id: `pr-${doctor.code}`,
        active: true,
        identifier: [{ system: systems.staffNo, value: doctor.code }],
        name: [{ text: doctor.name }],
        gender: doctor.sex === '男' ? 'male' : 'female',
      } satisfies Practitioner);
      out.push({
        resourceType: 'PractitionerRole',
        id: `role-${doctor.code}`,
        active: true,
        practitioner: ref('Practitioner', `pr-${doctor.code}`, doctor.name),
        organization: ref('Organization', `dept-${department.code}`, department.name),
        code: [{ coding: [{ system: TITLE_SYSTEM, display: doctor.title }], text: doctor.title }],
      } satisfies PractitionerRole);
      const visitType = d < 2 ? '专家门诊' : '普通门诊';
      out.push({
        resourceType: 'Schedule',
        id: `sch-${doctor.code}`,
        active: true,
        serviceType: [{ text: visitType }],
        actor: [
          ref('Practitioner', `pr-${doctor.code}`, doctor.name),
          ref('Organization', `dept-${department.code}`, department.name),
        ],
        planningHorizon: { start: at(today, '00:00'), end: at(addDays(today, days), '00:00') },
      } satisfies Schedule);
      for (let day = 0; day < days; day++) {
        const date = addDays(today, day);
        SLOT_TIMES.forEach((time, k) => {
          const [h, m] = time.split(':').map(Number);
          const end = `${String(h + (m === 30 ? 1 : 0)).padStart(2, '0')}:${m === 30 ? '00' : '30'}`;
          out.push({
            resourceType: 'Slot',
            id: `slot-${doctor.code}-${date}-${time.replace(':', '')}`,
            schedule: ref('Schedule', `sch-${doctor.code}`),
            serviceType: [{ text: visitType }],
            status: (d + day + k) % 5 === 0 ? 'busy' : 'free',
            start: at(date, time),
            end: at(date, end),
          } satisfies Slot);
        });
      }
    });
  });
  const beds = new Set<string>();
  for (const person of hospital.people) {
    const story = personStory({ ...person, hospitalId }, today);
    out.push(...personResources(story, systems, beds));
  }
  return out;
}

function personResources(story: PersonStory, systems: FhirSystems, beds: Set<string>): FhirResource[] {
  const out: FhirResource[] = [];
  const patientId = `pat-${story.patientNo}`;
  const subject = ref('Patient', patientId, story.person.name);
  out.push({
    resourceType: 'Patient',
    id: patientId,
    active: true,
    identifier: [
      { system: systems.idNumber, value: story.person.identityCard },
      { system: systems.cardNo, value: story.cardNo },
      { system: systems.patientNo, value: story.patientNo },
    ],
    name: [{ text: story.person.name }],
    gender: story.person.sex === '男' ? 'male' : 'female',
    birthDate: story.person.birthDate,
  } satisfies Patient);
  const doctorRef = (code: string, name: string) => ref('Practitioner', `pr-${code}`, name);
  for (const [i, visit] of story.visits.entries()) {
    out.push({
      resourceType: 'Encounter',
      id: `enc-${visit.visitNo}`,
      identifier: [{ system: systems.visitNo, value: visit.visitNo }],
      status: i === 0 ? 'arrived' : 'finished',
      class: { system: ENCOUNTER_CLASS, code: 'AMB', display: '门诊' },
      subject,
      participant: [{ individual: doctorRef(visit.doctor.code, visit.doctor.name) }],
      period: { start: at(visit.date, '09:00'), ...(i === 0 ? {} : { end: at(visit.date, '09:20') }) },
      reasonCode: [{ coding: [{ system: ICD10, code: visit.diagnosis.icd10 }], text: visit.diagnosis.name }],
      serviceProvider: ref('Organization', `dept-${visit.department.code}`, visit.department.name),
    } satisfies Encounter);
  }
  for (const stay of story.stays) {
    const bedId = `bed-${stay.ward.code}-${stay.bed.replace('床', '')}`;
    if (!beds.has(bedId)) {
      beds.add(bedId);
      out.push({
        resourceType: 'Location',
        id: bedId,
        status: 'active',
        name: stay.bed,
        physicalType: { coding: [{ system: LOCATION_TYPE, code: 'bd' }] },
        partOf: ref('Location', `ward-${stay.ward.code}`, stay.ward.name),
      } satisfies Location);
    }
    const place = (type: 'wa' | 'bd', reference: Reference) => ({
      location: reference,
      status: stay.dischargedOn ? ('completed' as const) : ('active' as const),
      physicalType: { coding: [{ system: LOCATION_TYPE, code: type }] },
    });
    out.push({
      resourceType: 'Encounter',
      id: `enc-${stay.admissionNo}`,
      identifier: [{ system: systems.admissionNo, value: stay.admissionNo }],
      status: stay.dischargedOn ? 'finished' : 'in-progress',
      class: { system: ENCOUNTER_CLASS, code: 'IMP', display: '住院' },
      subject,
      participant: [{ individual: doctorRef(stay.doctor.code, stay.doctor.name) }],
      period: {
        start: at(stay.admittedOn, '10:00'),
        ...(stay.dischargedOn ? { end: at(stay.dischargedOn, '10:00') } : {}),
      },
      reasonCode: [{ coding: [{ system: ICD10, code: stay.diagnosis.icd10 }], text: stay.diagnosis.name }],
      location: [
        place('wa', ref('Location', `ward-${stay.ward.code}`, stay.ward.name)),
        place('bd', ref('Location', bedId, stay.bed)),
      ],
      serviceProvider: ref('Organization', `dept-${stay.department.code}`, stay.department.name),
    } satisfies Encounter);
  }
  for (const order of story.unpaidOrders) {
    const encounter: Reference = {
      reference: `Encounter/enc-${order.visitNo}`,
      identifier: { system: systems.visitNo, value: order.visitNo },
    };
    order.items.forEach((item, i) => {
      let service: Reference = { display: order.title };
      if (order.kind === 'PRESCRIPTION') {
        const id = `mr-${order.orderNo}-${i}`;
        out.push({
          resourceType: 'MedicationRequest',
          id,
          status: 'active',
          intent: 'order',
          groupIdentifier: { system: systems.hisOrderNo, value: order.orderNo },
          medicationCodeableConcept: {
            coding: [{ system: systems.priceItem, code: item.code, display: item.name }],
            text: `${item.name} ${item.specification}`,
          },
          subject,
          encounter,
          requester: doctorRef(order.doctor.code, order.doctor.name),
          authoredOn: at(story.visits[0].date, '09:15'),
          dispenseRequest: { quantity: { value: item.quantity, unit: item.unit } },
        } satisfies MedicationRequest);
        service = { reference: `MedicationRequest/${id}`, display: order.title };
      }
      out.push({
        resourceType: 'ChargeItem',
        id: `ci-${order.orderNo}-${i}`,
        identifier: [{ system: systems.hisOrderNo, value: order.orderNo }],
        status: 'billable',
        code: {
          coding: [{ system: systems.priceItem, code: item.code, display: item.name }],
          text: item.name,
        },
        subject,
        context: encounter,
        occurrenceDateTime: at(story.visits[0].date, '09:15'),
        quantity: { value: item.quantity, unit: item.unit },
        priceOverride: { value: yuan(item.unitPrice), currency: 'CNY' },
        performingOrganization: ref('Organization', `dept-${order.department.code}`, order.department.name),
        enterer: doctorRef(order.doctor.code, order.doctor.name),
        service: [service],
      } satisfies ChargeItem);
    });
  }
  const reportOf = (
    report: { reportNo: string; visitNo: string; title: string; date: string },
    category: 'LAB' | 'RAD',
    results: Observation[],
    conclusion?: string,
  ): DiagnosticReport => ({
    resourceType: 'DiagnosticReport',
    id: `dr-${report.reportNo}`,
    identifier: [{ system: systems.reportNo, value: report.reportNo }],
    status: 'final',
    category: [{ coding: [{ system: REPORT_CATEGORY, code: category }] }],
    code: { text: report.title },
    subject,
    encounter: {
      reference: `Encounter/enc-${report.visitNo}`,
      identifier: { system: systems.visitNo, value: report.visitNo },
    },
    effectiveDateTime: at(report.date, '09:40'),
    issued: at(report.date, '15:00'),
    result: results.map((o) => ({ reference: `Observation/${o.id}` })),
    ...(conclusion ? { conclusion } : {}),
  });
  for (const report of story.labReports) {
    const results = report.items.map(
      (item, i): Observation => ({
        resourceType: 'Observation',
        id: `obs-${report.reportNo}-${i}`,
        status: 'final',
        category: [
          {
            coding: [
              { system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory' },
            ],
          },
        ],
        code: {
          coding: [{ system: 'urn:his:lab-item', code: item.code, display: item.name }],
          text: item.name,
        },
        subject,
        effectiveDateTime: at(report.date, '09:40'),
        valueQuantity: { value: item.value, unit: item.unit },
        referenceRange: [
          { low: { value: item.low, unit: item.unit }, high: { value: item.high, unit: item.unit } },
        ],
        interpretation: [{ coding: [{ system: INTERPRETATION, code: item.flag }] }],
      }),
    );
    out.push(...results, reportOf(report, 'LAB', results));
  }
  for (const report of story.examReports) {
    const findings: Observation = {
      resourceType: 'Observation',
      id: `obs-${report.reportNo}-findings`,
      status: 'final',
      code: { coding: [{ system: LOINC, code: FINDINGS_LOINC, display: '影像所见' }], text: '影像所见' },
      subject,
      valueString: report.findings,
    };
    out.push(findings, {
      ...reportOf(report, 'RAD', [findings], report.conclusion),
      code: { text: report.title, coding: [{ system: 'urn:his:exam-modality', code: report.modality }] },
    });
  }
  return out;
}
