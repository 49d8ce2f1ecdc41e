import type { CheckupApplication, Contact } from '@patient/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person, proveContact, startServer, type TestServer } from '../../test/harness.ts';
import { type SwitchablePort, switchablePort } from '../../test/outside.ts';
import { DEMO_PHONE } from '../accounts/index.ts';
import { filedBeforehand } from '../patients/index.ts';
import { type CheckupHis, SimulatedCheckupHis } from './his.ts';
import { checkupApplications } from './tables.ts';

/** The HIS behind check-ups failing or not answering: state 503 naming it, nothing written or booked. */
let server: TestServer;
let his: SwitchablePort<CheckupHis>;

beforeAll(async () => {
  // The simulation reads the test server's clock (at call time).
  his = switchablePort<CheckupHis>(new SimulatedCheckupHis(() => server.clock.now()));
  server = await startServer({ ports: { checkupHis: his.port } });
});
afterAll(() => server?.close());

const base = '/v1/checkByHospital';
const DOWN = {
  state: 503,
  msg: '医院信息系统（HIS）暂不可用',
  subMsg: expect.stringMatching(/^医院信息系统（HIS）(暂时无法访问|响应超时)，请稍后再试（本次操作未生效）$/),
};

describe('the HIS of check-ups down', () => {
  it('copies no requests, answers no places and books nothing while it fails or hangs', async () => {
    const demo = await server.login(DEMO_PHONE);
    const [self] = (await demo.get<Contact[]>('/contacts')).body.results ?? [];
    const apps = (
      await demo.post<CheckupApplication[]>(`${base}/getCheckApply/1000`, { contactId: self.contactId })
    ).body.results as CheckupApplication[];
    const ultrasound = apps.find((a) => a.itemTypeId === 'US') as CheckupApplication;
    const key = { applicationNo: ultrasound.applicationNo, orderItemId: ultrasound.orderItemId };
    const remaining = {
      ...key,
      visitType: ultrasound.visitType,
      itemCode: ultrasound.itemCode,
      urgentFlag: ultrasound.urgentFlag,
      emergencySchedule: ultrasound.emergencySchedule,
      itemTypeId: ultrasound.itemTypeId,
    };
    type Time = { workNo: string; batchId: string; timeRange: string; available: number };
    const times = (await demo.post<Time[]>(`${base}/getSchedulingTime/1000`, { ...key, date: '2025-03-13' }))
      .body.results as Time[];
    const slot = times.find((t) => t.available > 0) as Time;

    // A filed person seen for the first time: the requests would be copied from the HIS.
    const client = await server.login('13700003101');
    let n = 1;
    while (
      !filedBeforehand({ hospitalId: '1002', identityCard: person(n).documentNumber, name: person(n).name })
    )
      n++;
    const filed = (await client.post<Contact>('/addPatient', person(n, { phone: '13700003101' }))).body
      .results as Contact;
    await proveContact(server, client, filed.contactId);
    const rowsOf = async (contactId: string) =>
      (
        await server.database.db
          .select({ n: count() })
          .from(checkupApplications)
          .where(eq(checkupApplications.contactId, Number(contactId)))
      )[0].n;

    for (const down of [() => his.fail(), () => his.hang()]) {
      down();
      expect(
        (await client.post(`${base}/getCheckApply/1002`, { contactId: filed.contactId })).body,
      ).toMatchObject(DOWN);
      expect(await rowsOf(filed.contactId)).toBe(0);
      expect((await demo.post(`${base}/getRemainingNumber/1000`, remaining)).body).toMatchObject(DOWN);
      expect(
        (await demo.post(`${base}/getSchedulingTime/1000`, { ...key, date: '2025-03-13' })).body,
      ).toMatchObject(DOWN);
      expect(
        (await demo.post(`${base}/saveOrder/1000`, { ...key, date: '2025-03-13', ...slot })).body,
      ).toMatchObject(DOWN);
      const [row] = await server.database.db
        .select()
        .from(checkupApplications)
        .where(eq(checkupApplications.applicationNo, ultrasound.applicationNo));
      expect(row).toMatchObject({ status: 'UNBOOKED', apptDate: null });
    }

    his.restore();
    expect((await client.post(`${base}/getCheckApply/1002`, { contactId: filed.contactId })).body.state).toBe(
      200,
    );
    expect(await rowsOf(filed.contactId)).toBeGreaterThanOrEqual(2);
    const booked = await demo.post<CheckupApplication>(`${base}/saveOrder/1000`, {
      ...key,
      date: '2025-03-13',
      ...slot,
    });
    expect(booked.body.results?.status, booked.text).toBe('BOOKED');
  });
});
