import { existsSync, readFileSync } from 'node:fs';
import type { PdfFile } from '@patient/contract';
import PDFDocument from 'pdfkit';
import { businessError } from '../../platform/http/errors.ts';
import { type Layout, PAGE_HEIGHT, PAGE_WIDTH } from './pages.ts';

/**
 * A layout (pages.ts) written as a PDF file with pdfkit: the same marks as the page images, set in Noto Sans
 * CJK SC (Debian's fonts-noto-cjk, installed by scripts/setup.sh). pdfkit embeds only the glyphs used (a subset),
 * so a one-page report is tens of kilobytes, not the font's 19 MB. Bold marks use the Bold face when it is
 * installed. The text stays extractable (the font carries a ToUnicode map).
 */

/** Where the CJK font may be; `PDF_CJK_FONT` (a .ttc, .otf or .ttf path) replaces the list when set. */
const FONT_CANDIDATES = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJKsc-Regular.otf',
];

interface Face {
  bytes: Buffer;
  /** The PostScript name of the SC face inside a collection (.ttc); undefined for a single font. */
  name: string | undefined;
}

const loaded = new Map<string, Face | null>();

function loadFace(path: string, faceName: string): Face | null {
  const key = `${path}#${faceName}`;
  if (!loaded.has(key)) {
    loaded.set(
      key,
      existsSync(path)
        ? { bytes: readFileSync(path), name: path.toLowerCase().endsWith('.ttc') ? faceName : undefined }
        : null,
    );
  }
  return loaded.get(key) ?? null;
}

/** The regular and bold faces, or null when no CJK font is installed. */
export function cjkFonts(): { regular: Face; bold: Face } | null {
  const configured = process.env.PDF_CJK_FONT;
  const candidates = configured ? [configured] : FONT_CANDIDATES;
  for (const path of candidates) {
    const regular = loadFace(path, 'NotoSansCJKsc-Regular');
    if (!regular) continue;
    const boldPath = path.replace(/Regular(\.\w+)$/, 'Bold$1');
    const bold = (boldPath !== path && loadFace(boldPath, 'NotoSansCJKsc-Bold')) || regular;
    return { regular, bold };
  }
  return null;
}

/** Superscript digits Noto Sans CJK has no glyph for (¹²³ it has): written as ^n (×10⁹/L → ×10^9/L). */
const MISSING_GLYPHS: Record<string, string> = Object.fromEntries(
  [...'⁰⁴⁵⁶⁷⁸⁹'].map((c, i) => [c, `^${'0456789'[i]}`]),
);
export const printable = (content: string) => content.replace(/[⁰⁴-⁹]/g, (c) => MISSING_GLYPHS[c] ?? c);

/** The refusal when the service has no CJK font (a PDF without one would show empty boxes). */
export const noFont = () =>
  businessError(
    503,
    '暂时无法生成PDF',
    '服务器缺少中文字体，暂时无法生成PDF文件，请先查看报告单图片，或稍后再试',
  );

/** Writes the layout as a PDF (A4, one page per layout page). Throws {@link noFont} without a CJK font. */
export async function writePdf(layout: Layout, fileName: string): Promise<PdfFile> {
  const fonts = cjkFonts();
  if (!fonts) throw noFont();
  const doc = new PDFDocument({
    size: [PAGE_WIDTH, PAGE_HEIGHT],
    margin: 0,
    autoFirstPage: false,
    info: { Title: layout.title },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('cjk', fonts.regular.bytes, fonts.regular.name as string);
  doc.registerFont('cjk-bold', fonts.bold.bytes, fonts.bold.name as string);
  for (const marks of layout.pages) {
    doc.addPage({ size: [PAGE_WIDTH, PAGE_HEIGHT], margin: 0 });
    for (const m of marks) {
      if (m.kind === 'line') {
        doc.moveTo(m.x1, m.y1).lineTo(m.x2, m.y2).lineWidth(0.8).strokeColor('#333333').stroke();
        continue;
      }
      doc
        .font(m.bold ? 'cjk-bold' : 'cjk')
        .fontSize(m.size)
        .fillColor('#111111');
      const content = printable(m.content);
      const width = doc.widthOfString(content);
      const x = m.anchor === 'middle' ? m.x - width / 2 : m.anchor === 'end' ? m.x - width : m.x;
      doc.text(content, x, m.y, { lineBreak: false, baseline: 'alphabetic' });
    }
  }
  doc.end();
  const bytes = await done;
  return { fileName, pageCount: layout.pages.length, data: bytes.toString('base64') };
}
