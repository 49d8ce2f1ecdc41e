import { api } from '@patient/api-client';
import { type UploadedFile, uploadFile, uploadFiles } from '@patient/contract';
import { checkUploadImage, UPLOAD_LIMITS } from '@patient/validation';

/** A photo could not be used: the message says why, in the patient's words. */
export class PhotoProblem extends Error {}

/**
 * The photo scaled down on the phone (longer side at most UPLOAD_LIMITS.maxSide) and re-encoded as JPEG through
 * a canvas; where the browser cannot decode or draw it, the original as it is.
 */
export async function compressPhoto(file: Blob): Promise<Blob> {
  if (typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  const scale = Math.min(1, UPLOAD_LIMITS.maxSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  const context = canvas.getContext('2d');
  if (!context) return file;
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.82));
  return blob && blob.size < file.size ? blob : file;
}

/** The bytes of a blob (FileReader where Blob.arrayBuffer is missing: older WebViews). */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer().then((b) => new Uint8Array(b));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** Compresses a chosen photo, checks it as the service will (content, size), and uploads it. */
export async function uploadPhoto(file: Blob, compress = compressPhoto): Promise<UploadedFile> {
  const photo = await compress(file);
  const checked = checkUploadImage(await bytesOf(photo));
  if (!checked.valid) throw new PhotoProblem(checked.message);
  const form = new FormData();
  form.append('file', photo, 'photo');
  return api.request(uploadFile, { body: form });
}

/** A chosen photo that could not be used: which one (its place among those chosen, its name) and why. */
export interface PhotoRefusal {
  index: number;
  name: string;
  message: string;
}

/** What came of several chosen photos: the uploaded ones in the order chosen, and those refused on the phone. */
export interface PhotoBatch {
  uploaded: UploadedFile[];
  refused: PhotoRefusal[];
}

/**
 * Several chosen photos at once: each compressed and checked on the phone as {@link uploadPhoto} does; those
 * that pass go up in one request (uploadFiles, field `files`), the others are reported by name with the reason,
 * so one bad file does not lose the rest. The request itself failing (the network, the service) rejects.
 */
export async function uploadPhotos(files: readonly Blob[], compress = compressPhoto): Promise<PhotoBatch> {
  const refused: PhotoRefusal[] = [];
  const ready: Blob[] = [];
  for (const [index, file] of files.entries()) {
    const photo = await compress(file);
    const checked = checkUploadImage(await bytesOf(photo));
    if (checked.valid) ready.push(photo);
    else {
      const name =
        typeof File === 'function' && file instanceof File && file.name ? file.name : `第${index + 1}张`;
      refused.push({ index, name, message: checked.message });
    }
  }
  if (ready.length === 0) return { uploaded: [], refused };
  const form = new FormData();
  for (const photo of ready) form.append('files', photo, 'photo');
  return { uploaded: await api.request(uploadFiles, { body: form }), refused };
}
