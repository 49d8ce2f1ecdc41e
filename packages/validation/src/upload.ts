/** Image types a patient may upload (photos of documents), told apart by their first bytes, never by name. */
export type UploadImageType = 'image/jpeg' | 'image/png' | 'image/webp';

/** Limits of photo uploads: bytes per photo (after the phone compressed it) and photos per request. */
export const UPLOAD_LIMITS = Object.freeze({
  maxBytes: 5 * 1024 * 1024,
  maxFiles: 3,
  /** The longer side the phone scales a photo down to before sending it. */
  maxSide: 1600,
});

/** Messages of {@link checkUploadImage} and of the upload calls. */
export const UPLOAD_MESSAGES = Object.freeze({
  empty: '图片内容为空，请重新选择',
  wrongType: '仅支持 JPG、PNG、WebP 格式的图片，请重新选择',
  tooLarge: `图片不能超过 ${UPLOAD_LIMITS.maxBytes / 1024 / 1024} MB，请重新拍摄或选择`,
  tooMany: `一次最多上传 ${UPLOAD_LIMITS.maxFiles} 张图片`,
  none: '请选择要上传的图片',
});

const startsWith = (bytes: Uint8Array, at: number, signature: readonly number[]) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

/**
 * The image type of `bytes` by its signature: JPEG (FF D8 FF), PNG (89 'PNG' 0D 0A 1A 0A), WebP ('RIFF' … 'WEBP').
 * Null for anything else, whatever the file is called.
 */
export function sniffImageType(bytes: Uint8Array): UploadImageType | null {
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, 0, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, 8, [0x57, 0x45, 0x42, 0x50])) {
    return 'image/webp';
  }
  return null;
}

/** Checks one photo: not empty, at most {@link UPLOAD_LIMITS}.maxBytes, a JPEG, PNG or WebP by content. */
export function checkUploadImage(
  bytes: Uint8Array,
): { valid: true; type: UploadImageType } | { valid: false; message: string } {
  if (bytes.length === 0) return { valid: false, message: UPLOAD_MESSAGES.empty };
  if (bytes.length > UPLOAD_LIMITS.maxBytes) return { valid: false, message: UPLOAD_MESSAGES.tooLarge };
  const type = sniffImageType(bytes);
  return type ? { valid: true, type } : { valid: false, message: UPLOAD_MESSAGES.wrongType };
}
