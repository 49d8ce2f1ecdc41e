/** A file the service sends inside its envelope: the bytes as base64. */
export interface Base64File {
  fileName: string;
  data: string;
}

/** The file's bytes as a Blob of `type`. */
export function fileBlob(file: Base64File, type: string): Blob {
  const binary = atob(file.data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** Hands the file to the browser as a download (a link with `download`, clicked, then let go). */
export function saveFile(file: Base64File, type: string): void {
  const url = URL.createObjectURL(fileBlob(file, type));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
