import { describe, expect, it } from 'vitest';
import { TEST_START } from '../../test/constants.ts';
import { DEMO_CONTACTS } from '../patients/index.ts';
import { examCentreConformance } from './exam-centre.conformance.ts';
import { SimulatedExamCentre } from './exam-centre.ts';
import { SimulatedRecordSystem } from './his.ts';
import { laboratoryConformance } from './laboratory.conformance.ts';
import { SimulatedLaboratory } from './lis.ts';
import { recordSystemConformance } from './record-system.conformance.ts';

/** The records domain's three ports, their conformance suites run against the simulations. */
const ANCHOR = new Date(TEST_START);
const [zhang] = DEMO_CONTACTS;
const PEOPLE = [
  { hospitalId: '1000', identityCard: zhang.documentNumber, name: zhang.name },
  { hospitalId: '1000', identityCard: '330102199001010027', name: '李娜' },
  { hospitalId: '1001', identityCard: '330102199001010027', name: '李娜' },
  { hospitalId: '1000', identityCard: '44030419851225002X', name: '陈静' },
];

recordSystemConformance('SimulatedRecordSystem', () => ({
  port: new SimulatedRecordSystem(),
  people: PEOPLE,
  anchor: ANCHOR,
  unknownDrug: 'NO_SUCH_DRUG',
}));

laboratoryConformance('SimulatedLaboratory', () => ({
  port: new SimulatedLaboratory(),
  his: new SimulatedRecordSystem(),
  people: PEOPLE,
  anchor: ANCHOR,
}));

examCentreConformance('SimulatedExamCentre', () => ({
  port: new SimulatedExamCentre(),
  his: new SimulatedRecordSystem(),
  people: PEOPLE,
  anchor: ANCHOR,
}));

describe('the simulated records systems', () => {
  it('are marked as simulations and tell one story: the HIS’s condition shows in the lab values', async () => {
    for (const port of [new SimulatedRecordSystem(), new SimulatedLaboratory(), new SimulatedExamCentre()]) {
      expect(port.simulated).toBe(true);
    }
    // 张伟 (the demo's) has diabetes: his latest biochemistry shows a high glucose.
    const visits = await new SimulatedRecordSystem().visitsOf(PEOPLE[0], ANCHOR);
    const biochemistry = visits
      .flatMap((v) => v.orders)
      .filter((o) => o.order.kind === 'LAB' && o.order.panel === 'BIOCHEM');
    const [latest] = await new SimulatedLaboratory().reportsOf(PEOPLE[0], ANCHOR, [biochemistry[0].reportId]);
    expect(latest.items?.find((i) => i.code === 'GLU')?.flag).toBe('HIGH');
  });
});
