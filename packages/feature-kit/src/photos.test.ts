import { afterEach, describe, expect, it, vi } from 'vitest';
import { compressPhoto } from './photos.ts';

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
