import type { DataCopyFile } from '@patient/contract';
import { chinaDateTime } from '@patient/validation';
import { type Layout, type Mark, PAGE_HEIGHT, PAGE_WIDTH, wrap, writePdf } from '../records/index.ts';
import { SECTION_TITLES } from './copy.ts';

const TOP = 56;
const BOTTOM = PAGE_HEIGHT - 48;
const LINE = 16;
const CHARS = 44;

/** Chinese names of the fields most rows have; others keep their (English) key. */
const FIELD_LABELS: Record<string, string> = {
  id: '编号',
  name: '姓名',
  phone: '手机号',
  phoneMasked: '手机号（隐藏）',
  documentType: '证件类型',
  documentNumber: '证件号码',
  sex: '性别',
  birthDate: '出生日期',
  relation: '关系',
  address: '地址',
  hospitalId: '医院',
  contactId: '就诊人编号',
  cardNo: '卡号',
  status: '状态',
  amount: '金额（分）',
  fee: '费用（分）',
  patientName: '就诊人姓名',
  createdAt: '创建时间',
  updatedAt: '更新时间',
  paidAt: '支付时间',
  visitDate: '就诊日期',
  kind: '类型',
  version: '版本',
  agreedAt: '同意时间',
  withdrawnAt: '撤回时间',
  title: '标题',
  content: '内容',
  contentType: '文件类型',
  size: '大小（字节）',
  uploadedAt: '上传时间',
  payerName: '交款人',
  invoiceNumber: '票据号码',
  balance: '余额（分）',
  accountNo: '账户号',
  lastLoginAt: '最近登录时间',
  accountId: '账号编号',
};

const valueText = (v: unknown): string =>
  v === null || v === undefined
    ? '—'
    : typeof v === 'string'
      ? /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v)
        ? chinaDateTime(v)
        : v
      : typeof v === 'object'
        ? JSON.stringify(v)
        : String(v);

/** The copy as printable lines: a heading per section, then each row's fields. */
function lines(copy: Record<string, unknown>): { text: string; heading: boolean }[] {
  const out: { text: string; heading: boolean }[] = [
    { text: `生成时间：${valueText(copy.preparedAt)}`, heading: false },
  ];
  for (const [key, title] of Object.entries(SECTION_TITLES)) {
    const value = copy[key];
    const rows = Array.isArray(value)
      ? (value as Record<string, unknown>[])
      : value
        ? [value as Record<string, unknown>]
        : [];
    out.push({ text: `${title}（${rows.length}）`, heading: true });
    if (rows.length === 0) out.push({ text: '无', heading: false });
    rows.forEach((row, i) => {
      if (rows.length > 1) out.push({ text: `#${i + 1}`, heading: false });
      for (const [field, v] of Object.entries(row)) {
        for (const part of wrap(`${FIELD_LABELS[field] ?? field}：${valueText(v)}`, CHARS)) {
          out.push({ text: part, heading: false });
        }
      }
    });
  }
  return out;
}

/** The copy laid out on A4 pages. */
export function copyLayout(copy: Record<string, unknown>): Layout {
  const title = '个人信息副本';
  const pages: Mark[][] = [];
  let page: Mark[] = [];
  let y = TOP + 40;
  const newPage = () => {
    page = [];
    pages.push(page);
    y = TOP;
  };
  newPage();
  page.push({
    kind: 'text',
    x: PAGE_WIDTH / 2,
    y: TOP,
    content: title,
    size: 18,
    bold: true,
    anchor: 'middle',
  });
  y = TOP + 36;
  for (const line of lines(copy)) {
    if (y + LINE > BOTTOM) newPage();
    if (line.heading) y += 6;
    page.push({
      kind: 'text',
      x: 40,
      y,
      content: line.text,
      size: line.heading ? 13 : 10,
      bold: line.heading,
      anchor: 'start',
    });
    y += line.heading ? LINE + 4 : LINE;
  }
  return { title, pages };
}

/** The copy as a PDF file (CJK font embedded, as report PDFs). */
export async function copyPdf(copy: Record<string, unknown>, fileName: string): Promise<DataCopyFile> {
  const file = await writePdf(copyLayout(copy), fileName);
  return { fileName: file.fileName, mimeType: 'application/pdf', data: file.data };
}
