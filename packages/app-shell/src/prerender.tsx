import { DEVICE_SETTING_PREFIX } from '@patient/app-state';
import { type HospitalConfig, HospitalConfigProvider } from '@patient/hospital-config';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { ELDER_MODE_SETTING, ELDER_PARAM } from './elder-mode.ts';
import { AppRoutes, homepageRoutes, stagedRouteTable } from './routes.tsx';

export { themeBootScript } from './theme.ts';

/**
 * The homepage as the build writes it into index.html (see @patient/configs' prerenderedHomepage): the tree
 * createHospitalApp renders, at /homepage, in the store's initial state (before the start-up data, the login
 * state unknown), so that a slow phone paints the real first screen from the HTML alone, before any script,
 * and the app hydrates it (the same nodes: the first screen does not paint twice).
 */
export function prerenderHomepage(config: HospitalConfig): string {
  const table = stagedRouteTable(homepageRoutes(config, { loadContacts: async () => {} }), () =>
    Promise.reject(new Error('prerenderHomepage renders /homepage only')),
  );
  return renderToString(
    <StrictMode>
      <HospitalConfigProvider config={config}>
        <MemoryRouter initialEntries={['/homepage']}>
          <AppRoutes table={table} onEnterHomepage={() => {}} />
        </MemoryRouter>
      </HospitalConfigProvider>
    </StrictMode>,
  );
}

/**
 * The inline script that follows the prerendered homepage in index.html and runs before the first paint: where
 * the app will not start on the normal homepage (another path; elder mode from a link, from the patient's
 * choice on this device or from the hospital's default, see startElderMode; the payment-app mini-program where
 * the hospital is offline there), it puts `bootHtml` back in `#root`, so that nothing paints that the app
 * would replace at once.
 */
export function homepageOrBootScript(
  config: Pick<HospitalConfig, 'elderModeDefault' | 'offlineInPaymentMiniProgram'>,
  bootHtml: string,
): string {
  const setting = JSON.stringify(DEVICE_SETTING_PREFIX + ELDER_MODE_SETTING);
  const param = new RegExp(`[?&]${ELDER_PARAM}=([^&#]*)`).source;
  return (
    `(function(){var e=${config.elderModeDefault};try{` +
    `var m=/${param}/.exec(location.search),v=m?m[1].toLowerCase():null,s=localStorage.getItem(${setting});` +
    `e=v==='1'||v==='true'||(v!=='0'&&v!=='false'&&(s==='1'||(s!=='0'&&e)))}catch(x){}` +
    // A hospital offline in the payment-app mini-program shows only that (detectChannel's rule).
    (config.offlineInPaymentMiniProgram
      ? `if(/AlipayClient/i.test(navigator.userAgent)&&/MiniProgram/i.test(navigator.userAgent))e=true;`
      : '') +
    `if(e||!/^\\/(homepage)?\\/?$/i.test(location.pathname)){var r=document.getElementById('root');` +
    `r.removeAttribute('inert');r.removeAttribute('data-prerendered');` +
    `r.innerHTML=${JSON.stringify(bootHtml).replace(/</g, '\\u003c')}}})()`
  );
}
