import { isCancelled } from '@patient/api-client';
import type { PdfFile } from '@patient/contract';
import { toast } from '@patient/ui-kit';
import { useState } from 'react';

/** The file's bytes as a Blob (application/pdf). */
export function pdfBlob(file: PdfFile): Blob {
  const binary = atob(file.data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: 'application/pdf' });
}

/** Hands the file to the browser as a download (a link with `download`, clicked, then let go). */
export function saveFile(file: PdfFile): void {
  const url = URL.createObjectURL(pdfBlob(file));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

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
          saveFile(file);
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
