import { describe, expect, it } from 'vitest';
import type { HisPerson } from '../patients/index.ts';
import type { ExamCentre } from './exam-centre.ts';
import type { RecordSystem } from './his.ts';
import { expectConsistentItem, expectConsistentReport, ordersOf } from './laboratory.conformance.ts';
import { ReportNotFoundError } from './lis.ts';

/** An exam centre under test with the HIS whose orders it reports on, and people both know. */
export interface ExamCentreUnderTest {
  port: ExamCentre;
  his: RecordSystem;
  people: HisPerson[];
  anchor: Date;
}

/** What every {@link ExamCentre} must do for the service (the simulated one, a real adapter's sandbox). */
export function examCentreConformance(name: string, make: () => ExamCentreUnderTest): void {
  describe(`ExamCentre conformance: ${name}`, () => {
    it('reports the HIS’s imaging, pathology and certificate orders in the order asked, consistently', async () => {
      const { port, his, people, anchor } = make();
      for (const person of people) {
        const { exam } = await ordersOf(his, person, anchor);
        expect(exam.length).toBeGreaterThan(0);
        const ids = exam.map((o) => o.reportId);
        const reports = await port.reportsOf(person, anchor, ids);
        expect(reports.map((r) => r.reportId)).toEqual(ids);
        for (const [i, report] of reports.entries()) expectConsistentReport(report, exam[i]);
        expect(await make().port.reportsOf(person, anchor, ids)).toEqual(reports);
      }
    });

    it('refuses an unknown id, another person’s and a lab report, with ReportNotFoundError', async () => {
      const { port, his, people, anchor } = make();
      const [a, b] = people;
      const mine = await ordersOf(his, a, anchor);
      const theirs = await ordersOf(his, b, anchor);
      for (const id of ['I0000000000000', theirs.exam[0].reportId, mine.lab[0].reportId]) {
        const refused = await port.reportsOf(a, anchor, [mine.exam[0].reportId, id]).catch((e: unknown) => e);
        expect(refused, id).toBeInstanceOf(ReportNotFoundError);
        expect((refused as ReportNotFoundError).reportId).toBe(id);
      }
    });

    it('gives the person’s check-ups newest first, each with sections of consistent items and its findings', async () => {
      const { port, people, anchor } = make();
      const numbers = new Set<string>();
      for (const person of people) {
        const exams = await port.examsOf(person, anchor);
        expect(exams.length).toBeGreaterThan(0);
        expect(await make().port.examsOf(person, anchor)).toEqual(exams);
        const times = exams.map((e) => e.examinedAt.getTime());
        expect(times).toEqual([...times].sort((x, y) => y - x));
        for (const exam of exams) {
          expect(numbers.has(exam.examNo)).toBe(false);
          numbers.add(exam.examNo);
          expect(exam.reportedAt.getTime()).toBeGreaterThan(exam.examinedAt.getTime());
          expect(exam.summary.trim()).not.toBe('');
          expect(exam.sections.length).toBeGreaterThan(0);
          for (const section of exam.sections) {
            for (const item of section.items) expectConsistentItem(item);
            const off = section.items.some((i) => i.flag !== 'NORMAL');
            expect(section.conclusion === '未见明显异常').toBe(!off);
          }
          const anyOff = exam.sections.some((s) => s.items.some((i) => i.flag !== 'NORMAL'));
          expect(exam.conclusions.length > 0).toBe(anyOff);
        }
      }
    });
  });
}
