import { api } from '@patient/api-client';
import { UPLOAD_MESSAGES } from '@patient/validation';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compressPhoto, uploadPhotos } from './photos.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('compressPhoto', () => {
  it('scales a large photo down to 1600 px on its longer side and re-encodes it as JPEG through a canvas', async () => {
    const close = vi.fn();
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 4000, height: 3000, close })),
    );
    const drawImage = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage,
    } as unknown as CanvasRenderingContext2D);
    const sizes: [number, number][] = [];
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
      this: HTMLCanvasElement,
      done: BlobCallback,
      type?: string,
    ) {
      sizes.push([this.width, this.height]);
      done(new Blob(['small'], { type }));
    });
    const original = new Blob([new Uint8Array(100_000)], { type: 'image/jpeg' });
    const out = await compressPhoto(original);
    expect(sizes).toEqual([[1600, 1200]]);
    expect(drawImage).toHaveBeenCalledWith(expect.anything(), 0, 0, 1600, 1200);
    expect(out.type).toBe('image/jpeg');
    expect(out.size).toBe(5);
    expect(close).toHaveBeenCalled();
  });

  it('keeps the original where the browser cannot decode it, or re-encoding would not make it smaller', async () => {
    const original = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' });
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => Promise.reject(new Error('cannot decode'))),
    );
    expect(await compressPhoto(original)).toBe(original);
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 10, height: 10, close: vi.fn() })),
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage: vi.fn(),
    } as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done: BlobCallback) =>
      done(new Blob([new Uint8Array(500)])),
    );
    expect(await compressPhoto(original)).toBe(original);
  });
});

describe('uploadPhotos', () => {
  const jpeg = (name: string) =>
    new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1])], name, { type: 'image/jpeg' });
  const keep = async (file: Blob) => file;

  it('sends the photos that pass in one request and names the refused ones with the reason', async () => {
    const request = vi.spyOn(api, 'request').mockResolvedValue([
      { fileId: 'F1', contentType: 'image/jpeg', size: 5 },
      { fileId: 'F2', contentType: 'image/jpeg', size: 5 },
    ]);
    const batch = await uploadPhotos([jpeg('a.jpg'), new File(['<html>'], 'b.jpg'), jpeg('c.jpg')], keep);
    expect(request).toHaveBeenCalledTimes(1);
    const [endpoint, input] = request.mock.calls[0] as unknown as [{ id: string }, { body: FormData }];
    expect(endpoint.id).toBe('uploadFiles');
    expect(input.body.getAll('files')).toHaveLength(2);
    expect(batch.uploaded.map((f) => f.fileId)).toEqual(['F1', 'F2']);
    expect(batch.refused).toEqual([{ index: 1, name: 'b.jpg', message: UPLOAD_MESSAGES.wrongType }]);
  });

  it('sends nothing when every photo is refused; a blob without a name is called by its place', async () => {
    const request = vi.spyOn(api, 'request');
    const batch = await uploadPhotos([new Blob([])], keep);
    expect(request).not.toHaveBeenCalled();
    expect(batch).toEqual({
      uploaded: [],
      refused: [{ index: 0, name: '第1张', message: UPLOAD_MESSAGES.empty }],
    });
  });
});
