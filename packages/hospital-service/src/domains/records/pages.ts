import type { ExamReport, Report } from '@patient/contract';
import { chinaDateTime, maskName } from '@patient/validation';

/**
 * A report laid out as printed pages (A4 in points, 72 per inch): the hospital's name, the title, the patient
 * and sample lines, then the lab items (flagged ↑ / ↓) or the findings and impression, and the signers. One
 * layout ({@link Layout}: text and rules at positions) is drawn two ways: as SVG page images for the screen (set
 * in the reader's CJK font, the font-family list below) and as a PDF file (pdf.ts, with an embedded CJK font).
 * The patient's name is masked (张*) like everywhere in the app: a saved page or file travels; the 病人号 and
 * the sample or exam number identify it at the hospital.
 */

export const PAGE_WIDTH = 595;
export const PAGE_HEIGHT = 842;
/** Lab item rows on one page. */
const ROWS_PER_PAGE = 22;
/** Characters of running text on one line. */
const CHARS_PER_LINE = 36;
const FONT = "'Noto Sans CJK SC','Source Han Sans SC','PingFang SC','Microsoft YaHei',sans-serif";

/** One thing drawn on a page: text at its baseline (x is its start, middle or end), or a rule. */
export type Mark =
  | {
      kind: 'text';
      x: number;
      y: number;
      content: string;
      size: number;
      bold: boolean;
      anchor: 'start' | 'middle' | 'end';
    }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number };

/** A document's pages, each the marks drawn on it. */
export interface Layout {
  title: string;
  pages: Mark[][];
}

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

const text = (
  x: number,
  y: number,
  content: string,
  size = 11,
  style: { bold?: boolean; anchor?: 'start' | 'middle' | 'end' } = {},
): Mark => ({
  kind: 'text',
  x,
  y,
  content,
  size,
  bold: style.bold ?? false,
  anchor: style.anchor ?? 'start',
});

const rule = (y: number): Mark => ({ kind: 'line', x1: 40, y1: y, x2: PAGE_WIDTH - 40, y2: y });

const svgMark = (m: Mark) =>
  m.kind === 'line'
    ? `<line x1="${m.x1}" y1="${m.y1}" x2="${m.x2}" y2="${m.y2}" stroke="#333"/>`
    : `<text x="${m.x}" y="${m.y}" font-size="${m.size}"${m.anchor === 'start' ? '' : ` text-anchor="${m.anchor}"`}${m.bold ? ' font-weight="bold"' : ''}>${escapeXml(m.content)}</text>`;

const chinaTime = (iso: string | null) => (iso ? chinaDateTime(iso) : '—');

/** Splits running text into lines of at most CHARS_PER_LINE characters. */
export function wrap(content: string, width = CHARS_PER_LINE): string[] {
  const chars = [...content];
  const lines: string[] = [];
  for (let i = 0; i < chars.length; i += width) lines.push(chars.slice(i, i + width).join(''));
  return lines.length > 0 ? lines : [''];
}

const KIND_TITLE: Record<Report['kind'], string> = {
  LAB: '检验报告单',
  IMAGING: '检查报告单',
  PATHOLOGY: '病理诊断报告单',
  HEALTH_CERTIFICATE: '健康证明',
};

function header(report: Report, page: number, pages: number): Mark[] {
  return [
    text(PAGE_WIDTH / 2, 48, report.hospitalName, 18, { bold: true, anchor: 'middle' }),
    text(PAGE_WIDTH / 2, 74, `${KIND_TITLE[report.kind]}（${report.name}）`, 14, { anchor: 'middle' }),
    text(40, 104, `姓名：${maskName(report.patientName)}`),
    text(200, 104, `病人号：${report.patientId}`),
    text(400, 104, `标本号：${report.sampleNo}`),
    text(40, 122, `科室：${report.departmentName}`),
    text(200, 122, `申请医生：${report.doctorName}`),
    text(400, 122, `标本：${report.specimen}`),
    rule(132),
    text(PAGE_WIDTH - 40, PAGE_HEIGHT - 24, `第 ${page} 页 / 共 ${pages} 页`, 9, { anchor: 'end' }),
  ];
}

function footer(report: Report): Mark[] {
  const y = PAGE_HEIGHT - 70;
  return [
    rule(y - 14),
    text(40, y, `采样时间：${chinaTime(report.collectedAt)}`, 10),
    text(300, y, `报告时间：${chinaTime(report.reportedAt)}`, 10),
    text(40, y + 18, `${report.kind === 'LAB' ? '检验者' : '报告医生'}：${report.reporterName ?? '—'}`, 10),
    text(300, y + 18, `审核者：${report.reviewerName ?? '—'}`, 10),
    text(40, y + 36, '本报告仅对所检标本负责，如有疑问请于报告发出后7日内与科室联系。', 9),
  ];
}

function svgOf(marks: Mark[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE_WIDTH}" height="${PAGE_HEIGHT}" viewBox="0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}" font-family="${FONT}">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<g fill="#111">`,
    ...marks.map(svgMark),
    '</g></svg>',
  ].join('');
}

const dataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;

/** The layout as SVG page images (data URLs). */
export const svgPages = (layout: Layout): { width: number; height: number; image: string }[] =>
  layout.pages.map((marks) => ({ width: PAGE_WIDTH, height: PAGE_HEIGHT, image: dataUrl(svgOf(marks)) }));

/** The title printed on a report. */
export const reportTitle = (report: Report) => `${report.name}报告单`;

/** The pages of a ready report as images (a pending one has none). */
export const reportPages = (report: Report) => svgPages(reportLayout(report));

/** A ready report laid out as pages. */
export function reportLayout(report: Report): Layout {
  const bodies: Mark[][] = [];
  if (report.items) {
    for (let start = 0; start === 0 || start < report.items.length; start += ROWS_PER_PAGE) {
      const rows = report.items.slice(start, start + ROWS_PER_PAGE);
      const body = [
        text(40, 154, '项目', 11, { bold: true }),
        text(250, 154, '结果', 11, { bold: true }),
        text(340, 154, '单位', 11, { bold: true }),
        text(430, 154, '参考范围', 11, { bold: true }),
      ];
      rows.forEach((item, i) => {
        const y = 178 + i * 24;
        const mark =
          item.flag === 'HIGH' ? ' ↑' : item.flag === 'LOW' ? ' ↓' : item.flag === 'ABNORMAL' ? ' *' : '';
        body.push(
          text(40, y, `${item.name}（${item.abbreviation}）`),
          text(250, y, `${item.value}${mark}`, 11, { bold: item.flag !== 'NORMAL' }),
          text(340, y, item.unit),
          text(430, y, item.referenceRange),
        );
      });
      bodies.push(body);
    }
  } else {
    const certificate = report.healthCertificate;
    const sections: [string, string][] = certificate
      ? [
          ['从业类别', certificate.category],
          [
            '体检项目',
            certificate.items
              .map((i) => `${i.name}：${i.result}${i.qualified ? '' : '（不合格）'}`)
              .join('；'),
          ],
          ['结论', certificate.conclusion === 'QUALIFIED' ? '合格' : '不合格'],
          [
            '有效期',
            certificate.validFrom && certificate.validUntil
              ? `${certificate.validFrom} 至 ${certificate.validUntil}（证号 ${certificate.certificateNo ?? '—'}）`
              : '未发证',
          ],
        ]
      : report.imaging
        ? [
            ['检查方法', `${report.imaging.modality}：${report.imaging.technique}`],
            ['检查所见', report.imaging.findings],
            ['诊断意见', report.imaging.impression],
          ]
        : report.pathology
          ? [
              ['肉眼所见', report.pathology.gross],
              ['镜下所见', report.pathology.microscopic],
              ['病理诊断', report.pathology.diagnosis],
            ]
          : [];
    const body: Mark[] = [];
    let y = 160;
    for (const [title, content] of sections) {
      body.push(text(40, y, title, 12, { bold: true }));
      y += 22;
      for (const line of wrap(content)) {
        body.push(text(56, y, line, 12));
        y += 20;
      }
      y += 12;
    }
    bodies.push(body);
  }
  return {
    title: reportTitle(report),
    pages: bodies.map((body, i) => [...header(report, i + 1, bodies.length), ...body, ...footer(report)]),
  };
}

/** A block of a page: its height and what it draws at y. */
interface Block {
  height: number;
  draw(y: number): Mark[];
}

/** Lays blocks on pages from y = 150 down to the footer. */
function paginate(blocks: Block[], frame: (page: number, pages: number) => Mark[]): Mark[][] {
  const pages: Mark[][] = [[]];
  let y = 150;
  for (const block of blocks) {
    if (y + block.height > PAGE_HEIGHT - 60 && pages[pages.length - 1].length > 0) {
      pages.push([]);
      y = 150;
    }
    pages[pages.length - 1].push(...block.draw(y));
    y += block.height;
  }
  return pages.map((body, i) => [...frame(i + 1, pages.length), ...body]);
}

const paragraph = (content: string, size = 11, indent = 56): Block[] =>
  wrap(content, 40).map((line) => ({ height: 18, draw: (y) => [text(indent, y, line, size)] }));

const heading = (content: string): Block => ({
  height: 28,
  draw: (y) => [text(40, y + 8, content, 13, { bold: true })],
});

/** The title printed on a physical-exam report. */
export const examTitle = (exam: ExamReport) => `${exam.packageName}报告`;

/** A physical-exam report as page images. */
export const examPages = (exam: ExamReport) => svgPages(examLayout(exam));

/** A physical-exam report as pages: the summary and findings first, then every section's items. */
export function examLayout(exam: ExamReport): Layout {
  const blocks: Block[] = [heading('总检结论'), ...paragraph(exam.summary ?? '')];
  if (exam.conclusions && exam.conclusions.length > 0) {
    blocks.push(heading('异常结果及建议'));
    exam.conclusions.forEach((c, i) => {
      blocks.push(...paragraph(`${i + 1}. ${c.finding}：${c.advice}`));
    });
  }
  for (const section of exam.sections ?? []) {
    blocks.push(heading(`${section.name}（检查医生：${section.doctorName}）`));
    for (const item of section.items) {
      const mark =
        item.flag === 'HIGH' ? ' ↑' : item.flag === 'LOW' ? ' ↓' : item.flag === 'ABNORMAL' ? ' *' : '';
      const value = `${item.value}${mark}`;
      blocks.push({
        height: 20,
        draw: (y) => [
          text(56, y, item.name),
          text(item.numeric === null ? 160 : 250, y, value, 11, { bold: item.flag !== 'NORMAL' }),
          ...(item.numeric === null
            ? []
            : [
                text(340, y, item.unit),
                text(430, y, item.low === null && item.high === null ? '' : item.referenceRange),
              ]),
        ],
      });
    }
    blocks.push(...paragraph(`小结：${section.conclusion}`, 11, 56), { height: 8, draw: () => [] });
  }
  const frame = (page: number, pages: number) => [
    text(PAGE_WIDTH / 2, 48, exam.hospitalName, 18, { bold: true, anchor: 'middle' }),
    text(PAGE_WIDTH / 2, 74, `健康体检报告（${exam.packageName}）`, 14, { anchor: 'middle' }),
    text(40, 104, `姓名：${maskName(exam.patientName)}`),
    text(220, 104, `体检号：${exam.examNo}`),
    text(420, 104, `体检日期：${exam.date}`),
    text(40, 122, `总检医生：${exam.chiefDoctorName ?? '—'}`),
    text(220, 122, `报告日期：${chinaTime(exam.reportedAt).slice(0, 10)}`),
    rule(132),
    text(PAGE_WIDTH - 40, PAGE_HEIGHT - 24, `第 ${page} 页 / 共 ${pages} 页`, 9, { anchor: 'end' }),
    text(40, PAGE_HEIGHT - 24, '本报告仅供健康评估参考，不作为临床诊断依据。', 9),
  ];
  return { title: examTitle(exam), pages: paginate(blocks, frame) };
}
