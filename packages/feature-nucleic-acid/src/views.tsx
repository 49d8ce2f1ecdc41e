import type { NucleicAcidOrder } from '@patient/contract';
import { QrCode } from '@patient/ui-kit';
import { chinaDateTime } from '@patient/validation';

/** The QR code the sampling point scans, its number, where and when, and until when it is valid. */
export function SamplingCode({ order }: { order: NucleicAcidOrder }) {
  if (!order.qrCode) return null;
  return (
    <section className="fk-card na-code" aria-label="采样二维码">
      <h2 className="fk-section-title">采样时请出示此二维码</h2>
      <QrCode value={order.qrCode} size={200} label="核酸检测采样二维码" />
      <span className="na-code__number">{order.qrCode}</span>
      <span className="fk-muted">
        {order.place}，{order.hours}
      </span>
      <span className="fk-muted">有效期至 {chinaDateTime(order.validUntil)}</span>
    </section>
  );
}
