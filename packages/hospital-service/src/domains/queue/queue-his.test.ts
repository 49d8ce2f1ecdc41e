import type { Contact, QueueSummary, SignInItem } from '@patient/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startServer, type TestServer } from '../../test/harness.ts';
import { type SwitchablePort, switchablePort } from '../../test/outside.ts';
import { DEMO_PHONE } from '../accounts/index.ts';
import { type QueueHis, SimulatedQueueHis } from './his.ts';
import { queueEntries } from './tables.ts';

/**
 * The queue calling system failing or not answering: state 503 naming it and no sign-in recorded; its event
 * streams ask it once per queue and second, however many watch.
 */
let server: TestServer;
let demo: Client;
let self: Contact;
let his: SwitchablePort<QueueHis>;

beforeAll(async () => {
  // The simulation keeps its books in the test server's database, known once the server is up.
  let real: QueueHis | undefined;
  const later = (): QueueHis => real as QueueHis;
  his = switchablePort<QueueHis>(
    {
      statesOf: (...a) => later().statesOf(...a),
      signIn: (...a) => later().signIn(...a),
      prescriptionsOf: (...a) => later().prescriptionsOf(...a),
      // Long enough for the simulation to bring every desk of the hospital up to now.
    },
    1_500,
  );
  server = await startServer({ ports: { queueHis: his.port } });
  real = new SimulatedQueueHis(server.database.db, server.clock);
  demo = await server.login(DEMO_PHONE);
  [self] = (await demo.get<Contact[]>('/contacts')).body.results ?? [];
});
afterAll(() => server?.close());

const DOWN = {
  state: 503,
  msg: '分诊叫号系统暂不可用',
  subMsg: expect.stringMatching(/^分诊叫号系统(暂时无法访问|响应超时)，请稍后再试（本次操作未生效）$/),
};

describe('the queue calling system down', () => {
  it('records no sign-in and shows no queue while it fails or hangs; the sign-in works after', async () => {
    const items = (
      await demo.post<SignInItem[]>('/v1/check/getCheckSign', {
        hospitalId: '1000',
        contactId: self.contactId,
      })
    ).body.results as SignInItem[];
    const prescription = items.find((i) => i.kind === 'PHARMACY') as SignInItem;
    const sign = () =>
      demo.post('/v1/check/signOrder', {
        hospitalId: '1000',
        contactId: self.contactId,
        signId: prescription.signId,
      });
    const entries = async () =>
      (
        await server.database.db
          .select({ n: count() })
          .from(queueEntries)
          .where(eq(queueEntries.contactId, Number(self.contactId)))
      )[0].n;

    for (const stop of ['fail', 'hang'] as const) {
      // Only the sign-in itself fails: the list of what can be signed was read.
      his[stop]('signIn');
      expect((await sign()).body).toMatchObject(DOWN);
      expect(await entries()).toBe(0);
      his[stop]();
      expect((await sign()).body).toMatchObject(DOWN);
      expect(
        (await demo.post('/v1/check/getCheckSign', { hospitalId: '1000', contactId: self.contactId })).body,
      ).toMatchObject(DOWN);
      expect((await server.client().get('/v2/queue/queueListV2/1000')).body).toMatchObject(DOWN);
      expect(await entries()).toBe(0);
    }

    his.restore();
    expect((await sign()).body.state).toBe(200);
    expect(await entries()).toBe(1);
  });

  it('asks it once per queue and second for every stream watching that queue', async () => {
    const listed = await server.client().get<QueueSummary[]>('/v2/queue/queueListV2/1000');
    expect(listed.body.state, listed.text).toBe(200);
    const [queue] = listed.body.results as QueueSummary[];
    const controllers = Array.from({ length: 6 }, () => new AbortController());
    const streams = await Promise.all(
      controllers.map((c) =>
        fetch(`${server.base}/hospital-service/v1/queue/events/1000?queueId=${queue.queueId}`, {
          signal: c.signal,
        }),
      ),
    );
    try {
      for (const s of streams) expect(s.headers.get('content-type')).toContain('text/event-stream');
      await new Promise((r) => setTimeout(r, 500));
      his.reset();
      await new Promise((r) => setTimeout(r, 3_200));
      // Six watchers polling every second for 3.2 s: three or four questions, not nineteen.
      const asked = his.calls.get('statesOf') ?? 0;
      expect(asked).toBeGreaterThanOrEqual(2);
      expect(asked).toBeLessThanOrEqual(5);
    } finally {
      for (const c of controllers) c.abort();
    }
  });
});
