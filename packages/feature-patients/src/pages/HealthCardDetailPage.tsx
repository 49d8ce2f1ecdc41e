import { api } from '@patient/api-client';
import { useAppState } from '@patient/app-state';
import { addHealthCardToPackage, getHealthCardInfo, getHealthCardQRCode } from '@patient/contract';
import { LoadingView, useRemote } from '@patient/feature-kit';
import { useHospitalConfig } from '@patient/hospital-config';
import { EmptyState, toast, withLoading } from '@patient/ui-kit';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CodePanel } from '../codes/CodePanel.tsx';
import { useRotatingCode } from '../codes/useRotatingCode.ts';
import { InfoRow } from '../contacts/FormRow.tsx';
import { HealthCardGate } from '../health-card/HealthCardGate.tsx';
import '@patient/feature-kit/base.css';
import '../contacts/contacts.css';
import '../health-card/health-card.css';

/**
 * 电子健康卡 (/healthCardDetail): the selected contact's card (app state `healthCard`) with its dynamic QR
 * code (useRotatingCode: refreshed shortly before it expires while the screen is open and visible), and 'add
 * to card package'.
 */
export default function HealthCardDetailPage() {
  return <HealthCardGate>{() => <HealthCardDetail />}</HealthCardGate>;
}

function HealthCardDetail() {
  const navigate = useNavigate();
  const selected = useAppState((s) => s.healthCard);
  if (!selected) {
    return (
      <div className="fk-page">
        <EmptyState text="请先选择要查看的电子健康卡">
          <button
            type="button"
            className="fk-button fk-button--primary fk-button--inline"
            onClick={() => navigate('/healthCardsList', { replace: true })}
          >
            我的电子健康卡
          </button>
        </EmptyState>
      </div>
    );
  }
  return (
    <SelectedCard
      key={selected.healthCardId}
      contactId={selected.contactId}
      healthCardId={selected.healthCardId}
    />
  );
}

function SelectedCard({ contactId, healthCardId }: { contactId: string; healthCardId: string }) {
  const config = useHospitalConfig();
  const [busy, setBusy] = useState(false);
  const info = useRemote(
    (signal) => api.request(getHealthCardInfo, { params: { contactId, healthCardId } }, { signal }),
    `${contactId}/${healthCardId}`,
  );
  const card = info.data;
  const qr = useRotatingCode(
    ({ signal, background }) =>
      api.request(getHealthCardQRCode, { params: { healthCardId } }, { signal, silent: background }),
    card ? healthCardId : null,
  );

  if (!card) {
    return (
      <div className="fk-page">
        <LoadingView
          failed={info.status === 'error'}
          error={info.error}
          onRetry={info.reload}
          loading="正在加载电子健康卡..."
          text="电子健康卡加载失败"
        />
      </div>
    );
  }

  const addToPackage = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { cardPackageOrderId } = await withLoading(
        () => api.request(addHealthCardToPackage, { params: { healthCardId } }),
        '正在加入卡包...',
      );
      info.set((current) => current && { ...current, cardPackageOrderId });
      void toast('已加入卡包');
    } catch {
      // api-client has shown why
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="fk-page">
      <section className="hc-card" aria-label="电子健康卡">
        <header className="hc-card__header">
          <p className="hc-card__title">电子健康卡</p>
          {config.healthGovName && <p className="hc-card__gov">{config.healthGovName}</p>}
        </header>
        <p className="hc-card__name">{card.patientName}</p>
        <CodePanel rotating={qr} value={qr.code?.qrCode ?? null} qrLabel="电子健康卡二维码">
          <p className="hc-card__tip">就诊时请向医护人员出示，请勿截图转发</p>
        </CodePanel>
        <p className="hc-card__number">卡号：{card.cardNo}</p>
      </section>
      <section className="fk-group" aria-label="卡包">
        {card.cardPackageOrderId ? (
          <InfoRow label="卡包">已加入卡包（订单号 {card.cardPackageOrderId}）</InfoRow>
        ) : (
          <InfoRow
            label="卡包"
            action={
              <button type="button" className="fk-text-button" disabled={busy} onClick={addToPackage}>
                加入卡包
              </button>
            }
          >
            未加入
          </InfoRow>
        )}
      </section>
    </div>
  );
}
