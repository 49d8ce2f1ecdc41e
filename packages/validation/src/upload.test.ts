import { describe, expect, it } from 'vitest';
import { checkUploadImage, sniffImageType, UPLOAD_LIMITS, UPLOAD_MESSAGES } from './upload';

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

describe('sniffImageType', () => {
  it('knows JPEG, PNG and WebP by their first bytes', () => {
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0))).toBe('image/jpeg');
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffImageType(bytes(...ascii('RIFF'), 1, 2, 3, 4, ...ascii('WEBPVP8 ')))).toBe('image/webp');
  });

  it('refuses anything else, however it is named: GIF, PDF, HTML, a RIFF that is not WebP, a cut signature', () => {
    expect(sniffImageType(bytes(...ascii('GIF89a')))).toBeNull();
    expect(sniffImageType(bytes(...ascii('%PDF-1.7')))).toBeNull();
    expect(sniffImageType(bytes(...ascii('<svg onload=alert(1)>')))).toBeNull();
    expect(sniffImageType(bytes(...ascii('RIFF'), 1, 2, 3, 4, ...ascii('WAVE')))).toBeNull();
    expect(sniffImageType(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
  });
});

describe('checkUploadImage', () => {
  it('says in Chinese what is wrong: empty, too large, wrong type', () => {
    expect(checkUploadImage(bytes())).toEqual({ valid: false, message: UPLOAD_MESSAGES.empty });
    const large = new Uint8Array(UPLOAD_LIMITS.maxBytes + 1);
    large.set([0xff, 0xd8, 0xff]);
    expect(checkUploadImage(large)).toEqual({ valid: false, message: '图片不能超过 5 MB，请重新拍摄或选择' });
    expect(checkUploadImage(bytes(...ascii('hello')))).toEqual({
      valid: false,
      message: '仅支持 JPG、PNG、WebP 格式的图片，请重新选择',
    });
  });

  it('takes a photo at the limit', () => {
    const photo = new Uint8Array(UPLOAD_LIMITS.maxBytes);
    photo.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(checkUploadImage(photo)).toEqual({ valid: true, type: 'image/png' });
  });
});
