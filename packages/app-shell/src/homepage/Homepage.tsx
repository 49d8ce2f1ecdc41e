import { useAppState } from '@patient/app-state';
import { onlineBookingOpen } from '@patient/contract';
import { BOOKING_ROUTES, type ServiceKey, useHospitalConfig } from '@patient/hospital-config';
import { ElderOffer, ElderServices, ElderSwitch } from './elder.tsx';
import {
  Banner,
  HospitalHeader,
  Hotlines,
  IntroCard,
  Notice,
  PrivacyLinks,
  QuickEntries,
  ServiceGrid,
  TopBar,
} from './pieces.tsx';
import { SERVICE_ENTRIES } from './services.ts';
import { UserBar } from './UserBar.tsx';

const BOOKING = new Set<string>(BOOKING_ROUTES);

import './homepage.css';

/**
 * The hospital's home screen: one of three layouts, assembled from the shared pieces by the config; in elder
 * mode one layout for every hospital (no banner, the most used services first in large tiles). It paints
 * before the start-up data is in: meanwhile the health-card entry shows (most hospitals have it; its screen
 * waits for the data), and the notice and the header's address keep their room, so nothing below moves when the
 * data arrives. Hospital content (notice, address, hotline) comes from the service's start-up parameters only.
 */
export default function Homepage() {
  const config = useHospitalConfig();
  const hospitalName = useAppState((s) => s.hospitalName) ?? config.name;
  const pending = useAppState((s) => s.startup === 'pending');
  const canGoToHealthCard = useAppState((s) => s.canGoToHealthCard) || pending;
  const elder = useAppState((s) => s.elderMode);
  const notice = useAppState((s) => s.systemParam.NOTICE) ?? config.homepage.notice;
  const address = useAppState((s) => s.systemParam.ADDRESS);
  const hotline = useAppState((s) => s.systemParam.HOTLINE);
  const { layout, banners } = config.homepage;
  const bookingOpen = useAppState((s) => onlineBookingOpen(s.systemParam));
  // An entry shows unless the service turned its service off (health card, online booking).
  const offered = (key: ServiceKey) =>
    (key !== 'healthCard' || canGoToHealthCard) && (bookingOpen || !BOOKING.has(SERVICE_ENTRIES[key].path));
  const services = config.homepage.services.filter(offered);
  const quickEntries = config.homepage.quickEntries.filter(offered);
  const name = config.isHospitalName ? hospitalName : undefined;

  if (elder) {
    const all = [...new Set([...quickEntries, ...services])];
    return (
      <div className="hp hp--elder" data-hospital={config.key}>
        <TopBar name={name}>
          <ElderSwitch />
        </TopBar>
        <UserBar />
        <Notice text={notice} pending={pending} />
        <ElderServices keys={all} />
        <IntroCard name={hospitalName} address={address} />
        <Hotlines hotline={hotline} />
        <PrivacyLinks />
      </div>
    );
  }

  return (
    <div className={`hp hp--${layout}`} data-hospital={config.key}>
      {layout === 'header' && name ? (
        <HospitalHeader name={name} subtitle={address ?? '\u00a0'}>
          <ElderSwitch />
        </HospitalHeader>
      ) : (
        <TopBar name={name}>
          <ElderSwitch />
        </TopBar>
      )}
      {layout !== 'compact' && <Banner images={banners} alt={`${hospitalName}宣传图`} />}
      <ElderOffer />
      <UserBar />
      <Notice text={notice} pending={pending} />
      {layout !== 'compact' && <QuickEntries keys={quickEntries} />}
      <ServiceGrid
        keys={layout === 'compact' ? [...quickEntries, ...services] : services}
        columns={layout === 'compact' ? 5 : 4}
      />
      <IntroCard name={hospitalName} address={address} />
      <Hotlines hotline={hotline} />
      <PrivacyLinks />
    </div>
  );
}
