import { createHash } from 'node:crypto';
import type { TrackingState } from '@patient/contract';
import {
  type Courier,
  CourierRefusal,
  checkTrackingNo,
  type Journey,
  type Parcel,
  type Shipment,
} from './courier.ts';

/** kuaidi100's real-time query (实时快递查询接口). */
export const KUAIDI100_QUERY_URL = 'https://poll.kuaidi100.com/poll/query.do';

export interface Kuaidi100Config {
  /** The account's 授权码 (customer). */
  customer: string;
  /** The account's key (signs every request; never sent). */
  key: string;
  /** kuaidi100's company code of the hospital's courier, lower case (shunfeng, ems, jd, zhongtong…). */
  com: string;
  /** The company as the patient reads it; default: the name of a known code, else the code. */
  company?: string;
  /** Default {@link KUAIDI100_QUERY_URL} (tests: a local server playing kuaidi100). */
  url?: string;
}

/** Names of the codes hospitals post with most (kuaidi100's company code table). */
const COMPANY_NAMES: Record<string, string> = {
  shunfeng: '顺丰速运',
  ems: 'EMS',
  youzhengguonei: '邮政快递包裹',
  jd: '京东物流',
  zhongtong: '中通快递',
  yuantong: '圆通速递',
  yunda: '韵达快递',
  shentong: '申通快递',
  jtexpress: '极兔速递',
  debangkuaidi: '德邦快递',
};

const DELIVERING = new Set([5, 501]);
const SIGNED = new Set([3, 301, 302, 303, 304]);
const RETURNED = new Set([4, 401, 6]);

/**
 * kuaidi100's `state` as ours: the basic states (resultv2=1) and the advanced sub-states (resultv2=4) alike.
 * 5 派件, 501 投柜或驿站 → DELIVERING; 3 签收, 301–304 → SIGNED; 6 退回, 4 退签, 401 已销单 → RETURNED; 2 疑难
 * (2xx), 14 拒签 → PROBLEM; 0 在途, 1 揽收 (101–103), 7 转投, 8 and 10–13 清关, 1001–1003 — and an unknown code,
 * whose events still say what happened — → IN_TRANSIT.
 */
export function trackingStateOf(state: string): TrackingState {
  const code = Number(state);
  if (DELIVERING.has(code)) return 'DELIVERING';
  if (SIGNED.has(code)) return 'SIGNED';
  if (RETURNED.has(code)) return 'RETURNED';
  if (code === 2 || code === 14 || (code >= 200 && code < 300)) return 'PROBLEM';
  return 'IN_TRANSIT';
}

/** kuaidi100's answer to a failed query, by returnCode (its documentation of the real-time query). */
const RETURN_CODES: Record<string, string> = {
  '400': '提交的数据不完整，或账号未开通实时查询',
  '408': '快递公司校验未通过（手机号后四位不符，或单号已过期）',
  '500': '查询无结果',
  '501': '快递100服务器错误',
  '502': '快递100服务器繁忙',
  '503': '签名验证失败（请检查 KUAIDI100_CUSTOMER 和 KUAIDI100_KEY）',
  '601': '账号的 key 已过期或余额不足',
};

/** A query kuaidi100 answered with result:false (not "no result yet"): the courier cannot be asked now. */
export class Kuaidi100Error extends Error {
  override readonly name = 'Kuaidi100Error';

  constructor(
    readonly returnCode: string,
    message: string,
  ) {
    super(`快递100 ${returnCode}：${RETURN_CODES[returnCode] ?? '未知错误'}（${message}）`);
  }
}

/** The `sign` of a request: MD5 of param + key + customer, upper-case hex. */
export const kuaidi100Sign = (param: string, key: string, customer: string): string =>
  createHash('md5')
    .update(param + key + customer, 'utf8')
    .digest('hex')
    .toUpperCase();

interface QueryAnswer {
  result?: boolean;
  returnCode?: string;
  message?: string;
  state?: string;
  data?: { context?: string; time?: string; ftime?: string }[];
}

/** 'YYYY-MM-DD HH:mm:ss' as kuaidi100 writes it (China time) → the instant. */
function chinaTimeOf(text: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)$/.exec(text.trim());
  if (!m) return null;
  const at = new Date(`${m[1]}T${m[2].length === 5 ? `${m[2]}:00` : m[2]}+08:00`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * The real courier through kuaidi100 (快递100): tracking by its real-time query, `POST` form `customer`, `sign`,
 * `param` = `{com, num, phone, to, resultv2: "1"}` (phone: the addressee's last four digits, which 顺丰 and 中通
 * require; nothing more of the person is sent). kuaidi100 tracks, it does not issue waybills: the number comes
 * from the waybill the dispatch desk printed with the hospital's courier account, so `ship` only checks and
 * keeps it (no call). "No result yet" (returnCode 500) is a journey without events; every other failure
 * throws (the route shows 物流信息暂时无法获取). kuaidi100 asks for at most one query per parcel per half hour
 * (more can lock the number): a page shows what it got and the patient refreshes by hand.
 */
export class Kuaidi100Courier implements Courier {
  readonly company: string;
  private readonly url: string;

  constructor(private readonly config: Kuaidi100Config) {
    this.company = config.company ?? COMPANY_NAMES[config.com] ?? config.com;
    this.url = config.url ?? KUAIDI100_QUERY_URL;
  }

  async ship(parcel: Parcel): Promise<{ trackingNo: string }> {
    if (parcel.trackingNo === undefined || parcel.trackingNo.trim() === '') {
      throw new CourierRefusal('请填写快递单号（运单由医院的快递账号打印，快递100只负责查询）');
    }
    return { trackingNo: checkTrackingNo(parcel.trackingNo) };
  }

  async track(shipment: Shipment, signal?: AbortSignal): Promise<Journey> {
    const param = JSON.stringify({
      com: this.config.com,
      num: shipment.trackingNo,
      phone: shipment.phone.replace(/\D/g, '').slice(-4),
      to: shipment.region.slice(0, 3).join(''),
      resultv2: '1',
    });
    const body = new URLSearchParams({
      customer: this.config.customer,
      sign: kuaidi100Sign(param, this.config.key, this.config.customer),
      param,
    });
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
      signal,
    });
    if (!response.ok) throw new Error(`快递100 返回 HTTP ${response.status}`);
    const answer = (await response.json()) as QueryAnswer;
    if (answer.result === false || (answer.returnCode !== undefined && answer.returnCode !== '200')) {
      const code = String(answer.returnCode ?? '');
      if (code === '500') return { state: 'IN_TRANSIT', events: [] };
      throw new Kuaidi100Error(code, answer.message ?? '');
    }
    if (!Array.isArray(answer.data)) throw new Error('快递100 的应答没有 data');
    const events = answer.data
      .map((d) => ({ at: chinaTimeOf(d.ftime ?? d.time ?? ''), text: (d.context ?? '').trim() }))
      .filter((e): e is { at: Date; text: string } => e.at !== null && e.text !== '')
      .sort((a, b) => b.at.getTime() - a.at.getTime());
    return { state: trackingStateOf(String(answer.state ?? '0')), events };
  }
}

/**
 * The courier KUAIDI100_* configure: KUAIDI100_CUSTOMER, KUAIDI100_KEY and KUAIDI100_COM (the company code)
 * together, optionally KUAIDI100_COMPANY (its name) and KUAIDI100_URL; none set: null. Some but not all: the
 * start stops, naming the missing ones.
 */
export function kuaidi100From(env: NodeJS.ProcessEnv): Kuaidi100Courier | null {
  const { KUAIDI100_CUSTOMER, KUAIDI100_KEY, KUAIDI100_COM, KUAIDI100_COMPANY, KUAIDI100_URL } = env;
  const required = { KUAIDI100_CUSTOMER, KUAIDI100_KEY, KUAIDI100_COM };
  const missing = Object.entries(required)
    .filter(([, v]) => !v?.trim())
    .map(([k]) => k);
  if (missing.length === 3) return null;
  if (missing.length > 0) throw new Error(`快递100 配置不完整：缺少 ${missing.join(', ')}`);
  const com = (KUAIDI100_COM as string).trim();
  if (!/^[a-z0-9]+$/.test(com)) {
    throw new Error(`KUAIDI100_COM 应为快递100的快递公司编码（小写字母和数字，如 shunfeng），而不是 ${com}`);
  }
  return new Kuaidi100Courier({
    customer: (KUAIDI100_CUSTOMER as string).trim(),
    key: (KUAIDI100_KEY as string).trim(),
    com,
    company: KUAIDI100_COMPANY?.trim() || undefined,
    url: KUAIDI100_URL?.trim() || undefined,
  });
}
