import { useAppState } from '@patient/app-state';
import type { ServiceKey } from '@patient/hospital-config';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SERVICE_ENTRIES } from './services.ts';

/** The swiper of banner images (CSS scroll-snap: no script on the critical path). */
export function Banner({ images, alt }: { images: string[]; alt: string }) {
  const index = useAppState((s) => s.swiperIndex);
  const update = useAppState((s) => s.update);
  if (images.length === 0) return null;
  return (
    <div className="hp-banner">
      <div
        className="hp-banner__track"
        onScroll={(e) => {
          const el = e.currentTarget;
          const next = Math.round(el.scrollLeft / el.clientWidth);
          if (next !== index) {
            update((s) => {
              s.swiperIndex = next;
            });
          }
        }}
      >
        {images.map((src, i) => (
          <img
            key={src}
            className="hp-banner__image"
            src={src}
            alt={i === 0 ? alt : ''}
            width={351}
            height={140}
            // The first image is the first screen's largest: fetched before the scripts (React 18 knows no
            // fetchPriority prop, the lowercase attribute passes through).
            {...{ fetchpriority: i === 0 ? 'high' : undefined }}
          />
        ))}
      </div>
      {images.length > 1 && (
        <div className="hp-banner__dots">
          {images.map((src, i) => (
            <span key={src} className={i === index ? 'is-active' : ''} />
          ))}
        </div>
      )}
    </div>
  );
}

export function HospitalHeader({
  name,
  subtitle,
  children,
}: {
  name: string;
  subtitle?: string;
  /** Controls at the header's end (the elder-mode switch). */
  children?: ReactNode;
}) {
  return (
    <header className="hp-header">
      <div className="hp-top">
        <p className="hp-header__name">{name}</p>
        {children}
      </div>
      {subtitle && <p className="hp-header__subtitle">{subtitle}</p>}
    </header>
  );
}

/** The top row of the layouts without a coloured header: the hospital name (if shown) and the controls. */
export function TopBar({ name, children }: { name?: string; children: ReactNode }) {
  return (
    <div className="hp-top">
      {name && <p className="hp-title">{name}</p>}
      {children}
    </div>
  );
}

/** The hospital's notice; while the start-up data is on its way, an empty bar of the same size. */
export function Notice({ text, pending = false }: { text: string | null; pending?: boolean }) {
  if (!text && pending) return <p className="hp-notice" aria-hidden="true" />;
  if (!text) return null;
  return (
    <p className="hp-notice" role="note">
      <span className="hp-notice__tag">公告</span>
      {text}
    </p>
  );
}

/** One service entry: its icon (large in the quick entries and elder tiles) and its title, linking to its route. */
export function ServiceLink({
  service,
  className,
  large = false,
  labelClassName,
}: {
  service: ServiceKey;
  className: string;
  large?: boolean;
  labelClassName?: string;
}) {
  const entry = SERVICE_ENTRIES[service];
  return (
    <Link to={entry.path} className={className}>
      <span
        className={large ? 'hp-icon hp-icon--large' : 'hp-icon'}
        style={{ background: entry.color }}
        aria-hidden="true"
      >
        {entry.glyph}
      </span>
      <span className={labelClassName}>{entry.title}</span>
    </Link>
  );
}

export function QuickEntries({ keys }: { keys: ServiceKey[] }) {
  if (keys.length === 0) return null;
  return (
    <nav className="hp-quick" aria-label="常用服务">
      {keys.map((key) => (
        <ServiceLink key={key} service={key} className="hp-quick__item" large />
      ))}
    </nav>
  );
}

export function ServiceGrid({ keys, columns = 4 }: { keys: ServiceKey[]; columns?: 4 | 5 }) {
  return (
    <section className="hp-card">
      <h2 className="hp-card__title">全部服务</h2>
      <nav className={`hp-grid hp-grid--${columns}`} aria-label="全部服务">
        {keys.map((key) => (
          <ServiceLink key={key} service={key} className="hp-grid__item" labelClassName="hp-grid__label" />
        ))}
      </nav>
    </section>
  );
}

/** The hospital's hotline from the service (start-up parameter HOTLINE), tap to call; nothing until it is known. */
export function Hotlines({ hotline }: { hotline: string | undefined }) {
  if (!hotline) return null;
  return (
    <section className="hp-card">
      <h2 className="hp-card__title">服务热线</h2>
      <ul className="hp-hotlines">
        <li>
          <span>咨询电话</span>
          <a href={`tel:${hotline.replace(/[^\d-]/g, '')}`}>{hotline}</a>
        </li>
        <li>
          <span>急诊、地址与交通</span>
          <Link to="/hospitalinfo">医院信息 ›</Link>
        </li>
      </ul>
    </section>
  );
}

/**
 * The hospital's 用户协议 and 隐私政策, and 隐私与授权 (consents, the access log, a copy of one's data, deleting the
 * account): feature-consent's pages, by path, at the foot of every homepage.
 */
export function PrivacyLinks() {
  return (
    <nav className="hp-privacy" aria-label="隐私与协议">
      <Link to="/privacy/agreement">《用户协议》</Link>
      <Link to="/privacy/policy">《隐私政策》</Link>
      <Link to="/privacy/consents">隐私与授权</Link>
    </nav>
  );
}

/** The way to the hospital's introduction: its name and the address the service holds (a line kept meanwhile). */
export function IntroCard({ name, address }: { name: string; address: string | undefined }) {
  return (
    <Link to="/hosIntroduction" className="hp-card hp-intro">
      <span className="hp-intro__header">{name}</span>
      <span className="hp-intro__subtitle">{address ?? '\u00a0'}</span>
      <span className="hp-intro__more">医院介绍 ›</span>
    </Link>
  );
}
