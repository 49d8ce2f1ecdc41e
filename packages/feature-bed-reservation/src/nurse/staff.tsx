import { ApiError, api, isCancelled } from '@patient/api-client';
import { getStaffSession, getStaffSignIn, type StaffProfile, staffSignIn } from '@patient/contract';
import { LoadError } from '@patient/feature-kit';
import { EmptyState, Spinner } from '@patient/ui-kit';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { NO_HOSPITAL_MESSAGE, useHospitalId } from '../format.ts';

const STATE_KEY = 'bedReservation.staffState';
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

const randomState = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

type Gate =
  | { kind: 'loading' }
  | { kind: 'ready'; staff: StaffProfile }
  | { kind: 'signIn'; problem: string | null }
  | { kind: 'error'; error: unknown };

/** A staff call refused for want of a staff session (none, or a patient's). */
const needsSignIn = (error: unknown) =>
  error instanceof ApiError && (error.kind === 'session' || error.status === 401 || error.status === 403);

/**
 * The nurse side's door: the staff session, or the sign-in through the corporate-messaging app (企业微信 OAuth:
 * the platform returns here with `code` and the `state` kept in this tab, which is checked before the code is
 * exchanged). Its children get the staff member through {@link useStaff}.
 */
export function StaffGate({ children }: { children: ReactNode }) {
  const hospitalId = useHospitalId();
  const location = useLocation();
  const navigate = useNavigate();
  const [gate, setGate] = useState<Gate>({ kind: 'loading' });
  const [round, setRound] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!hospitalId) return;
    let live = true;
    const params = new URLSearchParams(location.search);
    const code = params.get('code');
    const state = params.get('state');
    const load = async (): Promise<Gate> => {
      if (code) {
        const expected = sessionStorage.getItem(STATE_KEY);
        sessionStorage.removeItem(STATE_KEY);
        params.delete('code');
        params.delete('state');
        const rest = params.toString();
        navigate(`${location.pathname}${rest ? `?${rest}` : ''}`, { replace: true });
        if (!expected || expected !== state) return { kind: 'signIn', problem: '登录校验未通过，请重新登录' };
        return { kind: 'ready', staff: await api.request(staffSignIn, { body: { hospitalId, code } }) };
      }
      return { kind: 'ready', staff: await api.request(getStaffSession, {}, { silent: true }) };
    };
    setGate({ kind: 'loading' });
    load().then(
      (next) => live && setGate(next),
      (error: unknown) => {
        if (!live || isCancelled(error)) return;
        setGate(needsSignIn(error) ? { kind: 'signIn', problem: null } : { kind: 'error', error });
      },
    );
    return () => {
      live = false;
    };
    // The gate runs once per page and on retry; the URL it cleans up must not run it again.
  }, [hospitalId, round]);

  if (!hospitalId) {
    return (
      <div className="fk-page">
        <EmptyState text={NO_HOSPITAL_MESSAGE} />
      </div>
    );
  }
  if (gate.kind === 'loading') return <Spinner text="正在加载..." />;
  if (gate.kind === 'error') {
    return (
      <div className="fk-page">
        <LoadError error={gate.error} text="工作人员信息加载失败" onRetry={() => setRound((r) => r + 1)} />
      </div>
    );
  }
  if (gate.kind === 'signIn') {
    const signIn = async () => {
      setBusy(true);
      const state = randomState();
      sessionStorage.setItem(STATE_KEY, state);
      try {
        const { url } = await api.request(getStaffSignIn, {
          query: { hospitalId, redirect: location.pathname, state },
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
          {gate.problem ? (
            <p className="br-error" role="alert">
              {gate.problem}
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
  return <StaffContext.Provider value={gate.staff}>{children}</StaffContext.Provider>;
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
