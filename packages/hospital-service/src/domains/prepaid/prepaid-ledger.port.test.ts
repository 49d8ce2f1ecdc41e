import { SimulatedPrepaidLedger } from './his.ts';
import { prepaidLedgerConformance } from './prepaid-ledger.conformance.ts';

prepaidLedgerConformance('SimulatedPrepaidLedger', () => ({
  ledger: new SimulatedPrepaidLedger(),
  person: { hospitalId: '1000', identityCard: '110101199003074258', name: '张伟' },
  cardNo: '100012345678',
  now: new Date('2025-03-10T01:00:00.000Z'),
}));
