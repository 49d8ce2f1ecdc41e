/**
 * The identifier and code systems this adapter writes and searches. The national ones are the OIDs of the
 * 互联互通 documents (WS/T 500 共享文档, WS 364 值域): `2.16.156.10011.1.*` identify a person or a visit, so a
 * HIS that already speaks its platform's CDA uses the same values. A hospital's own numbers (就诊卡号, 病案号,
 * department and price codes) have no national system: each hospital names its own — the defaults below are
 * placeholders an integration engineer replaces through {@link FhirSystems} (env `HIS_FHIR_SYSTEM_*`).
 */
export interface FhirSystems {
  /** 居民身份证号 (WS/T 500: 2.16.156.10011.1.3). */
  idNumber: string;
  /** 就诊卡号: the hospital's card. */
  cardNo: string;
  /** 病案号 / 患者主索引号: the HIS's patient number. */
  patientNo: string;
  /** 门(急)诊号 (2.16.156.10011.1.11): an outpatient visit. */
  visitNo: string;
  /** 住院号 (2.16.156.10011.1.12): a stay. */
  admissionNo: string;
  /** The hospital's department codes (Organization.identifier). */
  department: string;
  /** The hospital's staff numbers (Practitioner.identifier). */
  staffNo: string;
  /** The HIS's order numbers (处方号、申请单号) on ChargeItem and MedicationRequest. */
  hisOrderNo: string;
  /** The hospital's price catalogue codes (ChargeItem.code). */
  priceItem: string;
  /** The report numbers of the LIS and PACS (DiagnosticReport.identifier). */
  reportNo: string;
  /** Our own order number on an Appointment: what makes hold, confirm and release idempotent. */
  ourOrderNo: string;
  /** Our own payment number on a PaymentReconciliation: what makes marking charges paid idempotent. */
  ourPaymentNo: string;
}

export const DEFAULT_SYSTEMS: FhirSystems = {
  idNumber: 'urn:oid:2.16.156.10011.1.3',
  cardNo: 'urn:his:card-no',
  patientNo: 'urn:his:patient-no',
  visitNo: 'urn:oid:2.16.156.10011.1.11',
  admissionNo: 'urn:oid:2.16.156.10011.1.12',
  department: 'urn:his:department',
  staffNo: 'urn:his:staff-no',
  hisOrderNo: 'urn:his:order-no',
  priceItem: 'urn:his:price-item',
  reportNo: 'urn:his:report-no',
  ourOrderNo: 'urn:patient-h5:order-no',
  ourPaymentNo: 'urn:patient-h5:payment-no',
};

/** ICD-10 (国家临床版 codes such as J18.900 are carried as they are). */
export const ICD10 = 'http://hl7.org/fhir/sid/icd-10';
/** HL7 v2 table 0074: DiagnosticReport.category LAB / RAD. */
export const REPORT_CATEGORY = 'http://terminology.hl7.org/CodeSystem/v2-0074';
/** HL7 v3 ActCode: Encounter.class AMB (outpatient) / IMP (inpatient). */
export const ENCOUNTER_CLASS = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';
/** HL7 v3 ObservationInterpretation: H, L, N. */
export const INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
/** Location.physicalType: wa (ward), bd (bed). */
export const LOCATION_TYPE = 'http://terminology.hl7.org/CodeSystem/location-physical-type';
/** Practitioner titles (职称, GB/T 8561 names) carried as text in PractitionerRole.code. */
export const TITLE_SYSTEM = 'urn:oid:2.16.156.10011.2.3.3.13';
/** LOINC code of an imaging report's findings (影像所见). */
export const FINDINGS_LOINC = '18782-3';
export const LOINC = 'http://loinc.org';
