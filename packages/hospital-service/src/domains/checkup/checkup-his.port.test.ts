import { describe, expect, it } from 'vitest';
import { DAY } from '../../platform/clock.ts';
import { TEST_START } from '../../test/constants.ts';
import { checkupHisConformance } from './checkup-his.conformance.ts';
import { applicationsOf, SimulatedCheckupHis } from './his.ts';

const NOW = new Date(TEST_START);
const PEOPLE = [
  { hospitalId: '1000', identityCard: '110101199003074514', name: '张伟' },
  { hospitalId: '1000', identityCard: '330102199001010027', name: '李娜' },
  { hospitalId: '1001', identityCard: '330102199001010027', name: '李娜' },
];

checkupHisConformance('SimulatedCheckupHis', () => ({
  port: new SimulatedCheckupHis(() => NOW),
  people: PEOPLE,
  now: NOW,
}));

describe('SimulatedCheckupHis', () => {
  it('is a simulation keeping today’s requests, dated back from its clock', async () => {
    const his = new SimulatedCheckupHis(() => NOW);
    expect(his.simulated).toBe(true);
    const requests = await his.requestsOf(PEOPLE[0]);
    expect(requests.map((r) => r.applicationNo)).toEqual(
      applicationsOf(PEOPLE[0]).map((a) => a.applicationNo),
    );
    expect(requests.map((r) => r.requestedAt)).toEqual(
      applicationsOf(PEOPLE[0]).map((a) => new Date(NOW.getTime() - a.daysAgo * DAY)),
    );
  });
});
