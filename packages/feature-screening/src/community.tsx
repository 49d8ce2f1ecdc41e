import { ApiError, api } from '@patient/api-client';
import { getScreeningForm, type ScreeningForm } from '@patient/contract';
import { BadLink, RemotePage, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import type { ReactNode } from 'react';
import { isLinkName, isRecordId } from './params.ts';

/** Whether an error is the service's 'not found'. */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.state === 404;

const STEPS = ['个人信息', '健康信息', '风险问卷'] as const;

/** The three steps of the forms, the current one marked. */
export function Steps({ current }: { current: 0 | 1 | 2 }) {
  return (
    <ol className="sc-steps" aria-label="填写步骤">
      {STEPS.map((s, i) => (
        <li key={s} aria-current={i === current ? 'step' : undefined}>
          {i + 1}. {s}
        </li>
      ))}
    </ol>
  );
}

/**
 * A community's screening (its street, status and questionnaire) for the forms: a malformed link, an unknown
 * community or a name that is not the community's → a message and nothing else; loading; failed (retry); an
 * ended campaign → says so; otherwise `children(form)`.
 */
export function CommunityFrame({
  communityId,
  communityName,
  children,
}: {
  communityId: string | undefined;
  communityName: string | undefined;
  children(form: ScreeningForm): ReactNode;
}) {
  const valid = isRecordId(communityId) && isLinkName(communityName);
  const form = useRemote(
    valid ? (signal) => api.request(getScreeningForm, { query: { communityId } }, { signal }) : null,
    communityId ?? '',
  );
  const back = { to: '/screeningList', back: '查看筛查活动', page: true } as const;
  if (!valid) return <BadLink message="链接无效：没有这个社区" {...back} />;
  if (form.status === 'error' && isNotFound(form.error))
    return <BadLink message="未找到该社区的筛查活动" {...back} />;
  if (form.status === 'error' || form.data === null)
    return <RemotePage remote={form} failed="筛查信息加载失败" />;
  if (form.data.community.name !== communityName)
    return <BadLink message="链接中的社区名称不正确" {...back} />;
  if (form.data.status === 'ENDED') {
    return (
      <div className="fk-page">
        <EmptyState text="本次筛查已结束，请关注社区的下一次筛查" />
      </div>
    );
  }
  return <>{children(form.data)}</>;
}
