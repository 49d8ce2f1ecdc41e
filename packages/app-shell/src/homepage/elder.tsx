import { useAppState } from '@patient/app-state';
import type { ServiceKey } from '@patient/hospital-config';
import { answerElderOffer, switchElderMode } from '../elder-mode.ts';
import { ServiceLink } from './pieces.tsx';
import { ELDER_FIRST } from './services.ts';

/** The 长辈模式 switch of the homepage header: on and off at once, remembered on the device. */
export function ElderSwitch() {
  const on = useAppState((s) => s.elderMode);
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      className="hp-elder-switch"
      onClick={() => switchElderMode(!on)}
    >
      <span className="hp-elder-switch__track" aria-hidden="true" />
      长辈模式
    </button>
  );
}

/**
 * Offered once when the messaging app shows text large (elderOffer): stays until answered, never times out.
 */
export function ElderOffer() {
  const offer = useAppState((s) => s.elderOffer);
  if (!offer) return null;
  return (
    <section className="hp-elder-offer" aria-label="长辈模式">
      <p className="hp-elder-offer__text">
        您的字体设置较大，是否开启长辈模式？开启后文字更大、按钮更大，常用服务排在最前。
      </p>
      <div className="hp-elder-offer__actions">
        <button type="button" className="hp-elder-offer__accept" onClick={() => answerElderOffer(true)}>
          开启长辈模式
        </button>
        <button type="button" className="hp-elder-offer__dismiss" onClick={() => answerElderOffer(false)}>
          暂不开启
        </button>
      </div>
    </section>
  );
}

/**
 * Elder mode's services: the most used ones (ELDER_FIRST, as far as the hospital offers them) first in large
 * tiles, then every other one in a two-column list.
 */
export function ElderServices({ keys }: { keys: ServiceKey[] }) {
  const first = ELDER_FIRST.filter((key) => keys.includes(key));
  const rest = keys.filter((key) => !first.includes(key));
  return (
    <>
      {first.length > 0 && (
        <nav className="hp-tiles" aria-label="常用服务">
          {first.map((key) => (
            <ServiceLink key={key} service={key} className="hp-tile" large />
          ))}
        </nav>
      )}
      {rest.length > 0 && (
        <section className="hp-card">
          <h2 className="hp-card__title">全部服务</h2>
          <nav className="hp-list" aria-label="全部服务">
            {rest.map((key) => (
              <ServiceLink key={key} service={key} className="hp-list__item" />
            ))}
          </nav>
        </section>
      )}
    </>
  );
}
