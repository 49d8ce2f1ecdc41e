import { isCancelled } from '@patient/api-client';
import type { PdfFile } from '@patient/contract';
import { fileBlob, saveFile } from '@patient/feature-kit';
import { toast } from '@patient/ui-kit';
import { useState } from 'react';

/** The file's bytes as a Blob (application/pdf). */
export const pdfBlob = (file: PdfFile): Blob => fileBlob(file, 'application/pdf');

/**
 * 下载PDF: asks the service for the report as a PDF file (written from the report's data, the hospital's name
 * and an embedded CJK font) and saves it; the service's refusal (no font, not ready) shows as its toast.
 */
export function PdfDownload({ load, label = '下载PDF' }: { load(): Promise<PdfFile>; label?: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="fk-button"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const file = await load();
          saveFile(file, 'application/pdf');
          void toast(`已生成 ${file.fileName}（共${file.pageCount}页）`);
        } catch (error) {
          if (isCancelled(error)) return;
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy ? '正在生成PDF…' : label}
    </button>
  );
}
