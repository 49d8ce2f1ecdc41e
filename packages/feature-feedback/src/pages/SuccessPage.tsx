import type { FollowUpTask } from '@patient/contract';
import { Link, useLocation } from 'react-router-dom';
import '@patient/feature-kit/base.css';
import '../feedback.css';

/**
 * 提交成功 (/feedback/satisfySuccess, /feedback/scanScaleSuccess, /feedback/missionSuccess): the thanks after a
 * questionnaire; a scale's score, level and advice when it came with the navigation.
 */
export default function SuccessPage() {
  const task = (useLocation().state as { task?: FollowUpTask } | null)?.task ?? null;
  return (
    <div className="fk-page">
      <section className="fk-result" aria-label="提交结果">
        <p className="fk-result__icon" aria-hidden="true">
          ✓
        </p>
        <h2 className="fk-result__title">提交成功</h2>
        <p className="fk-result__text">
          {task?.kind === 'MISSION'
            ? '感谢您的配合，如您选择需要联系，医生将在2个工作日内与您电话联系。'
            : '感谢您的参与，您的意见将帮助我们改进服务。'}
        </p>
      </section>
      {task?.result && (
        <section className="fk-card fb-text" aria-label="评估结果">
          <h2 className="fk-section-title">评估结果：{task.result.level}</h2>
          <p>得分 {task.result.score} 分</p>
          <p>{task.result.advice}</p>
        </section>
      )}
      <Link className="fk-button fk-button--primary fk-button--block" to="/homepage" replace>
        返回首页
      </Link>
    </div>
  );
}
