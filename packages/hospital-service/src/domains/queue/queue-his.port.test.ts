import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chinaDate, TestClock } from '../../platform/clock.ts';
import { TEST_START } from '../../test/constants.ts';
import { templateDatabase } from '../../test/harness.ts';
import { DEMO_CONTACTS } from '../patients/index.ts';
import { SimulatedQueueHis } from './his.ts';
import { queueHisConformance } from './queue-his.conformance.ts';
import { queues } from './tables.ts';

const [zhang] = DEMO_CONTACTS;
const PEOPLE = [
  { hospitalId: '1000', identityCard: zhang.documentNumber, name: zhang.name },
  { hospitalId: '1000', identityCard: '330102199001010027', name: '李娜' },
];

/**
 * The simulated queue system keeps its books in the service's database: the suite runs it on an in-memory copy
 * of the template (PGlite), the clock at 09:00 China time on a Monday.
 */
queueHisConformance('SimulatedQueueHis', async () => {
  const database = await templateDatabase();
  const clock = new TestClock(TEST_START);
  const rows = await database.db.select().from(queues).where(eq(queues.hospitalId, '1000'));
  return {
    port: new SimulatedQueueHis(database.db, clock),
    queues: rows.slice(0, 4),
    people: PEOPLE,
    date: chinaDate(clock.now()),
    advance: (ms) => clock.advance(ms),
    close: () => database.close(),
  };
});

describe('SimulatedQueueHis', () => {
  it('is a simulation; the demo person always has a prescription at the default hospital', async () => {
    const his = new SimulatedQueueHis(undefined as never, new TestClock(TEST_START));
    expect(his.simulated).toBe(true);
    expect(await his.prescriptionsOf(PEOPLE[0], '2025-03-10')).toHaveLength(1);
    expect(await his.prescriptionsOf(PEOPLE[0], '2025-03-11')).toHaveLength(1);
  });
});
