import { describe, expect, it } from 'vitest';
import { type EInvoicePlatform, EInvoicePlatformError, type IssueRequest } from './platform.ts';

/** An implementation under test and the instant the suite issues at. */
export interface EInvoicePlatformUnderTest {
  platform: EInvoicePlatform;
  now: Date;
}

const document = (request: IssueRequest, numbers: Awaited<ReturnType<EInvoicePlatform['issue']>>) => ({
  ...numbers,
  type: request.type,
  hospitalName: '示例人民医院',
  hospitalCode: '12330000470000000A',
  payerName: '张伟',
  payerIdNumber: '110101199003074258',
  amount: request.amount,
  lines: Array.from({ length: 20 }, (_, i) => ({
    name: `项目${i + 1}`,
    amount: i === 0 ? request.amount - 19 : 1,
  })),
  serials: [{ settlementId: 'H-1000-1-1', paidAt: request.issuedAt.toISOString() }],
  issuedAt: request.issuedAt,
});

/** What every {@link EInvoicePlatform} must do for the service (a real adapter: against its test counterpart). */
export function eInvoicePlatformConformance(name: string, make: () => EInvoicePlatformUnderTest): void {
  describe(`EInvoicePlatform conformance: ${name}`, () => {
    it('issues once by our request number: the same numbers again, other numbers for another request', async () => {
      const { platform, now } = make();
      const request: IssueRequest = {
        requestNo: '7001',
        hospitalId: '1000',
        type: 'OUTPATIENT',
        amount: 12_345,
        issuedAt: now,
      };
      const issued = await platform.issue(request);
      expect(issued.invoiceCode).toMatch(/^\d{6,12}$/);
      expect(issued.invoiceNumber).toMatch(/^\d{8,10}$/);
      expect(issued.checkCode.trim()).not.toBe('');
      expect(await platform.issue(request)).toEqual(issued);
      const other = await platform.issue({ ...request, requestNo: '7002' });
      expect(`${other.invoiceCode}-${other.invoiceNumber}`).not.toBe(
        `${issued.invoiceCode}-${issued.invoiceNumber}`,
      );
      await expect(platform.issue({ ...request, amount: 99 })).rejects.toBeInstanceOf(EInvoicePlatformError);
    });

    it('refuses an amount that is not a positive number of fen', async () => {
      const { platform, now } = make();
      for (const amount of [0, -1, 10.5]) {
        await expect(
          platform.issue({ requestNo: '7010', hospitalId: '1000', type: 'INPATIENT', amount, issuedAt: now }),
        ).rejects.toBeInstanceOf(EInvoicePlatformError);
      }
    });

    it('renders an issued invoice as page images, every line on a page; one it never issued is refused', async () => {
      const { platform, now } = make();
      const request: IssueRequest = {
        requestNo: '7020',
        hospitalId: '1000',
        type: 'INPATIENT',
        amount: 50_000,
        issuedAt: now,
      };
      const issued = await platform.issue(request);
      const pages = await platform.render(document(request, issued));
      expect(pages.length).toBeGreaterThan(1);
      for (const page of pages) {
        expect(page.width).toBeGreaterThan(0);
        expect(page.height).toBeGreaterThan(0);
        expect(page.image).toMatch(/^data:image\/(svg\+xml|png|jpeg);base64,/);
      }
      await expect(
        platform.render(document(request, { ...issued, checkCode: 'ZZZZZZ' })),
      ).rejects.toBeInstanceOf(EInvoicePlatformError);
    });
  });
}
