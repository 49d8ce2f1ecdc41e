import { validateMainlandId } from '@patient/validation';
import {
  type HisCardRecord,
  type HisPerson,
  type PatientIndex,
  PatientIndexError,
} from '../../domains/patients/index.ts';
import type { FhirHis, HisPatientRecord } from './client.ts';
import { HisRefusedError } from './errors.ts';

/**
 * The patient index (`patientIndex` port) over a HIS that speaks FHIR R4: a person is a Patient found by the
 * resident ID number's identifier; the card is its 就诊卡号 identifier; filing is a conditional create (the
 * HIS assigns the card). One FHIR base serves one hospital: `person.hospitalId` is the deployment's.
 *
 * Filing needs the sex and birth date, which a mainland resident ID carries; another document is refused
 * (the patient files at the window), never guessed. The HIS's refusals become {@link PatientIndexError} (400 with
 * its reason); it being unreachable stays an error for askOutside (503).
 */
export class FhirPatientIndex implements PatientIndex {
  readonly timeoutMs?: number;

  constructor(
    private readonly his: FhirHis,
    options: { timeoutMs?: number } = {},
  ) {
    this.timeoutMs = options.timeoutMs;
  }

  async isFiled(person: HisPerson): Promise<boolean> {
    return (await this.find(person)) !== null;
  }

  async cardsOf(person: HisPerson): Promise<HisCardRecord[]> {
    return cardsOf(await this.find(person));
  }

  async file(person: HisPerson): Promise<{ created: boolean; cards: HisCardRecord[] }> {
    const name = person.name.trim();
    if (name === '') throw new PatientIndexError('姓名不能为空');
    const known = await this.find(person);
    if (known) return { created: false, cards: cardsOf(known) };
    const id = validateMainlandId(person.identityCard.trim().toUpperCase(), new Date());
    if (!id.valid || !id.id18 || !id.birthDate) {
      throw new PatientIndexError('该证件无法在线建档，请携带证件到医院窗口办理');
    }
    try {
      const record = await this.his.filePatient({
        idNumber: id.id18,
        name,
        sex: Number(id.id18[16]) % 2 === 1 ? '男' : '女',
        birthDate: id.birthDate,
      });
      return { created: true, cards: cardsOf(record) };
    } catch (error) {
      if (error instanceof HisRefusedError) throw new PatientIndexError(error.reason);
      throw error;
    }
  }

  async phoneOf(person: Pick<HisPerson, 'identityCard' | 'name'>): Promise<string | null> {
    return (await this.find(person))?.phone ?? null;
  }

  private find(person: Pick<HisPerson, 'identityCard'>): Promise<HisPatientRecord | null> {
    return this.his.findPatient({ idNumber: person.identityCard });
  }
}

const cardsOf = (record: HisPatientRecord | null): HisCardRecord[] =>
  record?.cardNo ? [{ medicalCardNo: record.cardNo, type: 'HOSPITAL_CARD' }] : [];
