import { useAppState } from '@patient/app-state';
import { useHospitalConfig } from '@patient/hospital-config';
import { EmptyState } from '@patient/ui-kit';
import type { ReactNode } from 'react';
import { useHospitalId } from '../contacts/useContact.ts';
import '@patient/feature-kit/base.css';
import '../contacts/contacts.css';
import './health-card.css';

/**
 * Shows the electronic health card screens only where the hospital offers them (start-up's
 * canGoToHealthCard); elsewhere a clear empty state. Children get the hospital id.
 */
export function HealthCardGate({ children }: { children(hospitalId: string): ReactNode }) {
  const config = useHospitalConfig();
  const hospitalId = useHospitalId(config.id);
  const open = useAppState((s) => s.canGoToHealthCard);
  if (!hospitalId || !open) {
    return (
      <div className="fk-page">
        <EmptyState text="本院暂未开通电子健康卡服务" />
      </div>
    );
  }
  return <>{children(hospitalId)}</>;
}

/** The header of the health-card screens: what the card is and who issues it. */
export function HealthCardBanner() {
  const config = useHospitalConfig();
  return (
    <header className="hc-banner">
      <p className="hc-banner__title">电子健康卡</p>
      <p className="hc-banner__text">
        一人一卡，就诊、缴费、查报告扫码即用
        {config.healthGovName && <span className="hc-banner__gov">{config.healthGovName}监制</span>}
      </p>
    </header>
  );
}
