import { useEffect, useRef, useState } from 'react';

export interface QrCodeProps {
  /** The text to encode (a card number, a patient code). */
  value: string;
  /** Rendered width and height in design px. */
  size?: number;
  /** Accessible description, e.g. '就诊卡二维码'. */
  label: string;
}

/**
 * A QR code a hospital scanner can read (error correction M, quiet zone 2). The encoder loads with the first
 * code on screen, not with the homepage.
 */
export function QrCode({ value, size = 200, label }: QrCodeProps) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qrcode) => qrcode.toString(value, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
      .then((markup) => live && setSvg(markup));
    return () => {
      live = false;
    };
  }, [value]);
  const dimension = `${size / 100}rem`;
  return (
    <div
      className="pk-qrcode"
      role="img"
      aria-label={label}
      data-value={value}
      style={{ width: dimension, height: dimension }}
      // The SVG comes from the qrcode encoder, never from the server.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: generated locally from `value`
      dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
    />
  );
}

export interface BarcodeProps {
  /** The number to encode as CODE128. */
  value: string;
  /** Bar height in design px. */
  height?: number;
  label: string;
}

/** A CODE128 barcode with the number printed under it, for the hospital's handheld scanners. */
export function Barcode({ value, height = 64, label }: BarcodeProps) {
  const ref = useRef<SVGSVGElement>(null);
  useEffect(() => {
    let live = true;
    import('jsbarcode').then(({ default: JsBarcode }) => {
      if (live && ref.current) {
        JsBarcode(ref.current, value, {
          format: 'CODE128',
          height,
          width: 2,
          margin: 8,
          displayValue: false,
        });
      }
    });
    return () => {
      live = false;
    };
  }, [value, height]);
  return (
    <figure className="pk-barcode">
      <svg ref={ref} role="img" aria-label={label} data-value={value} />
      <figcaption className="pk-barcode__number">{value}</figcaption>
    </figure>
  );
}
