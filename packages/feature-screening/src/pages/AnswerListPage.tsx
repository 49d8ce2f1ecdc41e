import { api } from '@patient/api-client';
import { listScreeningAnswers, type ScreeningResult } from '@patient/contract';
import { BadLink, RemoteState, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { maskIdCard, maskName } from '@patient/validation';
import { Link, useParams } from 'react-router-dom';
import { isLinkName, linkIdentity } from '../params.ts';
import { dateTime, FactorsAndAdvice, LevelBadge, ResultFacts } from '../result.tsx';
import '@patient/feature-kit/base.css';
import '../screening.css';

function ResultRow({ result }: { result: ScreeningResult }) {
  return (
    <article className="fk-row" aria-label={`${result.title} ${dateTime(result.submittedAt)}`}>
      <span className="sc-row__head">
        <span>{result.title}</span>
        <LevelBadge level={result.level} />
      </span>
      <span className="fk-muted">
        {result.streetName} · {result.communityName}
      </span>
      <span className="fk-muted">{dateTime(result.submittedAt)}</span>
      <details className="sc-details">
        <summary>查看结果与建议</summary>
        <FactorsAndAdvice result={result} />
        <ResultFacts result={result} />
      </details>
    </article>
  );
}

/**
 * 我的筛查记录 (/questionnaire/list/:identityCard/:name): one resident's screenings, newest first (title, level,
 * community, time; the factors and advice on opening one). The person shows masked — the full ID number is never
 * on screen. A malformed ID number or name: the message, nothing sent. The service answers only for the
 * account's own contacts: another person's ID shows as nothing found.
 */
export default function AnswerListPage() {
  const params = useParams();
  const identity = linkIdentity(params.identityCard);
  const name = params.name?.trim();
  const valid = 'id18' in identity && isLinkName(name);
  const list = useRemote(
    valid
      ? (signal) =>
          api.request(listScreeningAnswers, { body: { identityCard: identity.id18, name } }, { signal })
      : null,
    `${params.identityCard}/${name}`,
  );
  if (!('id18' in identity)) {
    return <BadLink page message={`链接无效：${identity.message}`} to="/screeningList" back="查看筛查活动" />;
  }
  if (!valid) return <BadLink page message="链接无效：姓名不正确" to="/screeningList" back="查看筛查活动" />;
  let body: React.ReactNode;
  if (list.status === 'error' || list.data === null) {
    body = <RemoteState remote={list} failed="筛查记录加载失败" />;
  } else if (list.data.length === 0) {
    body = (
      <EmptyState text="未找到筛查记录" paddingTop={24}>
        <p className="fk-muted">只能查询本账号就诊人的筛查记录，请核对姓名和身份证号</p>
        <Link to="/screeningList" className="fk-button fk-button--primary fk-button--inline">
          参加社区健康筛查
        </Link>
      </EmptyState>
    );
  } else {
    body = (
      <ul className="fk-list" aria-label="筛查记录">
        {list.data.map((r) => (
          <li key={r.screeningId}>
            <ResultRow result={r} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="fk-page">
      <p className="fk-notice">
        {maskName(name)} · {maskIdCard(identity.id18)}
      </p>
      {body}
    </div>
  );
}
