import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { kuaidi100Sign } from './kuaidi100.ts';

/** A parcel as the fake kuaidi100 knows it: its basic state and its events, newest first (China time). */
export interface FakeParcel {
  com: string;
  /** The last four digits of the addressee's phone it checks (顺丰). */
  phoneLast4: string;
  state: string;
  data: { time: string; context: string; areaName?: string; status?: string }[];
}

/**
 * kuaidi100's real-time query for tests, on node:http: `POST /poll/query.do` with the form `customer`, `sign`,
 * `param`. It checks what kuaidi100 checks — the customer, `sign` = MD5(param + key + customer) upper-case, the
 * company code and number, the phone's last four digits for 顺丰 — and answers like kuaidi100: the parcel's
 * `state` and `data` (time, ftime, context…), or `{result: false, returnCode, message}` (400 incomplete, 408 the
 * phone does not match, 500 no result yet, 503 a bad signature, or whatever `refuseWith` says).
 */
export class FakeKuaidi100 {
  readonly customer = 'TESTCUSTOMER0001';
  readonly key = 'test-kuaidi100-key';
  /** Parcels it knows, by number. */
  readonly parcels = new Map<string, FakeParcel>();
  /** Every `param` it was sent, parsed. */
  readonly seen: Record<string, unknown>[] = [];
  /** Answer every query with this HTTP status (an outage). */
  failWith: number | null = null;
  /** Answer every query with this returnCode (e.g. '502' busy, '601' key expired). */
  refuseWith: string | null = null;
  /** Wait this long before answering (a slow kuaidi100). */
  delayMs = 0;
  /** Requests the caller gave up on before the answer (closed early). */
  abandoned = 0;
  private server: Server | null = null;

  get url(): string {
    const { port } = (this.server as Server).address() as AddressInfo;
    return `http://127.0.0.1:${port}/poll/query.do`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      res.on('close', () => {
        if (!res.writableFinished) this.abandoned++;
      });
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const reply = (status: number, body: unknown) => {
          const send = () => {
            if (res.destroyed) return;
            res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
            res.end(JSON.stringify(body));
          };
          if (this.delayMs > 0) setTimeout(send, this.delayMs).unref();
          else send();
        };
        const refuse = (returnCode: string, message: string) =>
          reply(200, { result: false, returnCode, message });
        if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://x').pathname !== '/poll/query.do') {
          return reply(404, { message: 'not found' });
        }
        if (this.failWith !== null) return reply(this.failWith, { message: 'error' });
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        const customer = form.get('customer') ?? '';
        const param = form.get('param') ?? '';
        if (!customer || !param || !form.get('sign')) return refuse('400', '提交的数据不完整');
        if (customer !== this.customer || form.get('sign') !== kuaidi100Sign(param, this.key, customer)) {
          return refuse('503', '验证签名失败');
        }
        let query: { com?: string; num?: string; phone?: string };
        try {
          query = JSON.parse(param) as typeof query;
        } catch {
          return refuse('400', '参数格式错误');
        }
        this.seen.push(query as Record<string, unknown>);
        if (this.refuseWith) return refuse(this.refuseWith, '拒绝');
        if (!query.com || !query.num) return refuse('400', '找不到对应公司');
        const parcel = this.parcels.get(query.num);
        if (!parcel || parcel.com !== query.com) return refuse('500', '查询无结果，请隔段时间再查');
        if (query.com === 'shunfeng' && query.phone?.slice(-4) !== parcel.phoneLast4) {
          return refuse('408', '电话号码校验不通过');
        }
        reply(200, {
          message: 'ok',
          nu: query.num,
          ischeck: parcel.state === '3' ? '1' : '0',
          condition: '00',
          com: parcel.com,
          status: '200',
          state: parcel.state,
          data: parcel.data.map((d) => ({
            time: d.time,
            ftime: d.time,
            context: d.context,
            location: '',
            areaCode: null,
            areaName: d.areaName ?? null,
            status: d.status ?? '在途',
          })),
        });
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
