import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pdfBlob } from '../PdfDownload.tsx';
import { bodiesOf, harness } from '../testing.tsx';
import ReportPagesPage from './ReportPagesPage.tsx';

const ctx = setupFeature(harness);

describe('the report’s pages and PDF', () => {
  it('shows the pages as images and downloads the PDF the service writes', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:report';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('生化全套报告单-L10001234567890.pdf');
    });
    renderAt({ '/reportDetail/pdf/:sampleId': <ReportPagesPage /> }, '/reportDetail/pdf/L10001234567890');
    expect(await screen.findByRole('img', { name: '生化全套报告单 第1页' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下载PDF' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    expect(bodiesOf(ctx.server, '/v1/report/pdfFile/1000')).toEqual([{ reportId: 'L10001234567890' }]);
    expect(created[0].type).toBe('application/pdf');
    expect(await screen.findByText(/已生成/)).toBeTruthy();
    clicked.mockRestore();
  });

  it('turns the base64 answer into the file’s bytes', () => {
    const blob = pdfBlob({ fileName: 'a.pdf', pageCount: 1, data: 'JVBERi0xLjMK' });
    expect(blob.type).toBe('application/pdf');
    expect(blob.size).toBe('%PDF-1.3\n'.length);
  });
});
