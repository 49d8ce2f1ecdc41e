import { useAppState } from '@patient/app-state';
import { useHospitalConfig } from '@patient/hospital-config';
import { Banner, HospitalHeader, Hotlines, IntroCard, Notice, QuickEntries, ServiceGrid } from './pieces.tsx';
import { UserBar } from './UserBar.tsx';
import './homepage.css';

/** The hospital's home screen: one of three layouts, assembled from the shared pieces by the config. */
export default function Homepage() {
  const config = useHospitalConfig();
  const hospitalName = useAppState((s) => s.hospitalName) ?? config.name;
  const canGoToHealthCard = useAppState((s) => s.canGoToHealthCard);
  const notice = useAppState((s) => s.systemParam.NOTICE) ?? config.homepage.notice;
  const { layout, banners, quickEntries } = config.homepage;
  const services = config.homepage.services.filter((key) => key !== 'healthCard' || canGoToHealthCard);
  const name = config.isHospitalName ? hospitalName : undefined;

  return (
    <main className={`hp hp--${layout}`} data-hospital={config.key}>
      {layout === 'header' && name && (
        <HospitalHeader name={name} subtitle={config.hosIntroduction.subtitle} />
      )}
      {layout !== 'header' && name && <h1 className="hp-title">{name}</h1>}
      {layout !== 'compact' && <Banner images={banners} alt={`${hospitalName}宣传图`} />}
      <UserBar />
      <Notice text={notice} />
      {layout !== 'compact' && <QuickEntries keys={quickEntries} />}
      <ServiceGrid
        keys={layout === 'compact' ? [...quickEntries, ...services] : services}
        columns={layout === 'compact' ? 5 : 4}
      />
      <IntroCard intro={config.hosIntroduction} />
      <Hotlines hotlines={config.hotlines} />
    </main>
  );
}
