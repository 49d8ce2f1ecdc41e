import { computeIdCheckChar } from '@patient/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PatientIndexError, type StoryPerson } from '../../domains/patients/index.ts';
import { patientIndexConformance } from '../../domains/patients/patient-index.conformance.ts';
import { FhirHis } from './client.ts';
import { FhirPatientIndex } from './patient-index.ts';
import { storyResources } from './story-resources.ts';
import { type FhirTestServer, startFhirTestServer } from './test-server.ts';

/** The FHIR patient index against the local FHIR server: the port's conformance suite, then what FHIR adds. */
const HOSPITAL = '1000';
const resident = (area: string, birth: string, order: string) => {
  const first17 = `${area}${birth}${order}`;
  return first17 + computeIdCheckChar(first17);
};
const FILED: StoryPerson = {
  hospitalId: HOSPITAL,
  identityCard: resident('330102', '19850314', '123'),
  name: '陈建国',
};

let server: FhirTestServer;
let his: FhirHis;
let next = 100;

beforeAll(async () => {
  server = await startFhirTestServer({
    resources: storyResources({
      hospitalId: HOSPITAL,
      hospitalName: '示范人民医院',
      people: [FILED],
      today: '2026-11-28',
    }),
    hospitalId: HOSPITAL,
  });
  his = new FhirHis({ baseUrl: server.baseUrl, timeoutMs: 2_000 });
});
afterAll(() => server.close());

patientIndexConformance('FhirPatientIndex (local FHIR server)', () => ({
  port: new FhirPatientIndex(his),
  filed: FILED,
  // A new person for every case: the server keeps what was filed.
  unfiled: {
    hospitalId: HOSPITAL,
    identityCard: resident('330106', '19900101', String(next++)),
    name: '周晓梅',
  },
}));

describe('FhirPatientIndex', () => {
  it('files with the sex and birth date of the resident ID; another document is refused, not guessed', async () => {
    const index = new FhirPatientIndex(his);
    const person = {
      hospitalId: HOSPITAL,
      identityCard: resident('110105', '20010203', '456'),
      name: '吴婷',
    };
    await index.file(person);
    const record = await his.findPatient({ idNumber: person.identityCard });
    expect(record).toMatchObject({ name: '吴婷', sex: '女', birthDate: '2001-02-03' });
    await expect(
      index.file({ hospitalId: HOSPITAL, identityCard: 'E12345678', name: '吴婷' }),
    ).rejects.toThrow(new PatientIndexError('该证件无法在线建档，请携带证件到医院窗口办理'));
  });

  it('a person is the identity: asking to file it under another name creates nothing', async () => {
    const index = new FhirPatientIndex(his);
    const person = {
      hospitalId: HOSPITAL,
      identityCard: resident('110105', '19990909', '778'),
      name: '郑凯',
    };
    await index.file(person);
    // Filed already: the same identity answers its cards, whatever name is asked with.
    expect((await index.file({ ...person, name: '郑凯文' })).created).toBe(false);
  });
});
