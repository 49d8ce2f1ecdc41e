import { SimulatedHisSettlements } from './his.ts';
import { hisSettlementsConformance } from './his-settlements.conformance.ts';

const knownSince = new Date('2025-03-01T01:00:00.000Z');

hisSettlementsConformance('SimulatedHisSettlements', () => ({
  his: new SimulatedHisSettlements(),
  person: { hospitalId: '1000', identityCard: '110101199003074258', name: '张伟', contactId: 11, knownSince },
  other: { hospitalId: '1000', identityCard: '330102199001010027', name: '李娜', contactId: 12, knownSince },
}));
