import { ApiError, api, isCancelled } from '@patient/api-client';
import { useAppState } from '@patient/app-state';
import { getPushedTask, loginWithPushCode, type PushedTask } from '@patient/contract';
import { BadLink, LoadError } from '@patient/feature-kit';
import { EmptyState, Spinner } from '@patient/ui-kit';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useIds } from '../params.ts';
import '@patient/feature-kit/base.css';
import '../feedback.css';

/** A disposable code as the contract takes it. */
const CODE = /^[A-Za-z0-9_-]{32}$/;

/** Where the app shows a pushed task (the spec's route of its kind). */
export function pushedTaskPath(task: PushedTask): string {
  const ids = `${encodeURIComponent(task.inhospitalId)}/${encodeURIComponent(task.taskId)}`;
  switch (task.kind) {
    case 'SATISFACTION':
      return `/feedback/satisfyDetail/${ids}`;
    case 'STUDY':
      return `/feedback/studyDetail/${ids}`;
    case 'RETURN_VISIT':
      return `/feedback/returnHospitalDetail/${ids}`;
    default:
      // A discharge follow-up, or a scale pushed as a task: the follow-up task screen reads both.
      return `/feedback/missionDetail/${ids}`;
  }
}

type State = { step: 'loading' } | { step: 'refused'; message: string } | { step: 'failed'; error: unknown };

/**
 * 推送详情 (/feedback/studyPushDetail/:iuid?code=…): a push link from the follow-up platform (001 §7
 * 'Questionnaire push'). With its disposable code it logs the patient in (an httpOnly session, as the login does)
 * and opens the pushed questionnaire or article in place of this screen; a used or expired code says so and
 * offers the normal login, after which the same link (without its code) opens the task for the logged-in account.
 */
export default function StudyPushPage() {
  const ids = useIds('iuid');
  const [params] = useSearchParams();
  const code = params.get('code');
  const navigate = useNavigate();
  const update = useAppState((s) => s.update);
  const [state, setState] = useState<State>({ step: 'loading' });
  const [round, setRound] = useState(0);
  const iuid = ids?.iuid ?? null;

  useEffect(() => {
    if (!iuid) return;
    const controller = new AbortController();
    const open = (task: PushedTask) => navigate(pushedTaskPath(task), { replace: true });
    setState({ step: 'loading' });
    if (code !== null) {
      if (!CODE.test(code)) {
        setState({ step: 'refused', message: '链接不完整，请从推送消息重新打开，或登录后查看' });
        return;
      }
      api
        .request(loginWithPushCode, { body: { iuid, code } }, { signal: controller.signal, silent: true })
        .then(
          (answer) => {
            update((s) => {
              s.auth = { userId: answer.userId, phone: answer.phone };
              s.contactsLoaded = false;
            });
            open(answer.task);
          },
          (error: unknown) => {
            if (isCancelled(error)) return;
            if (error instanceof ApiError && error.state === 400) {
              setState({ step: 'refused', message: error.subMsg ?? error.message });
            } else setState({ step: 'failed', error });
          },
        );
    } else {
      api
        .request(getPushedTask, { params: { iuid } }, { signal: controller.signal })
        .then(open, (error: unknown) => {
          if (!isCancelled(error)) setState({ step: 'failed', error });
        });
    }
    return () => controller.abort();
  }, [iuid, code, navigate, update, round]);

  if (!iuid) return <BadLink page message="链接无效" to="/homepage" back="返回首页" />;
  const here = `/feedback/studyPushDetail/${encodeURIComponent(iuid)}`;
  if (state.step === 'refused') {
    return (
      <div className="fk-page">
        <EmptyState text="链接已失效" />
        <p className="fk-notice" role="alert">
          {state.message}
        </p>
        <div className="fk-actions">
          <Link
            to={`/login?redirect=${encodeURIComponent(here)}`}
            className="fk-button fk-button--primary fk-button--block"
          >
            登录后查看
          </Link>
        </div>
      </div>
    );
  }
  if (state.step === 'failed') {
    const gone = state.error instanceof ApiError && state.error.state === 404;
    return (
      <div className="fk-page">
        {gone ? (
          <EmptyState text="未找到推送内容，它可能属于另一个账号" />
        ) : (
          <LoadError error={state.error} text="推送内容加载失败" onRetry={() => setRound((r) => r + 1)} />
        )}
      </div>
    );
  }
  return (
    <div className="fk-page">
      <Spinner text={code ? '正在登录…' : '正在加载...'} />
    </div>
  );
}
