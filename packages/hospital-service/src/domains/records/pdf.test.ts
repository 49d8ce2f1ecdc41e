import { inflateSync } from 'node:zlib';
import type { Contact, ExamSummary, PdfFile, ReportSummary } from '@patient/contract';
import { maskName } from '@patient/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startServer, type TestServer } from '../../test/harness.ts';
import { DEMO_PHONE } from '../accounts/index.ts';

/**
 * Report PDFs: written by the service from the report's data with an embedded CJK font subset. The text is read
 * back the way a PDF reader does: each page's content stream, its fonts' ToUnicode maps.
 */

/** The objects of a PDF: number → dictionary text and (inflated) stream. */
function objectsOf(pdf: Buffer): Map<number, { dict: string; stream: Buffer | null }> {
  const objects = new Map<number, { dict: string; stream: Buffer | null }>();
  const text = pdf.toString('latin1');
  const re = /(\d+) 0 obj\s*(<<[\s\S]*?>>)\s*(stream\r?\n)?/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    let stream: Buffer | null = null;
    if (m[3]) {
      const start = m.index + m[0].length;
      const raw = pdf.subarray(start, text.indexOf('endstream', start));
      stream = m[2].includes('/FlateDecode') ? inflateSync(raw) : raw;
      re.lastIndex = start;
    }
    objects.set(Number(m[1]), { dict: m[2], stream });
  }
  return objects;
}

/** Glyph code → text, from a ToUnicode CMap's bfrange and bfchar sections. */
function cmapOf(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const hex = (h: string) =>
    String.fromCodePoint(...(h.match(/.{4}/g) ?? []).map((c) => Number.parseInt(c, 16)));
  for (const [, body] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, a, b, rest] of body.matchAll(
      /<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(\[[^\]]*\]|<[0-9a-f]+>)/gi,
    )) {
      const from = Number.parseInt(a, 16);
      const to = Number.parseInt(b, 16);
      const targets = rest.startsWith('[') ? [...rest.matchAll(/<([0-9a-f]+)>/gi)].map((t) => t[1]) : null;
      for (let code = from; code <= to; code++) {
        map.set(
          code,
          targets
            ? hex(targets[code - from])
            : String.fromCodePoint(Number.parseInt(rest.slice(1, -1), 16) + code - from),
        );
      }
    }
  }
  for (const [, body] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, a, b] of body.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>/gi))
      map.set(Number.parseInt(a, 16), hex(b));
  }
  return map;
}

const ref = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1]);

/** Each page's text, as a reader extracts it. */
function pagesText(pdf: Buffer): string[] {
  const objects = objectsOf(pdf);
  const pages = [...objects.values()].filter((o) => /\/Type \/Page\b/.test(o.dict));
  return pages.map((page) => {
    const resources = objects.get(ref(page.dict, 'Resources'))?.dict ?? '';
    const fonts = new Map<string, Map<number, string>>();
    for (const [, name, num] of resources.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const font = objects.get(Number(num))?.dict ?? '';
      fonts.set(name, cmapOf(objects.get(ref(font, 'ToUnicode'))?.stream?.toString('latin1') ?? ''));
    }
    const content = objects.get(ref(page.dict, 'Contents'))?.stream?.toString('latin1') ?? '';
    let font = new Map<number, string>();
    const out: string[] = [];
    for (const [, fontName, shown] of content.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
      if (fontName) font = fonts.get(fontName) ?? new Map();
      else
        out.push(
          [...shown.matchAll(/<([0-9a-f]+)>/gi)]
            .flatMap((h) => (h[1].match(/.{4}/g) ?? []).map((g) => font.get(Number.parseInt(g, 16)) ?? '?'))
            .join(''),
        );
    }
    return out.join('\n');
  });
}

let server: TestServer;
let demo: Client;
let self: Contact;

beforeAll(async () => {
  server = await startServer();
  demo = await server.login(DEMO_PHONE);
  [self] = (await demo.get<Contact[]>('/contacts')).body.results ?? [];
});
afterAll(() => {
  delete process.env.PDF_CJK_FONT;
  return server?.close();
});

const reportPdf = (client: Client, reportId: string) =>
  client.post<PdfFile>('/v1/report/pdfFile/1000', { reportId });

describe('report PDFs', () => {
  it('writes a lab report as a PDF: the hospital, the masked name, the items, the CJK subset embedded', async () => {
    const list =
      (await demo.post<ReportSummary[]>('/v1/report/list/1000', { contactId: self.contactId })).body
        .results ?? [];
    const lab = list.find((r) => r.kind === 'LAB' && r.status === 'READY') as ReportSummary;
    const answer = await reportPdf(demo, lab.reportId);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const file = answer.body.results as PdfFile;
    expect(file.fileName).toBe(`${lab.name}报告单-${lab.reportId}.pdf`);
    const pdf = Buffer.from(file.data, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The font is a subset: tens of kilobytes, not the font file's megabytes.
    expect(pdf.length).toBeLessThan(300_000);
    expect(pdf.toString('latin1')).toMatch(/\/FontName \/[A-Z]{6}\+NotoSansCJKsc-Regular/);
    const pages = pagesText(pdf);
    expect(pages).toHaveLength(file.pageCount);
    expect(pages[0]).toContain(lab.hospitalName);
    expect(pages[0]).toContain(`姓名：${maskName(self.contactDO.name)}`);
    expect(pages[0]).toContain('第 1 页 / 共 1 页');
    expect(pages.join('')).not.toContain(self.contactDO.name);
    expect(pages[0]).toMatch(/葡萄糖（GLU）\n[\d.]+ ↑/);
    // The same pages as the images: the images' count.
    const images = await demo.post<{ pages: unknown[] }>('/v1/report/pages/1000', { reportId: lab.reportId });
    expect(images.body.results?.pages).toHaveLength(file.pageCount);
  });

  it('writes an imaging report and a physical-exam report over several pages', async () => {
    const list =
      (await demo.post<ReportSummary[]>('/v1/report/list/1000', { contactId: self.contactId })).body
        .results ?? [];
    const imaging = list.find((r) => r.kind === 'IMAGING' && r.status === 'READY') as ReportSummary;
    const imagingPdf = Buffer.from(
      (await reportPdf(demo, imaging.reportId)).body.results?.data ?? '',
      'base64',
    );
    expect(pagesText(imagingPdf)[0]).toContain('诊断意见');

    const [exam] =
      (
        await demo.post<ExamSummary[]>('/v1/medical-examination/report/list', {
          hospitalId: '1000',
          contactId: self.contactId,
        })
      ).body.results ?? [];
    // The spec's download by file name: a GET.
    const answer = await demo.get<PdfFile>('/v1/report/downloadFile', {
      hospitalId: '1000',
      fileName: `${exam.examNo}.pdf`,
    });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const file = answer.body.results as PdfFile;
    const pages = pagesText(Buffer.from(file.data, 'base64'));
    const images = await demo.post<{ pages: unknown[] }>(`/v1/report/${exam.examNo}/getExamReportPdf`, {
      hospitalId: '1000',
    });
    expect(pages).toHaveLength(images.body.results?.pages.length ?? -1);
    expect(file.pageCount).toBeGreaterThan(1);
    expect(pages[0]).toContain(exam.hospitalName);
    expect(pages[0]).toContain('总检结论');
    // A unit the font has no superscript for is written plainly.
    expect(pages.join('\n')).toContain('×10^9/L');
    expect(pages.at(-1)).toContain(`第 ${pages.length} 页 / 共 ${pages.length} 页`);
  });

  it('answers another account 404, a pending report 409, bad input 400', async () => {
    const list =
      (await demo.post<ReportSummary[]>('/v1/report/list/1000', { contactId: self.contactId })).body
        .results ?? [];
    const stranger = await server.login('13700004131');
    for (const r of list.slice(0, 3)) {
      expect((await reportPdf(stranger, r.reportId)).body).toMatchObject({ state: 404, msg: '报告不存在' });
    }
    const [exam] =
      (
        await demo.post<ExamSummary[]>('/v1/medical-examination/report/list', {
          hospitalId: '1000',
          contactId: self.contactId,
        })
      ).body.results ?? [];
    const byName = (client: Client, query: Record<string, string>) =>
      client.get('/v1/report/downloadFile', query);
    expect(
      (await byName(stranger, { hospitalId: '1000', fileName: `${exam.examNo}.pdf` })).body,
    ).toMatchObject({
      state: 404,
      msg: '体检报告不存在',
    });
    // Bad names and hospitals: 400 with a Chinese message naming the field.
    for (const [query, field] of [
      [{ hospitalId: '1000', fileName: '../etc/passwd' }, 'fileName'],
      [{ hospitalId: '1000', fileName: `${exam.examNo}.exe` }, 'fileName'],
      [{ hospitalId: '1000' }, 'fileName'],
      [{ hospitalId: '10 00', fileName: `${exam.examNo}.pdf` }, 'hospitalId'],
    ] as const) {
      const answer = await byName(demo, query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body.msg).toMatch(new RegExp(`^参数 ${field} 不正确`));
    }
    expect((await byName(demo, { hospitalId: '1000', fileName: 'NOSUCHEXAM.pdf' })).body).toMatchObject({
      state: 404,
      msg: '体检报告不存在',
    });
    expect(
      (await byName(server.client(), { hospitalId: '1000', fileName: `${exam.examNo}.pdf` })).status,
    ).toBe(401);
    // The former POST is gone.
    expect(
      (await demo.post('/v1/report/examReportPdfFile', { hospitalId: '1000', examNo: exam.examNo })).status,
    ).toBe(404);
    const pending = list.find((r) => r.status === 'PENDING') as ReportSummary;
    expect((await reportPdf(demo, pending.reportId)).body).toMatchObject({ state: 409, msg: '报告尚未出具' });
    expect((await reportPdf(demo, '../etc')).status).toBe(400);
    expect(
      (await server.client().post('/v1/report/pdfFile/1000', { reportId: pending.reportId })).status,
    ).toBe(401);
  });

  it('says in Chinese that the font is missing, never a 500', async () => {
    const list =
      (await demo.post<ReportSummary[]>('/v1/report/list/1000', { contactId: self.contactId })).body
        .results ?? [];
    const ready = list.find((r) => r.status === 'READY') as ReportSummary;
    process.env.PDF_CJK_FONT = '/nonexistent/NotoSansCJK-Regular.ttc';
    try {
      const answer = await reportPdf(demo, ready.reportId);
      // Business errors travel in the envelope (HTTP 200, state 503), like every refusal of the service.
      expect(answer.status).not.toBe(500);
      expect(answer.body).toMatchObject({ state: 503, msg: '暂时无法生成PDF' });
      expect(answer.body.subMsg).toContain('缺少中文字体');
    } finally {
      delete process.env.PDF_CJK_FONT;
    }
    expect((await reportPdf(demo, ready.reportId)).body.state).toBe(200);
  });
});
