import { ApiError, api } from '@patient/api-client';
import { getStaffSession, getStaffSignIn, type StaffProfile, staffSignIn } from '@patient/contract';
import { LoadError, NoHospital, useRemote } from '@patient/feature-kit';
import { EmptyState, Spinner } from '@patient/ui-kit';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useHospitalId } from '../format.ts';

const NONCE_KEY = 'bedReservation.staffSignIn';
/** The query parameter of the return address carrying this tab's one-time nonce (checked before the exchange). */
const NONCE_PARAM = 'signIn';
const WARD_KEY = 'bedReservation.nurseWard';

/** Where the browser goes to sign in (a seam for tests). */
export const browser = { assign: (url: string) => window.location.assign(url) };

const StaffContext = createContext<StaffProfile | null>(null);

/** The signed-in staff member (inside {@link StaffGate}). */
export function useStaff(): StaffProfile {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff outside StaffGate');
  return staff;
}

/** The ward the nurse works in now (/bedReservation/nurse/dept), or undefined for all of hers. */
export function currentWard(staff: StaffProfile): string | undefined {
  const code = sessionStorage.getItem(WARD_KEY) ?? undefined;
  return staff.wards.some((w) => w.deptCode === code) ? code : undefined;
}

export function setCurrentWard(code: string | undefined): void {
  if (code) sessionStorage.setItem(WARD_KEY, code);
  else sessionStorage.removeItem(WARD_KEY);
}

const randomNonce = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** The state this tab sent did not come back with the code: someone else's sign-in, refused. */
class StateMismatch extends Error {}

/** Exchanges of codes in flight or done, by code: a code is good once, however often the page mounts. */
const exchanges = new Map<string, Promise<StaffProfile>>();

/** A staff call refused for want of a staff session (none, or a patient's). */
const needsSignIn = (error: unknown) =>
  error instanceof ApiError && (error.kind === 'session' || error.status === 401 || error.status === 403);

/** The staff member: from the code the platform came back with (state checked first), else the session. */
function resolveStaff(hospitalId: string, search: string, signal: AbortSignal): Promise<StaffProfile> {
  const params = new URLSearchParams(search);
  const code = params.get('code');
  if (!code) return api.request(getStaffSession, {}, { silent: true, signal });
  let exchange = exchanges.get(code);
  if (!exchange) {
    const expected = sessionStorage.getItem(NONCE_KEY);
    sessionStorage.removeItem(NONCE_KEY);
    exchange =
      expected && expected === params.get(NONCE_PARAM)
        ? api.request(staffSignIn, { body: { hospitalId, code } }, { keepOnRouteChange: true })
        : Promise.reject(new StateMismatch('登录校验未通过，请重新登录'));
    exchanges.set(code, exchange);
  }
  return exchange;
}

/**
 * The nurse side's door: the staff session, or the sign-in through the corporate-messaging app (企业微信 OAuth:
 * the platform returns here with `code`, `state` = the hospital id, and the return address's one-time nonce,
 * which must be this tab's before the code is exchanged). Its children get the staff member through {@link useStaff}.
 */
export function StaffGate({ children }: { children: ReactNode }) {
  const hospitalId = useHospitalId();
  const location = useLocation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [search] = useState(location.search);
  const staff = useRemote(
    hospitalId ? (signal) => resolveStaff(hospitalId, search, signal) : null,
    hospitalId ?? '',
  );
  const hasCode = new URLSearchParams(location.search).has('code');

  // Once the code is used, it leaves the address (a reload must not send it again).
  useEffect(() => {
    if (hasCode && staff.status !== 'loading') {
      const params = new URLSearchParams(location.search);
      params.delete('code');
      params.delete('state');
      params.delete(NONCE_PARAM);
      const rest = params.toString();
      navigate(`${location.pathname}${rest ? `?${rest}` : ''}`, { replace: true });
    }
  }, [hasCode, staff.status, location.pathname, location.search, navigate]);

  if (!hospitalId) return <NoHospital />;
  if (staff.status === 'error' && !needsSignIn(staff.error) && !(staff.error instanceof StateMismatch)) {
    return (
      <div className="fk-page">
        <LoadError error={staff.error} text="工作人员信息加载失败" onRetry={staff.reload} />
      </div>
    );
  }
  if (staff.status === 'error') {
    const problem = staff.error instanceof StateMismatch ? staff.error.message : null;
    const signIn = async () => {
      setBusy(true);
      const nonce = randomNonce();
      sessionStorage.setItem(NONCE_KEY, nonce);
      try {
        // `state` comes back as the hospital id, like every return to the app (001 §1); the nonce rides in the
        // return address and must match this tab's before the code is exchanged.
        const { url } = await api.request(getStaffSignIn, {
          query: { hospitalId, redirect: `${location.pathname}?${NONCE_PARAM}=${nonce}`, state: hospitalId },
        });
        browser.assign(url);
      } catch {
        setBusy(false);
      }
    };
    return (
      <div className="fk-page">
        <EmptyState text="请以医院工作人员身份登录">
          <p className="fk-muted">床位预约管理仅限病区护士使用，请在企业微信中打开并授权登录。</p>
          {problem ? (
            <p className="br-error" role="alert">
              {problem}
            </p>
          ) : null}
          <button
            type="button"
            className="fk-button fk-button--primary fk-button--inline"
            disabled={busy}
            onClick={signIn}
          >
            企业微信登录
          </button>
        </EmptyState>
      </div>
    );
  }
  // The page's own calls start once the code has left the address (that navigation cancels calls in flight).
  if (!staff.data || hasCode) return <Spinner text="正在加载..." />;
  return <StaffContext.Provider value={staff.data}>{children}</StaffContext.Provider>;
}

/** Wraps a nurse page in the gate. */
export const staffPage = (Page: () => ReactNode) =>
  function StaffPage() {
    return (
      <StaffGate>
        <Page />
      </StaffGate>
    );
  };
