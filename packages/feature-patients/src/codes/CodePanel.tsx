import { errorText } from '@patient/feature-kit';
import { Barcode, QrCode, Spinner } from '@patient/ui-kit';
import type { ReactNode } from 'react';
import { formatTime } from './healthCode.ts';
import type { RotatingCode } from './useRotatingCode.ts';
import '@patient/feature-kit/base.css';
import './codes.css';

export interface CodePanelProps {
  rotating: RotatingCode<{ expiresAt: string }>;
  /** The text the QR code (and barcode) encode, once a code is there. */
  value: string | null;
  /** Accessible names: '患者码二维码'… */
  qrLabel: string;
  barcodeLabel?: string;
  /** Also draw a CODE128 barcode of `value`. */
  barcode?: boolean;
  /** Extra class for colouring the QR code (health code). */
  className?: string;
  children?: ReactNode;
}

/**
 * The QR code (and barcode) of a rotating code, with its loading, failed and stale states, the time it was
 * fetched and a refresh button.
 */
export function CodePanel({
  rotating,
  value,
  qrLabel,
  barcodeLabel,
  barcode,
  className,
  children,
}: CodePanelProps) {
  if (rotating.status === 'loading' || (rotating.status === 'ready' && value === null)) {
    return <Spinner text="正在获取二维码..." />;
  }
  if (rotating.status === 'error' || value === null) {
    return (
      <div className="mc-code-failed" role="alert">
        <p>{errorText(rotating.error)}</p>
        <button
          type="button"
          className="fk-button fk-button--primary fk-button--inline"
          onClick={rotating.refresh}
        >
          重新获取
        </button>
      </div>
    );
  }
  return (
    <div
      className={`mc-code-panel${className ? ` ${className}` : ''}`}
      data-stale={rotating.failed || undefined}
    >
      <div className="mc-code-panel__codes">
        <QrCode value={value} size={188} label={qrLabel} />
        {barcode && <Barcode value={value} height={48} label={barcodeLabel ?? `${qrLabel}条形码`} />}
        {rotating.failed && (
          <button type="button" className="mc-code-panel__stale" onClick={rotating.refresh}>
            二维码刷新失败，点击重试
          </button>
        )}
      </div>
      {children}
      <p className="mc-code-panel__time">
        {rotating.fetchedAt && `更新于 ${formatTime(rotating.fetchedAt)} · 二维码定时自动刷新`}
        <button type="button" className="fk-text-button" onClick={rotating.refresh}>
          刷新
        </button>
      </p>
    </div>
  );
}
