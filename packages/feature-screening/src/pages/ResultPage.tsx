import { api } from '@patient/api-client';
import { getLastScreening, type ScreeningResult } from '@patient/contract';
import { RemotePage, StatusBanner, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { Link, useLocation } from 'react-router-dom';
import { answerListPath } from '../params.ts';
import { FactorsAndAdvice, LEVEL_LOOK, ResultFacts } from '../result.tsx';
import '@patient/feature-kit/base.css';
import '../screening.css';

interface Arrival {
  result?: ScreeningResult;
  person?: { identityCard: string; name: string };
}

/**
 * 筛查结果 (/diseaseScreeningSuccess): 提交成功 and the result the service computed — the risk level (低/中/高
 * 风险) with what it means, who and where (masked), what raised the risk and the advice. Opened again (a
 * reload, a link) it shows the account's last screening; none yet → says so.
 */
export default function ResultPage() {
  const arrival = (useLocation().state as Arrival | null) ?? {};
  const last = useRemote(
    arrival.result ? null : (signal) => api.request(getLastScreening, { body: {} }, { signal }),
    'last',
  );
  const result = arrival.result ?? last.data;
  if (!arrival.result && last.status !== 'ready')
    return <RemotePage remote={last} failed="筛查结果加载失败" />;
  if (!result) {
    return (
      <div className="fk-page">
        <EmptyState text="暂无筛查结果">
          <Link to="/screeningList" className="fk-button fk-button--primary fk-button--inline">
            参加社区健康筛查
          </Link>
        </EmptyState>
      </div>
    );
  }
  const look = LEVEL_LOOK[result.level];
  return (
    <div className="fk-page">
      {arrival.result && (
        <section className="fk-result" aria-label="提交结果">
          <p className="fk-result__icon" aria-hidden="true">
            ✓
          </p>
          <h2 className="fk-result__title">提交成功</h2>
          <p className="fk-result__text">感谢参加社区健康筛查，结果仅供参考，不能代替医生的诊断。</p>
        </section>
      )}
      <StatusBanner info={{ ...look, label: `筛查结果：${look.label}` }} label="风险等级" />
      <FactorsAndAdvice result={result} />
      <ResultFacts result={result} />
      <div className="fk-actions">
        {arrival.person && (
          <Link
            className="fk-button fk-button--block"
            to={answerListPath(arrival.person.identityCard, arrival.person.name)}
          >
            查看筛查记录
          </Link>
        )}
        <Link className="fk-button fk-button--primary fk-button--block" to="/homepage" replace>
          返回首页
        </Link>
      </div>
    </div>
  );
}
