import { describe, expect, it } from 'vitest';
import { filedBeforehand, type HisPerson, memoryFilings, SimulatedPatientIndex } from './his.ts';
import { patientIndexConformance } from './patient-index.conformance.ts';

/** The first person `n…` of the simulated HIS at 1000 whose filing beforehand is `filed`. */
function personWhere(filed: boolean, from = 0): HisPerson {
  for (let n = from; ; n++) {
    const person = {
      hospitalId: '1000',
      identityCard: `11010119900101${String(n).padStart(4, '0')}`,
      name: '王芳',
    };
    if (filedBeforehand(person) === filed) return person;
  }
}

patientIndexConformance('SimulatedPatientIndex', () => ({
  port: new SimulatedPatientIndex(memoryFilings()),
  filed: personWhere(true),
  unfiled: personWhere(false),
}));

describe('SimulatedPatientIndex', () => {
  it('is a simulation, and one filing is seen through the same book only', async () => {
    const book = memoryFilings();
    const port = new SimulatedPatientIndex(book);
    expect(port.simulated).toBe(true);
    const person = personWhere(false);
    await port.file(person);
    expect(await new SimulatedPatientIndex(book).isFiled(person)).toBe(true);
    expect(await new SimulatedPatientIndex(memoryFilings()).isFiled(person)).toBe(false);
  });
});
