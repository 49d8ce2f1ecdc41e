import { createHash } from 'node:crypto';
import { INVOICE_TYPE_LABEL, type InvoiceType } from '@patient/contract';
import {
  capitalAmountOfFen,
  chinaDate,
  chinaDateTime,
  formatYuan,
  maskIdCard,
  maskName,
} from '@patient/validation';
import QRCode from 'qrcode';
import { askOutside } from '../../platform/outside-system.ts';
import type { InvoiceLineRow } from './tables.ts';

/** What the patient is told names the system when it fails or times out (askOutside). */
export const EINVOICE_PLATFORM = '医疗电子票据平台';

/** The platform refused: an amount, kind or request it cannot issue, an invoice it never issued. */
export class EInvoicePlatformError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EInvoicePlatformError';
  }
}

/** What the platform needs to issue an invoice. */
export interface IssueRequest {
  /** Our number of the request (the invoice row's id, digits): the idempotency key and the hospital's serial. */
  requestNo: string;
  hospitalId: string;
  type: InvoiceType;
  amount: number;
  issuedAt: Date;
}

/** 票据代码, 票据号码, 校验码. */
export interface IssuedNumbers {
  invoiceCode: string;
  invoiceNumber: string;
  checkCode: string;
}

/** An issued invoice as printed. */
export interface InvoiceDocument extends IssuedNumbers {
  type: InvoiceType;
  hospitalName: string;
  /** The hospital's unified social credit code. */
  hospitalCode: string;
  payerName: string;
  payerIdNumber: string;
  amount: number;
  lines: InvoiceLineRow[];
  serials: { settlementId: string; paidAt: string }[];
  issuedAt: Date;
}

export interface InvoicePage {
  width: number;
  height: number;
  /** data:image/svg+xml;base64,… */
  image: string;
}

/**
 * The provincial medical e-invoice platform (医疗电子票据管理平台): issues invoices and renders them. A call may go
 * over a network (a Promise); handlers call it through `askOutside` before they write.
 */
export interface EInvoicePlatform {
  /** How long one call may take (default: OUTSIDE_CALL_TIMEOUT_MS). */
  readonly timeoutMs?: number;
  /**
   * Issues an invoice: 票据代码, 票据号码, 校验码. Idempotent by `requestNo` (the same numbers again); a request it
   * cannot issue (amount not a positive number of fen, a `requestNo` issued before with other contents):
   * EInvoicePlatformError.
   */
  issue(request: IssueRequest): Promise<IssuedNumbers>;
  /** The issued invoice as page images; one it never issued: EInvoicePlatformError. */
  render(invoice: InvoiceDocument): Promise<InvoicePage[]>;
}

/** Asks the e-invoice platform with its deadline; its refusals (EInvoicePlatformError) pass through. */
export const askPlatform = <T>(
  platform: EInvoicePlatform,
  call: (platform: EInvoicePlatform) => Promise<T>,
) =>
  askOutside(EINVOICE_PLATFORM, () => call(platform), {
    timeoutMs: platform.timeoutMs,
    passThrough: (error) => error instanceof EInvoicePlatformError,
  });

export const PAGE_WIDTH = 842;
export const PAGE_HEIGHT = 595;
/** Fee lines on one page (two columns of rows). */
const LINES_PER_PAGE = 16;
const FONT = "'Noto Sans CJK SC','Source Han Sans SC','PingFang SC','Microsoft YaHei',sans-serif";
const INK = '#7a1f1f';

const TYPE_DIGIT: Record<InvoiceType, string> = { OUTPATIENT: '1', INPATIENT: '2', REGISTRATION: '3' };

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

const text = (x: number, y: number, content: string, size = 12, extra = '') =>
  `<text x="${x}" y="${y}" font-size="${size}"${extra}>${escapeXml(content)}</text>`;

/** China time, YYYY-MM-DD HH:mm. */
export const chinaTime = (at: Date) => chinaDateTime(at);

const yuan = (fen: number) => formatYuan(fen).replace('¥', '');

/** The title printed on the invoice: outpatient (挂号 included) or inpatient. */
export const invoiceTitle = (type: InvoiceType) =>
  type === 'INPATIENT' ? '医疗住院收费票据（电子）' : '医疗门诊收费票据（电子）';

/**
 * The invoice's check QR code as SVG at (x, y), `size` wide: what a verification app reads — code, number, check
 * code, amount in yuan and the issue date, comma-separated as the platforms print them.
 */
export function qrCodeOf(invoice: InvoiceDocument): string {
  return [
    invoice.invoiceCode,
    invoice.invoiceNumber,
    invoice.checkCode,
    yuan(invoice.amount),
    chinaTime(invoice.issuedAt).slice(0, 10).replaceAll('-', ''),
  ].join(',');
}

function qrSvg(content: string, x: number, y: number, size: number): string {
  const { modules } = QRCode.create(content, { errorCorrectionLevel: 'M' });
  const cell = size / modules.size;
  const cells: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.data[row * modules.size + col]) cells.push(`M${col} ${row}h1v1h-1z`);
    }
  }
  return `<g transform="translate(${x} ${y}) scale(${cell})"><path d="${cells.join('')}" fill="#000"/></g>`;
}

function page(invoice: InvoiceDocument, lines: InvoiceLineRow[], index: number, pages: number): string {
  const body: string[] = [
    `<rect x="20" y="20" width="${PAGE_WIDTH - 40}" height="${PAGE_HEIGHT - 40}" fill="none" stroke="${INK}" stroke-width="1.5"/>`,
    text(
      PAGE_WIDTH / 2,
      62,
      invoiceTitle(invoice.type),
      24,
      ` text-anchor="middle" font-weight="bold" fill="${INK}"`,
    ),
    `<ellipse cx="${PAGE_WIDTH / 2}" cy="96" rx="70" ry="18" fill="none" stroke="${INK}"/>`,
    text(PAGE_WIDTH / 2, 101, '财政部门监制', 12, ` text-anchor="middle" fill="${INK}"`),
    `<rect x="36" y="28" width="84" height="84" fill="#fff"/>`,
    qrSvg(qrCodeOf(invoice), 40, 32, 76),
    text(40, 130, `票据代码：${invoice.invoiceCode}`),
    text(40, 150, `交款人统一社会信用代码：${maskIdCard(invoice.payerIdNumber)}`),
    text(40, 170, `交款人：${maskName(invoice.payerName)}`),
    text(560, 130, `票据号码：${invoice.invoiceNumber}`),
    text(560, 150, `校验码：${invoice.checkCode}`),
    text(560, 170, `开票日期：${chinaTime(invoice.issuedAt).slice(0, 10)}`),
    `<line x1="40" y1="184" x2="${PAGE_WIDTH - 40}" y2="184" stroke="${INK}"/>`,
    text(60, 206, '项目名称', 13, ' font-weight="bold"'),
    text(300, 206, '金额（元）', 13, ' font-weight="bold" text-anchor="end"'),
    text(460, 206, '项目名称', 13, ' font-weight="bold"'),
    text(700, 206, '金额（元）', 13, ' font-weight="bold" text-anchor="end"'),
    `<line x1="40" y1="216" x2="${PAGE_WIDTH - 40}" y2="216" stroke="${INK}" stroke-dasharray="3 3"/>`,
  ];
  lines.forEach((line, i) => {
    const column = i < LINES_PER_PAGE / 2 ? 0 : 1;
    const row = i % (LINES_PER_PAGE / 2);
    const y = 240 + row * 24;
    body.push(
      text(60 + column * 400, y, line.name),
      text(300 + column * 400, y, yuan(line.amount), 12, ' text-anchor="end"'),
    );
  });
  const y = 440;
  body.push(
    `<line x1="40" y1="${y - 18}" x2="${PAGE_WIDTH - 40}" y2="${y - 18}" stroke="${INK}"/>`,
    text(40, y, `金额合计（大写）：${capitalAmountOfFen(invoice.amount)}`, 14, ' font-weight="bold"'),
    text(560, y, `（小写）：${formatYuan(invoice.amount)}`, 14, ' font-weight="bold"'),
    text(40, y + 24, `业务流水号：${invoice.serials.map((s) => s.settlementId).join('，')}`.slice(0, 70), 11),
    text(
      40,
      y + 44,
      `就诊日期：${[...new Set(invoice.serials.map((s) => chinaTime(new Date(s.paidAt)).slice(0, 10)))].join('，')}`.slice(
        0,
        70,
      ),
      11,
    ),
    text(40, y + 64, `票据类别：${INVOICE_TYPE_LABEL[invoice.type]}    医疗机构类型：综合医院`, 11),
    `<line x1="40" y1="${y + 78}" x2="${PAGE_WIDTH - 40}" y2="${y + 78}" stroke="${INK}"/>`,
    text(40, y + 100, `收款单位（章）：${invoice.hospitalName}`, 12),
    `<ellipse cx="230" cy="${y + 92}" rx="58" ry="26" fill="none" stroke="#c0392b" stroke-width="2"/>`,
    text(230, y + 88, invoice.hospitalName.slice(0, 8), 10, ' text-anchor="middle" fill="#c0392b"'),
    text(230, y + 102, '财务专用章', 10, ' text-anchor="middle" fill="#c0392b"'),
    text(430, y + 100, `复核人：自助开票`, 12),
    text(600, y + 100, `收款人：自助缴费`, 12),
    text(PAGE_WIDTH - 40, PAGE_HEIGHT - 28, `第 ${index} 页 / 共 ${pages} 页`, 9, ' text-anchor="end"'),
    text(40, PAGE_HEIGHT - 28, `统一社会信用代码：${invoice.hospitalCode}`, 9),
  );
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE_WIDTH}" height="${PAGE_HEIGHT}" viewBox="0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}" font-family="${FONT}">`,
    `<rect width="100%" height="100%" fill="#fffdf7"/>`,
    '<g fill="#111">',
    ...body,
    '</g></svg>',
  ].join('');
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/** 校验码: six characters derived from the code, the number and the amount. */
const checkCodeOf = (invoiceCode: string, invoiceNumber: string, amount: number) =>
  createHash('sha256')
    .update(`${invoiceCode}|${invoiceNumber}|${amount}`)
    .digest('hex')
    .slice(0, 6)
    .toUpperCase();

/**
 * Simulated platform: the 票据代码 is the province (33), the hospital's last two digits, the year and the
 * invoice kind; the 票据号码 the hospital's serial, ten digits; the 校验码 six characters derived from both and
 * the amount. Renders the national layout of a medical e-invoice as SVG pages (A5 landscape at 72 dpi).
 */
export class SimulatedEInvoicePlatform implements EInvoicePlatform {
  /** A simulation: production refuses to start with it unless DEMO_SIMULATED_PORTS allows `einvoice`. */
  readonly simulated = true;
  readonly #issued = new Map<string, string>();

  async issue({ requestNo, hospitalId, type, amount, issuedAt }: IssueRequest): Promise<IssuedNumbers> {
    if (!/^\d{1,10}$/.test(requestNo)) throw new EInvoicePlatformError(`开票请求号 ${requestNo} 不正确`);
    if (!(type in TYPE_DIGIT)) throw new EInvoicePlatformError(`票据类别 ${type} 不正确`);
    if (!(Number.isInteger(amount) && amount > 0))
      throw new EInvoicePlatformError('开票金额应为正整数（分）');
    const contents = `${hospitalId}|${type}|${amount}`;
    const known = this.#issued.get(requestNo);
    if (known !== undefined && known !== contents) {
      throw new EInvoicePlatformError(`开票请求 ${requestNo} 已以不同内容开具`);
    }
    this.#issued.set(requestNo, contents);
    const year = chinaDate(issuedAt).slice(2, 4);
    const invoiceCode = `33${hospitalId.slice(-2).padStart(2, '0')}${year}0${TYPE_DIGIT[type]}`;
    const invoiceNumber = requestNo.padStart(10, '0');
    return { invoiceCode, invoiceNumber, checkCode: checkCodeOf(invoiceCode, invoiceNumber, amount) };
  }

  async render(invoice: InvoiceDocument): Promise<InvoicePage[]> {
    if (invoice.checkCode !== checkCodeOf(invoice.invoiceCode, invoice.invoiceNumber, invoice.amount)) {
      throw new EInvoicePlatformError(`电子票据 ${invoice.invoiceCode}-${invoice.invoiceNumber} 不存在`);
    }
    const chunks: InvoiceLineRow[][] = [];
    for (let i = 0; i === 0 || i < invoice.lines.length; i += LINES_PER_PAGE) {
      chunks.push(invoice.lines.slice(i, i + LINES_PER_PAGE));
    }
    return chunks.map((lines, i) => ({
      width: PAGE_WIDTH,
      height: PAGE_HEIGHT,
      image: page(invoice, lines, i + 1, chunks.length),
    }));
  }
}
