import { healthCertificate, type LabItem, labItem } from '@patient/contract';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { HisPerson } from '../patients/index.ts';
import type { HisOrder, RecordSystem } from './his.ts';
import { type Laboratory, ReportNotFoundError, type SourceReport } from './lis.ts';

/** A lab or exam item as the service shows it: the contract's shape, its flag agreeing with its value. */
export function expectConsistentItem(item: LabItem): void {
  expect(() => z.parse(labItem, item), item.code).not.toThrow();
  expect(item.referenceRange.trim(), item.code).not.toBe('');
  if (item.numeric === null) {
    // A qualitative result: normal exactly when it reads as the range.
    expect(item.flag, item.code).toBe(item.value === item.referenceRange ? 'NORMAL' : 'ABNORMAL');
    return;
  }
  expect(Number(item.value), item.code).toBe(item.numeric);
  const expected =
    item.high !== null && item.numeric > item.high
      ? 'HIGH'
      : item.low !== null && item.numeric < item.low
        ? 'LOW'
        : 'NORMAL';
  expect(item.flag, `${item.code} ${item.value} (${item.low}-${item.high})`).toBe(expected);
}

/** A report as the service shows it: signed after collection, the part of its kind filled in. */
export function expectConsistentReport(report: SourceReport, order: HisOrder): void {
  expect(report.reportId).toBe(order.reportId);
  expect(report.kind).toBe(order.order.kind);
  expect(report.reportedAt.getTime()).toBeGreaterThanOrEqual(report.collectedAt.getTime());
  expect(report.collectedAt.getTime()).toBeGreaterThanOrEqual(order.requestedAt.getTime());
  for (const text of [report.name, report.performedBy, report.reporterName, report.reviewerName]) {
    expect(text.trim()).not.toBe('');
  }
  expect(report.items !== null).toBe(report.kind === 'LAB');
  expect(report.imaging !== null).toBe(report.kind === 'IMAGING');
  expect(report.pathology !== null).toBe(report.kind === 'PATHOLOGY');
  expect(report.healthCertificate !== null).toBe(report.kind === 'HEALTH_CERTIFICATE');
  for (const item of report.items ?? []) expectConsistentItem(item);
  const certificate = report.healthCertificate;
  if (certificate) {
    expect(() => z.parse(healthCertificate, certificate)).not.toThrow();
    const passed = certificate.items.every((i) => i.qualified);
    expect(certificate.conclusion).toBe(passed ? 'QUALIFIED' : 'UNQUALIFIED');
    expect(certificate.certificateNo !== null).toBe(passed);
    if (passed) expect((certificate.validUntil ?? '') > (certificate.validFrom ?? '')).toBe(true);
  }
}

/** The HIS's orders of the person (to ask the report systems about), split by who reports them. */
export async function ordersOf(his: RecordSystem, person: HisPerson, anchor: Date) {
  const orders = (await his.visitsOf(person, anchor)).flatMap((v) => v.orders);
  return {
    lab: orders.filter((o) => o.order.kind === 'LAB'),
    exam: orders.filter((o) => o.order.kind !== 'LAB'),
  };
}

/** A laboratory under test with the HIS whose orders it reports on, and people both know. */
export interface LaboratoryUnderTest {
  port: Laboratory;
  his: RecordSystem;
  people: HisPerson[];
  anchor: Date;
}

/** What every {@link Laboratory} must do for the service (the simulated one, a real adapter's sandbox). */
export function laboratoryConformance(name: string, make: () => LaboratoryUnderTest): void {
  describe(`Laboratory conformance: ${name}`, () => {
    it('reports the HIS’s lab orders in the order asked, the same every time', async () => {
      const { port, his, people, anchor } = make();
      for (const person of people) {
        const { lab } = await ordersOf(his, person, anchor);
        expect(lab.length).toBeGreaterThan(0);
        const ids = lab.map((o) => o.reportId);
        const reports = await port.reportsOf(person, anchor, ids);
        expect(reports.map((r) => r.reportId)).toEqual(ids);
        expect(await port.reportsOf(person, anchor, [...ids].reverse())).toEqual([...reports].reverse());
        expect(await make().port.reportsOf(person, anchor, ids)).toEqual(reports);
      }
    });

    it('gives every item its unit and range, and a flag that agrees with the value', async () => {
      const { port, his, people, anchor } = make();
      for (const person of people) {
        const { lab } = await ordersOf(his, person, anchor);
        const reports = await port.reportsOf(
          person,
          anchor,
          lab.map((o) => o.reportId),
        );
        for (const [i, report] of reports.entries()) {
          expectConsistentReport(report, lab[i]);
          expect(report.items?.length).toBeGreaterThan(0);
        }
      }
    });

    it('refuses an unknown id, another person’s and one it does not report, with ReportNotFoundError', async () => {
      const { port, his, people, anchor } = make();
      const [a, b] = people;
      const mine = await ordersOf(his, a, anchor);
      const theirs = await ordersOf(his, b, anchor);
      for (const id of ['L0000000000000', theirs.lab[0].reportId, mine.exam[0]?.reportId ?? 'X1']) {
        const refused = await port.reportsOf(a, anchor, [mine.lab[0].reportId, id]).catch((e: unknown) => e);
        expect(refused, id).toBeInstanceOf(ReportNotFoundError);
        expect((refused as ReportNotFoundError).reportId).toBe(id);
      }
    });
  });
}
