import type { ExamReport, Report } from '@patient/contract';

/**
 * A report laid out as printed pages (A4 at 72 dpi), one SVG per page: the hospital's name, the title, the
 * patient and sample lines, then the lab items (flagged ↑ / ↓) or the findings and impression, and the signers.
 * The text is set in the reader's CJK font (the font-family list below); the service holds no font file.
 */

export const PAGE_WIDTH = 595;
export const PAGE_HEIGHT = 842;
/** Lab item rows on one page. */
const ROWS_PER_PAGE = 22;
/** Characters of running text on one line. */
const CHARS_PER_LINE = 36;
const FONT = "'Noto Sans CJK SC','Source Han Sans SC','PingFang SC','Microsoft YaHei',sans-serif";

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

const text = (x: number, y: number, content: string, size = 11, extra = '') =>
  `<text x="${x}" y="${y}" font-size="${size}"${extra}>${escapeXml(content)}</text>`;

const chinaTime = (iso: string | null) =>
  iso ? new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ') : '—';

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
};

function header(report: Report, page: number, pages: number): string[] {
  return [
    text(PAGE_WIDTH / 2, 48, report.hospitalName, 18, ' text-anchor="middle" font-weight="bold"'),
    text(PAGE_WIDTH / 2, 74, `${KIND_TITLE[report.kind]}（${report.name}）`, 14, ' text-anchor="middle"'),
    text(40, 104, `姓名：${report.patientName}`),
    text(200, 104, `病人号：${report.patientId}`),
    text(400, 104, `标本号：${report.sampleNo}`),
    text(40, 122, `科室：${report.departmentName}`),
    text(200, 122, `申请医生：${report.doctorName}`),
    text(400, 122, `标本：${report.specimen}`),
    `<line x1="40" y1="132" x2="${PAGE_WIDTH - 40}" y2="132" stroke="#333"/>`,
    text(PAGE_WIDTH - 40, PAGE_HEIGHT - 24, `第 ${page} 页 / 共 ${pages} 页`, 9, ' text-anchor="end"'),
  ];
}

function footer(report: Report): string[] {
  const y = PAGE_HEIGHT - 70;
  return [
    `<line x1="40" y1="${y - 14}" x2="${PAGE_WIDTH - 40}" y2="${y - 14}" stroke="#333"/>`,
    text(40, y, `采样时间：${chinaTime(report.collectedAt)}`, 10),
    text(300, y, `报告时间：${chinaTime(report.reportedAt)}`, 10),
    text(40, y + 18, `${report.kind === 'LAB' ? '检验者' : '报告医生'}：${report.reporterName ?? '—'}`, 10),
    text(300, y + 18, `审核者：${report.reviewerName ?? '—'}`, 10),
    text(40, y + 36, '本报告仅对所检标本负责，如有疑问请于报告发出后7日内与科室联系。', 9),
  ];
}

function svgOf(body: string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE_WIDTH}" height="${PAGE_HEIGHT}" viewBox="0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}" font-family="${FONT}">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<g fill="#111">`,
    ...body,
    '</g></svg>',
  ].join('');
}

const dataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;

/** The pages of a ready report (a pending one has none). */
export function reportPages(report: Report): { width: number; height: number; image: string }[] {
  const bodies: string[][] = [];
  if (report.items) {
    for (let start = 0; start === 0 || start < report.items.length; start += ROWS_PER_PAGE) {
      const rows = report.items.slice(start, start + ROWS_PER_PAGE);
      const body = [
        text(40, 154, '项目', 11, ' font-weight="bold"'),
        text(250, 154, '结果', 11, ' font-weight="bold"'),
        text(340, 154, '单位', 11, ' font-weight="bold"'),
        text(430, 154, '参考范围', 11, ' font-weight="bold"'),
      ];
      rows.forEach((item, i) => {
        const y = 178 + i * 24;
        const mark =
          item.flag === 'HIGH' ? ' ↑' : item.flag === 'LOW' ? ' ↓' : item.flag === 'ABNORMAL' ? ' *' : '';
        body.push(
          text(40, y, `${item.name}（${item.abbreviation}）`),
          text(250, y, `${item.value}${mark}`, 11, item.flag === 'NORMAL' ? '' : ' font-weight="bold"'),
          text(340, y, item.unit),
          text(430, y, item.referenceRange),
        );
      });
      bodies.push(body);
    }
  } else {
    const sections: [string, string][] = report.imaging
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
    const body: string[] = [];
    let y = 160;
    for (const [title, content] of sections) {
      body.push(text(40, y, title, 12, ' font-weight="bold"'));
      y += 22;
      for (const line of wrap(content)) {
        body.push(text(56, y, line, 12));
        y += 20;
      }
      y += 12;
    }
    bodies.push(body);
  }
  return bodies.map((body, i) => ({
    width: PAGE_WIDTH,
    height: PAGE_HEIGHT,
    image: dataUrl(svgOf([...header(report, i + 1, bodies.length), ...body, ...footer(report)])),
  }));
}

/** A block of a page: its height and what it draws at y. */
interface Block {
  height: number;
  draw(y: number): string[];
}

/** Lays blocks on pages from y = 150 down to the footer. */
function paginate(blocks: Block[], frame: (page: number, pages: number) => string[]): string[] {
  const pages: string[][] = [[]];
  let y = 150;
  for (const block of blocks) {
    if (y + block.height > PAGE_HEIGHT - 60 && pages[pages.length - 1].length > 0) {
      pages.push([]);
      y = 150;
    }
    pages[pages.length - 1].push(...block.draw(y));
    y += block.height;
  }
  return pages.map((body, i) => dataUrl(svgOf([...frame(i + 1, pages.length), ...body])));
}

const paragraph = (content: string, size = 11, indent = 56): Block[] =>
  wrap(content, 40).map((line) => ({ height: 18, draw: (y) => [text(indent, y, line, size)] }));

const heading = (content: string): Block => ({
  height: 28,
  draw: (y) => [text(40, y + 8, content, 13, ' font-weight="bold"')],
});

/** A physical-exam report as pages: the summary and findings first, then every section's items. */
export function examPages(exam: ExamReport): { width: number; height: number; image: string }[] {
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
          text(
            item.numeric === null ? 160 : 250,
            y,
            value,
            11,
            item.flag === 'NORMAL' ? '' : ' font-weight="bold"',
          ),
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
    text(PAGE_WIDTH / 2, 48, exam.hospitalName, 18, ' text-anchor="middle" font-weight="bold"'),
    text(PAGE_WIDTH / 2, 74, `健康体检报告（${exam.packageName}）`, 14, ' text-anchor="middle"'),
    text(40, 104, `姓名：${exam.patientName}`),
    text(220, 104, `体检号：${exam.examNo}`),
    text(420, 104, `体检日期：${exam.date}`),
    text(40, 122, `总检医生：${exam.chiefDoctorName ?? '—'}`),
    text(220, 122, `报告日期：${chinaTime(exam.reportedAt).slice(0, 10)}`),
    `<line x1="40" y1="132" x2="${PAGE_WIDTH - 40}" y2="132" stroke="#333"/>`,
    text(PAGE_WIDTH - 40, PAGE_HEIGHT - 24, `第 ${page} 页 / 共 ${pages} 页`, 9, ' text-anchor="end"'),
    text(40, PAGE_HEIGHT - 24, '本报告仅供健康评估参考，不作为临床诊断依据。', 9),
  ];
  return paginate(blocks, frame).map((image) => ({ width: PAGE_WIDTH, height: PAGE_HEIGHT, image }));
}
