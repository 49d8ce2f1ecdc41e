import { RISK_LEVELS, type RiskLevel, type ScreeningResult } from '@patient/contract';
import { InfoList, StatusBadge, type StatusLook } from '@patient/feature-kit';
import { chinaDateTime } from '@patient/validation';

/** How a risk level looks: its label, what it means, a tone. */
export const LEVEL_LOOK: Record<RiskLevel, StatusLook> = {
  LOW: { label: RISK_LEVELS.LOW, hint: '保持健康的生活方式，每年体检一次', tone: 'success' },
  MEDIUM: { label: RISK_LEVELS.MEDIUM, hint: '建议3个月内复查血压、血糖和血脂', tone: 'warning' },
  HIGH: { label: RISK_LEVELS.HIGH, hint: '建议尽快到医院进一步检查', tone: 'danger' },
};

/** China date and time of an ISO instant: 2025-03-10 09:00. */
export const dateTime = (iso: string): string => chinaDateTime(iso);

export function LevelBadge({ level }: { level: RiskLevel }) {
  return <StatusBadge info={LEVEL_LOOK[level]} />;
}

/** What raised the risk and the advice, as two short lists. */
export function FactorsAndAdvice({ result }: { result: ScreeningResult }) {
  return (
    <>
      <section className="fk-card sc-text" aria-label="风险因素">
        <h3 className="sc-subtitle">风险因素</h3>
        {result.factors.length === 0 ? (
          <p>未发现明显的慢性病危险因素</p>
        ) : (
          <ul>
            {result.factors.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        )}
      </section>
      <section className="fk-card sc-text" aria-label="健康建议">
        <h3 className="sc-subtitle">健康建议</h3>
        <ol>
          {result.advice.map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ol>
      </section>
    </>
  );
}

/** Who, where and when (masked as the service sent them). */
export function ResultFacts({ result }: { result: ScreeningResult }) {
  return (
    <InfoList
      label="筛查信息"
      rows={[
        ['筛查活动', result.title],
        ['社区', `${result.streetName} · ${result.communityName}`],
        ['居民', result.name],
        ['身份证号', result.identityCard],
        ['手机号', result.phone],
        ['体重指数', String(result.bmi)],
        ['提交时间', dateTime(result.submittedAt)],
      ]}
    />
  );
}
