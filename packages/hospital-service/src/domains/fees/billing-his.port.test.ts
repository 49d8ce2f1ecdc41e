import { billingHisConformance } from './billing-his.conformance.ts';
import { SimulatedBillingHis } from './his.ts';

const now = new Date('2025-03-10T01:00:00.000Z');

billingHisConformance('SimulatedBillingHis', () => ({
  his: new SimulatedBillingHis(() => now),
  person: { hospitalId: '1000', identityCard: '110101199003074258', name: '张伟' },
  other: { hospitalId: '1000', identityCard: '330102199001010027', name: '李娜' },
  now,
}));
