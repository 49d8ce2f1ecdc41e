import { ApiError, api, detectChannel, isCancelled } from '@patient/api-client';
import { claimCityServiceEnergy } from '@patient/contract';
import { useHospitalConfig } from '@patient/hospital-config';
import { alipayAuthCode } from '@patient/payment';
import { useCallback, useEffect, useState } from 'react';

/** How long the payment app may take to give an authorisation code. */
export const AUTH_CODE_TIMEOUT_MS = 5000;

type Claim =
  | { state: 'asking' }
  | { state: 'granted'; energy: number; repeated: boolean }
  | { state: 'failed'; message: string };

/** Inside the payment app: its mini-program web-view or its own browser. */
const inPaymentApp = () =>
  detectChannel(navigator.userAgent, window.__wxjs_environment) === 'ALIPAY_MINI_PROGRAM' ||
  /AlipayClient/i.test(navigator.userAgent);

/**
 * The payment app's city-service green energy for a booking paid there (001 §7): claimed once when the success
 * page shows, with a silent authorisation code; the service answers the first grant again on a second look, so
 * a reload claims nothing twice. Renders nothing outside the payment app or where the hospital has no city
 * service.
 */
export function EnergyReward({ orderId }: { orderId: string }) {
  const { alipayCityService } = useHospitalConfig();
  const shown = alipayCityService !== null && inPaymentApp();
  const [claim, setClaim] = useState<Claim>({ state: 'asking' });
  const [round, setRound] = useState(0);
  const retry = useCallback(() => setRound((n) => n + 1), []);

  useEffect(() => {
    if (!shown || !alipayCityService) return;
    const controller = new AbortController();
    setClaim({ state: 'asking' });
    (async () => {
      const code = await alipayAuthCode(alipayCityService.appId, AUTH_CODE_TIMEOUT_MS);
      if (controller.signal.aborted) return;
      if (!code) {
        setClaim({ state: 'failed', message: '未能获得支付宝授权，请稍后重试' });
        return;
      }
      const grant = await api.request(
        claimCityServiceEnergy,
        { query: { code, scene: alipayCityService.scene, orderId } },
        { signal: controller.signal, silent: true },
      );
      if (!controller.signal.aborted)
        setClaim({ state: 'granted', energy: grant.energy, repeated: grant.repeated });
    })().catch((error: unknown) => {
      if (controller.signal.aborted || isCancelled(error)) return;
      setClaim({
        state: 'failed',
        message: error instanceof ApiError ? error.message : '绿色能量领取失败，请稍后重试',
      });
    });
    return () => controller.abort();
  }, [shown, alipayCityService, orderId, round]);

  if (!shown) return null;
  return (
    <section className="fk-card ao-energy" aria-label="支付宝绿色能量">
      <p role="status" className="ao-energy__text">
        {claim.state === 'asking' && '正在为您领取支付宝绿色能量...'}
        {claim.state === 'granted' &&
          (claim.repeated
            ? `本次预约的绿色能量已领取（${claim.energy} 克）`
            : `已为您领取 ${claim.energy} 克支付宝绿色能量`)}
        {claim.state === 'failed' && claim.message}
      </p>
      {claim.state === 'failed' && (
        <button type="button" className="fk-button fk-button--small" onClick={retry}>
          重新领取
        </button>
      )}
    </section>
  );
}
