import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type {
  Appointment,
  Bundle,
  ChargeItem,
  FhirResource,
  OperationOutcome,
  Patient,
  PaymentReconciliation,
  Slot,
} from 'fhir/r4';
import { DEFAULT_SYSTEMS, type FhirSystems } from './systems.ts';

/**
 * A local FHIR R4 server playing the hospital's HIS in the adapter's tests (and the browser journey): a small
 * Fastify server with the REST interactions the adapter uses — read, search (the parameters below, `_include`),
 * create (conditional with `If-None-Exist`), update — over resources held in memory. It checks what is written
 * as a HIS would: a busy slot cannot be held (409), an appointment moves pending → booked → cancelled only, a
 * payment must cover unpaid charges of its patient with their exact total, a Patient needs an ID number and
 * gets a card and patient number. Refusals are OperationOutcomes with a Chinese reason.
 *
 * Not @asymmetrik/node-fhir-server-core: it brings Express, its own auth and a service layer per resource, for
 * what here is a few hundred lines on the Fastify the service already uses.
 */
export interface FhirTestServer {
  /** The FHIR base URL, e.g. http://127.0.0.1:41234/fhir */
  baseUrl: string;
  /** Resources by type and id (the tests look and change directly). */
  store: Map<string, Map<string, FhirResource>>;
  /** Test levers: answer late, fail the next requests, require credentials. */
  control: {
    delayMs: number;
    /** The next `count` requests answer `status` with an OperationOutcome. */
    fail: { status: number; count: number } | null;
    /** Requests seen, for idempotency checks (method and path). */
    requests: string[];
  };
  read<R extends FhirResource>(resourceType: R['resourceType'], id: string): R | undefined;
  close(): Promise<void>;
}

export interface FhirTestServerOptions {
  resources: FhirResource[];
  /** Require `Authorization: Bearer <token>`, or HTTP Basic with this user and password. */
  auth?: { bearer: string } | { user: string; password: string };
  systems?: FhirSystems;
  /** The hospital id the card numbers it assigns start with. */
  hospitalId?: string;
}

class FhirProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const outcome = (code: string, text: string): OperationOutcome => ({
  resourceType: 'OperationOutcome',
  issue: [
    {
      severity: 'error',
      code: code as OperationOutcome['issue'][number]['code'],
      details: { text },
      diagnostics: text,
    },
  ],
});

type Getter = (r: FhirResource) => (string | undefined)[];
const refs =
  (pick: (r: never) => ({ reference?: string } | undefined)[] | { reference?: string } | undefined): Getter =>
  (r) => {
    const v = pick(r as never);
    return (Array.isArray(v) ? v : [v]).map((x) => x?.reference);
  };

/** The search parameters each type answers (besides `_id` and `identifier`); others are a 400. */
const SEARCH: Record<string, Record<string, Getter>> = {
  Patient: {},
  Organization: {},
  Practitioner: {},
  Location: {},
  PractitionerRole: {
    organization: refs((r: { organization?: { reference?: string } }) => r.organization),
    practitioner: refs((r: { practitioner?: { reference?: string } }) => r.practitioner),
  },
  Schedule: { actor: refs((r: { actor: { reference?: string }[] }) => r.actor) },
  Slot: {
    schedule: refs((r: Slot) => r.schedule),
    status: (r) => [(r as Slot).status],
  },
  Appointment: {
    patient: refs((r: Appointment) => r.participant.map((p) => p.actor)),
    slot: refs((r: Appointment) => r.slot),
    status: (r) => [(r as Appointment).status],
  },
  ChargeItem: {
    subject: refs((r: ChargeItem) => r.subject),
    patient: refs((r: ChargeItem) => r.subject),
    status: (r) => [(r as ChargeItem).status],
  },
  Encounter: {
    subject: refs((r: { subject?: { reference?: string } }) => r.subject),
    patient: refs((r: { subject?: { reference?: string } }) => r.subject),
  },
  DiagnosticReport: {
    subject: refs((r: { subject?: { reference?: string } }) => r.subject),
    patient: refs((r: { subject?: { reference?: string } }) => r.subject),
  },
  MedicationRequest: {
    subject: refs((r: { subject: { reference?: string } }) => r.subject),
    patient: refs((r: { subject: { reference?: string } }) => r.subject),
  },
  Observation: {},
  PaymentReconciliation: {},
};
const INCLUDES: Record<string, Getter> = {
  'PractitionerRole:practitioner': refs((r: { practitioner?: { reference?: string } }) => r.practitioner),
  'DiagnosticReport:result': refs((r: { result?: { reference?: string }[] }) => r.result ?? []),
};
const IGNORED = new Set(['_count', '_sort', '_format', '_include', '_total']);

/** Starts the server on a free loopback port with these resources. */
export async function startFhirTestServer(options: FhirTestServerOptions): Promise<FhirTestServer> {
  const systems = options.systems ?? DEFAULT_SYSTEMS;
  const store = new Map<string, Map<string, FhirResource>>();
  const put = (r: FhirResource) => {
    const byId = store.get(r.resourceType) ?? new Map<string, FhirResource>();
    store.set(r.resourceType, byId);
    byId.set(r.id as string, r);
  };
  for (const r of options.resources) put(structuredClone(r));
  let counter = 0;
  const control: FhirTestServer['control'] = { delayMs: 0, fail: null, requests: [] };
  const read = <R extends FhirResource>(type: string, id: string) =>
    store.get(type)?.get(id) as R | undefined;
  const readRef = <R extends FhirResource>(reference: string | undefined, type: string) => {
    const [t, id] = (reference ?? '').split('/');
    return t === type ? read<R>(t, id) : undefined;
  };

  function search(type: string, params: URLSearchParams): FhirResource[] {
    const getters = SEARCH[type];
    if (!getters) throw new FhirProblem(404, 'not-supported', `不支持的资源类型 ${type}`);
    let found = [...(store.get(type)?.values() ?? [])];
    for (const [name, value] of params) {
      if (IGNORED.has(name)) continue;
      if (name === '_id') {
        found = found.filter((r) => value.split(',').includes(r.id as string));
      } else if (name === 'identifier') {
        const [system, code] = value.includes('|') ? value.split('|') : [undefined, value];
        found = found.filter((r) =>
          ((r as { identifier?: { system?: string; value?: string }[] }).identifier ?? []).some((i) =>
            code === ''
              ? i.system === system
              : i.value === code && (system === undefined || i.system === system),
          ),
        );
      } else if (type === 'Slot' && name === 'start') {
        const match = /^(ge|gt|le|lt|eq)?(.+)$/.exec(value) as RegExpExecArray;
        const bound = Date.parse(match[2].length === 10 ? `${match[2]}T00:00:00+08:00` : match[2]);
        if (Number.isNaN(bound)) throw new FhirProblem(400, 'invalid', `检索参数 start 不正确：${value}`);
        const ok = {
          ge: (t: number) => t >= bound,
          gt: (t: number) => t > bound,
          le: (t: number) => t <= bound,
          lt: (t: number) => t < bound,
          eq: (t: number) => t === bound,
        }[(match[1] ?? 'eq') as 'ge'];
        found = found.filter((r) => ok(Date.parse((r as Slot).start)));
      } else if (getters[name]) {
        const wanted = value.split(',');
        found = found.filter((r) => getters[name](r).some((v) => v !== undefined && wanted.includes(v)));
      } else {
        throw new FhirProblem(400, 'not-supported', `不支持的检索参数 ${type}.${name}`);
      }
    }
    return found;
  }

  function bundleOf(matches: FhirResource[], includes: FhirResource[]): Bundle {
    return {
      resourceType: 'Bundle',
      type: 'searchset',
      total: matches.length,
      entry: [
        ...matches.map((resource) => ({ resource, search: { mode: 'match' as const } })),
        ...includes.map((resource) => ({ resource, search: { mode: 'include' as const } })),
      ],
    };
  }

  function stamp<R extends FhirResource>(r: R): R {
    const version = Number(r.meta?.versionId ?? 0) + 1;
    r.meta = { ...r.meta, versionId: String(version), lastUpdated: new Date().toISOString() };
    return r;
  }

  /** What a HIS checks before it keeps a new resource (and what it changes elsewhere). */
  function checkCreate(r: FhirResource): void {
    if (r.resourceType === 'Patient') {
      const ids = r.identifier ?? [];
      const idNumber = ids.find((i) => i.system === systems.idNumber)?.value;
      if (!idNumber) throw new FhirProblem(422, 'required', '建档须提供身份证号');
      if (!r.name?.[0]?.text?.trim()) throw new FhirProblem(422, 'required', '建档须提供姓名');
      counter++;
      const hid = options.hospitalId ?? '9999';
      if (!ids.some((i) => i.system === systems.cardNo)) {
        ids.push({ system: systems.cardNo, value: `${hid}${String(90_000_000 + counter)}` });
      }
      if (!ids.some((i) => i.system === systems.patientNo)) {
        ids.push({ system: systems.patientNo, value: `BA${hid}${String(90_000_000 + counter)}` });
      }
      r.identifier = ids;
    }
    if (r.resourceType === 'Appointment') {
      if (r.status !== 'pending' && r.status !== 'booked') {
        throw new FhirProblem(422, 'business-rule', '新预约的状态只能是 pending 或 booked');
      }
      const slot = readRef<Slot>(r.slot?.[0]?.reference, 'Slot');
      if (!slot) throw new FhirProblem(422, 'not-found', '号源不存在');
      const patient = r.participant.find((p) => p.actor?.reference?.startsWith('Patient/'));
      if (!readRef<Patient>(patient?.actor?.reference, 'Patient')) {
        throw new FhirProblem(422, 'not-found', '患者未在本院建档');
      }
      if (slot.status !== 'free') throw new FhirProblem(409, 'conflict', '该号源已被占用，请选择其他号源');
      slot.status = r.status === 'booked' ? 'busy' : 'busy-tentative';
      stamp(slot);
      r.start = slot.start;
      r.end = slot.end;
    }
    if (r.resourceType === 'PaymentReconciliation') checkPayment(r);
  }

  function checkPayment(r: PaymentReconciliation): void {
    const details = r.detail ?? [];
    if (details.length === 0) throw new FhirProblem(422, 'required', '缴费须列出收费单');
    const charges = store.get('ChargeItem') ?? new Map();
    let total = 0;
    const paid: ChargeItem[] = [];
    for (const d of details) {
      const orderNo = d.identifier?.value;
      const items = [...charges.values()].filter((c: ChargeItem) =>
        c.identifier?.some((i) => i.system === systems.hisOrderNo && i.value === orderNo),
      ) as ChargeItem[];
      if (items.length === 0) throw new FhirProblem(422, 'not-found', `收费单 ${orderNo} 不存在`);
      if (items.some((c) => c.subject.reference !== d.submitter?.reference)) {
        throw new FhirProblem(422, 'business-rule', `收费单 ${orderNo} 不属于该患者`);
      }
      if (items.some((c) => c.status !== 'billable')) {
        throw new FhirProblem(409, 'conflict', `收费单 ${orderNo} 已缴费或已作废`);
      }
      for (const c of items)
        total += Math.round((c.quantity?.value ?? 1) * Math.round((c.priceOverride?.value ?? 0) * 100));
      paid.push(...items);
    }
    if (Math.round((r.paymentAmount.value ?? 0) * 100) !== total) {
      throw new FhirProblem(
        422,
        'business-rule',
        `缴费金额与收费单合计（${(total / 100).toFixed(2)}元）不符`,
      );
    }
    for (const c of paid) {
      c.status = 'billed';
      stamp(c);
    }
  }

  const MOVES: Record<string, string[]> = {
    pending: ['booked', 'cancelled'],
    booked: ['cancelled', 'fulfilled', 'noshow'],
  };

  function checkUpdate(before: FhirResource, after: FhirResource): void {
    if (before.resourceType === 'Appointment' && after.resourceType === 'Appointment') {
      if (after.slot?.[0]?.reference !== before.slot?.[0]?.reference) {
        throw new FhirProblem(422, 'business-rule', '不能更换预约的号源');
      }
      if (after.status !== before.status && !MOVES[before.status]?.includes(after.status)) {
        throw new FhirProblem(409, 'conflict', `预约状态不能从 ${before.status} 改为 ${after.status}`);
      }
      const slot = readRef<Slot>(before.slot?.[0]?.reference, 'Slot');
      if (slot && after.status !== before.status) {
        slot.status = after.status === 'cancelled' ? 'free' : 'busy';
        stamp(slot);
      }
    }
    if (before.resourceType === 'ChargeItem' || before.resourceType === 'PaymentReconciliation') {
      throw new FhirProblem(405, 'not-supported', '收费记录不能直接修改');
    }
  }

  const app = Fastify({ logger: false, forceCloseConnections: true });
  app.addContentTypeParser(
    ['application/fhir+json', 'application/json'],
    { parseAs: 'string' },
    (_req, body, done) => {
      try {
        done(null, body === '' ? undefined : JSON.parse(body as string));
      } catch {
        done(new FhirProblem(400, 'structure', '请求体不是合法的 JSON'), undefined);
      }
    },
  );
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    control.requests.push(`${request.method} ${request.url}`);
    if (control.delayMs > 0) await new Promise((r) => setTimeout(r, control.delayMs));
    if (control.fail && control.fail.count > 0) {
      control.fail.count--;
      const { status } = control.fail;
      return reply
        .code(status)
        .type('application/fhir+json')
        .send(outcome('exception', `模拟故障（HTTP ${status}）`));
    }
    const auth = options.auth;
    if (auth) {
      const expected =
        'bearer' in auth
          ? `Bearer ${auth.bearer}`
          : `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`;
      if (request.headers.authorization !== expected) {
        return reply.code(401).type('application/fhir+json').send(outcome('login', '未授权'));
      }
    }
  });
  app.setErrorHandler((error, _request, reply) => {
    const problem =
      error instanceof FhirProblem
        ? error
        : new FhirProblem(500, 'exception', String((error as Error).message));
    return reply
      .code(problem.status)
      .type('application/fhir+json')
      .send(outcome(problem.code, problem.message));
  });
  const send = (reply: FastifyReply, status: number, body: unknown) =>
    reply.code(status).type('application/fhir+json').send(body);

  app.get('/fhir/metadata', async (_req, reply) =>
    send(reply, 200, {
      resourceType: 'CapabilityStatement',
      status: 'active',
      fhirVersion: '4.0.1',
      kind: 'instance',
      format: ['json'],
    }),
  );
  app.get<{ Params: { type: string } }>('/fhir/:type', async (request, reply) => {
    const params = new URL(request.url, 'http://local').searchParams;
    const matches = search(request.params.type, params);
    const includes = new Map<string, FhirResource>();
    for (const include of params.getAll('_include')) {
      const getter = INCLUDES[include];
      if (!getter) throw new FhirProblem(400, 'not-supported', `不支持的 _include ${include}`);
      for (const m of matches) {
        for (const reference of getter(m)) {
          const [t, id] = (reference ?? '').split('/');
          const r = read(t, id);
          if (r) includes.set(reference as string, r);
        }
      }
    }
    return send(reply, 200, bundleOf(matches, [...includes.values()]));
  });
  app.get<{ Params: { type: string; id: string } }>('/fhir/:type/:id', async (request, reply) => {
    const r = read(request.params.type, request.params.id);
    if (!r) throw new FhirProblem(404, 'not-found', `${request.params.type}/${request.params.id} 不存在`);
    return send(reply, 200, r);
  });
  app.post<{ Params: { type: string }; Body: FhirResource }>('/fhir/:type', async (request, reply) => {
    const body = request.body;
    if (body?.resourceType !== request.params.type) {
      throw new FhirProblem(400, 'invalid', `资源类型应为 ${request.params.type}`);
    }
    const condition = request.headers['if-none-exist'];
    if (typeof condition === 'string' && condition) {
      const existing = search(request.params.type, new URLSearchParams(condition));
      if (existing.length > 1) throw new FhirProblem(412, 'duplicate', '条件创建匹配到多条记录');
      if (existing.length === 1) return send(reply, 200, existing[0]);
    }
    const r = structuredClone(body);
    checkCreate(r);
    r.id = `${r.resourceType.toLowerCase()}-${++counter}`;
    put(stamp(r));
    return reply
      .header('Location', `${r.resourceType}/${r.id}/_history/1`)
      .code(201)
      .type('application/fhir+json')
      .send(r);
  });
  app.put<{ Params: { type: string; id: string }; Body: FhirResource }>(
    '/fhir/:type/:id',
    async (request, reply) => {
      const body = request.body;
      if (body?.resourceType !== request.params.type || body.id !== request.params.id) {
        throw new FhirProblem(400, 'invalid', '资源类型或 id 与地址不符');
      }
      const before = read(request.params.type, request.params.id);
      if (!before)
        throw new FhirProblem(404, 'not-found', `${request.params.type}/${request.params.id} 不存在`);
      const after = structuredClone(body);
      checkUpdate(before, after);
      after.meta = before.meta;
      put(stamp(after));
      return send(reply, 200, after);
    },
  );

  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}/fhir`,
    store,
    control,
    read: (type, id) => read(type, id),
    close: () => app.close(),
  };
}
