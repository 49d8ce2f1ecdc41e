import { api } from '@patient/api-client';
import { type FeeLine, type InpatientStay, listInpatientStays } from '@patient/contract';
import { BadLink, ChoiceGroup, type Remote, RemoteState, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { yuan } from './format.ts';
import { useHospitalId } from './hospital.ts';

/** Fee lines: name and specification, unit price × quantity, amount. */
export function FeeLines({ items, label }: { items: (FeeLine & { category?: string })[]; label: string }) {
  return (
    <ul className="fe-lines" aria-label={label}>
      {items.map((item, index) => (
        <li key={`${item.name}-${index}`} className="fe-line">
          <div className="fe-line__head">
            <span className="fe-line__name">
              {item.name}
              {item.specification && <span className="fe-line__spec">（{item.specification}）</span>}
            </span>
            <span className="fe-line__amount">{yuan(item.amount)}</span>
          </div>
          <p className="fe-line__meta">
            {item.category ? `${item.category} · ` : ''}
            {yuan(item.unitPrice)}/{item.unit} × {item.quantity}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** The stay's money at a glance: deposit, cost so far, balance (with the warning when it is low). */
export function StayMoney({ stay }: { stay: InpatientStay }) {
  return (
    <section className="fk-card" aria-label="住院费用概况">
      <dl className="fe-money">
        <div>
          <dt>预交金</dt>
          <dd>{yuan(stay.deposit)}</dd>
        </div>
        <div>
          <dt>{stay.status === 'IN_HOSPITAL' ? '已产生费用' : '住院总费用'}</dt>
          <dd>{yuan(stay.cost)}</dd>
        </div>
        <div>
          <dt>余额</dt>
          <dd className={stay.balance < 0 || stay.lowBalance ? 'fe-money__low' : undefined}>
            {yuan(stay.balance)}
          </dd>
        </div>
      </dl>
      {stay.lowBalance && (
        <p className="fe-warning" role="alert">
          预交金余额不足 {yuan(stay.warningLine)}，为免影响治疗用药，请及时充值。
        </p>
      )}
    </section>
  );
}

/** The stay's facts: admission number, ward and bed, doctor, dates and days. */
export function StayFacts({ stay }: { stay: InpatientStay }) {
  const rows: [string, string][] = [
    ['住院人', stay.patientName],
    ['住院号', stay.admissionNo],
    ['科室', stay.department],
    ['病区床位', `${stay.ward} ${stay.bed}`],
    ['主治医生', stay.doctor],
    ['入院日期', stay.admittedOn],
  ];
  if (stay.dischargedOn) rows.push(['出院日期', stay.dischargedOn]);
  rows.push([stay.status === 'IN_HOSPITAL' ? '已住院' : '住院天数', `${stay.days} 天`]);
  return (
    <dl className="fk-card fk-info" aria-label="住院信息">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export const STAY_STATUS_TEXT: Record<InpatientStay['status'], string> = {
  IN_HOSPITAL: '在院',
  DISCHARGED: '已出院 · 待结算',
  SETTLED: '已结算',
};

export interface ContactStay {
  stays: Remote<InpatientStay[]>;
  /** The stay of `?inpatientId=`, else the one in progress, else the latest; null while loading or none. */
  stay: InpatientStay | null;
}

/** The contact's stays (inpatientInfoList) and the one the screen is about. */
export function useContactStay(
  hospitalId: string | null,
  contactId: string | null,
  prefer: InpatientStay['status'] = 'IN_HOSPITAL',
): ContactStay {
  const [params] = useSearchParams();
  const wanted = params.get('inpatientId');
  const stays = useRemote(
    hospitalId && contactId
      ? (signal) =>
          api.request(listInpatientStays, { params: { hospitalId }, body: { contactId } }, { signal })
      : null,
    `${hospitalId}/${contactId}`,
  );
  const list = stays.data ?? [];
  const stay =
    list.find((s) => s.inpatientId === wanted) ?? list.find((s) => s.status === prefer) ?? list[0] ?? null;
  return { stays, stay };
}

/**
 * A screen about one stay of the contact in the route (`:contactId`, `?inpatientId=`): loading, error (retry),
 * none, or the screen with a chooser when the contact has several stays.
 */
export function StayScreen({
  contactId,
  empty = '该就诊人暂无住院记录',
  prefer,
  children,
}: {
  contactId: string;
  empty?: string;
  /** Which stay is shown without `?inpatientId=`: the first of this status (default: the one in progress). */
  prefer?: InpatientStay['status'];
  children(stay: InpatientStay): ReactNode;
}) {
  const hospitalId = useHospitalId();
  const valid = /^\d{1,10}$/.test(contactId);
  const { stays, stay } = useContactStay(hospitalId, valid ? contactId : null, prefer);
  const [, setParams] = useSearchParams();
  if (!valid) return <BadLink page message="链接无效" to="/inpatientFee/manage" back="返回住院服务" />;
  if (!stay) {
    return (
      <div className="fk-page">
        {stays.status === 'ready' ? (
          <EmptyState text={empty} />
        ) : (
          <RemoteState remote={stays} loading="正在查询住院信息..." failed="住院信息加载失败" />
        )}
      </div>
    );
  }
  const list = stays.data ?? [];
  return (
    <div className="fk-page">
      {list.length > 1 && (
        <div className="fk-card">
          <ChoiceGroup
            label="选择住院记录"
            name="stay"
            small
            value={stay.inpatientId}
            onChange={(inpatientId) => setParams({ inpatientId }, { replace: true })}
            options={list.map((s) => ({
              value: s.inpatientId,
              text: `${s.admittedOn} 入院 · ${s.department}`,
              meta: STAY_STATUS_TEXT[s.status],
            }))}
          />
        </div>
      )}
      {children(stay)}
    </div>
  );
}
