import { api } from '@patient/api-client';
import { type AppointmentOrder, preSettlement, queryDeptFee } from '@patient/contract';
import { LoadError, type Remote, useRemote } from '@patient/feature-kit';
import { authoriseInsurance, insurancePayingPath, payAuthorisationOf } from '@patient/payment';
import '../insurance-kind.ts';
import { Spinner } from '@patient/ui-kit';
import { clinicLabel, dateTime, doctorLabel, visitTime } from './format.ts';
import { beforeCancelDeadline } from './status.ts';
import { Amount, ChoiceGroup, InfoList } from './views.tsx';
import '@patient/feature-kit/base.css';
import './orders.css';

/** Where, when and with whom the visit is. */
export function VisitInfo({ order }: { order: AppointmentOrder }) {
  const { schedule } = order;
  return (
    <InfoList
      label="就诊信息"
      rows={[
        ['医院', order.hospitalName],
        ['科室', schedule.departmentName],
        ['医生', doctorLabel(schedule)],
        ['号别', clinicLabel(schedule.type)],
        ['就诊时间', visitTime(order)],
      ]}
    />
  );
}

/**
 * Before paying, when the booking can be cancelled online: until the hospital's deadline, or, when that has
 * already passed (a visit soon after booking), a warning that it cannot be cancelled online once paid.
 */
export function CancelRuleNote({ order }: { order: Pick<AppointmentOrder, 'cancelDeadline'> }) {
  return beforeCancelDeadline(order) ? (
    <p className="fk-muted">支付后，{dateTime(order.cancelDeadline)} 前可在线取消预约并退款</p>
  ) : (
    <p className="fk-notice" role="note">
      该号源已过取消截止时间（{dateTime(order.cancelDeadline)}），支付后不能在线取消或退号，请确认能按时就诊
    </p>
  );
}

export interface Fees {
  items: { name: string; amount: number }[];
  total: number;
  insurancePays: number;
  fundPays: number;
  accountPays: number;
  selfPays: number;
}

/** The order's fee items (queryDeptFee) and what insurance and the patient pay (preSettlement). */
export function useFees(order: AppointmentOrder, enabled: boolean): Remote<Fees> {
  return useRemote<Fees>(
    enabled
      ? async (signal) => {
          const [fee, settlement] = await Promise.all([
            api.request(
              queryDeptFee,
              {
                params: { hospitalId: order.hospitalId },
                query: { hisScheduleId: order.schedule.hisScheduleId, orderId: order.orderId },
              },
              { signal },
            ),
            api.request(preSettlement, { params: { orderId: order.orderId } }, { signal }),
          ]);
          // The settlement's total is the one split into insurance and self-pay shares.
          return { items: fee.items, ...settlement };
        }
      : null,
    enabled ? order.orderId : '',
  );
}

/** The fee card: items, total, insurance share and the patient's share (with its capital amount). */
export function FeeCard({ fees }: { fees: Remote<Fees> }) {
  if (!fees.data) {
    if (fees.status === 'error')
      return <LoadError error={fees.error} text="费用加载失败" onRetry={fees.reload} />;
    return <Spinner text="正在计算费用..." />;
  }
  const { items, total, insurancePays, fundPays, accountPays, selfPays } = fees.data;
  const insured = insurancePays > 0;
  return (
    <dl className="fk-card ao-fees" aria-label="费用明细">
      {items.map((item) => (
        <div key={item.name}>
          <dt>{item.name}</dt>
          <dd>
            <Amount value={item.amount} />
          </dd>
        </div>
      ))}
      <div className="ao-fees__total">
        <dt>合计</dt>
        <dd>
          <Amount value={total} />
        </dd>
      </div>
      <div>
        <dt>医保支付</dt>
        <dd>
          <Amount value={insurancePays} />
        </dd>
      </div>
      {insured && (
        <>
          <div className="ao-fees__part">
            <dt>其中 医保统筹</dt>
            <dd>
              <Amount value={fundPays} />
            </dd>
          </div>
          <div className="ao-fees__part">
            <dt>其中 个人账户</dt>
            <dd>
              <Amount value={accountPays} />
            </dd>
          </div>
        </>
      )}
      <div>
        <dt>自费支付</dt>
        <dd>
          <Amount value={selfPays} capital />
        </dd>
      </div>
    </dl>
  );
}

/** How the patient pays: 自费 through a payment provider, or 医保 (the insurance centre's split, then the cash part). */
export type PayWith = 'SELF' | 'MEDICAL';

export function SettlementChoice({ value, onChange }: { value: PayWith; onChange(value: PayWith): void }) {
  return (
    <div className="fk-card">
      <ChoiceGroup
        label="选择支付方式"
        name="settlement"
        row
        value={value}
        onChange={(v) => onChange(v as PayWith)}
        options={[
          { value: 'SELF', text: '自费支付' },
          { value: 'MEDICAL', text: '医保支付', meta: '医保电子凭证' },
        ]}
      />
    </div>
  );
}

/**
 * Pays a placed order with insurance: on to its split when this tab holds the order's pay authorisation,
 * otherwise to the insurance platform's authorisation page for the order's patient (a full page load).
 */
export async function payWithInsurance(
  order: Pick<AppointmentOrder, 'orderId' | 'hospitalId'>,
  contactId: string,
  navigate: (path: string) => void,
): Promise<void> {
  if (payAuthorisationOf('APPOINTMENT', order.orderId)) {
    navigate(insurancePayingPath('APPOINTMENT', order.orderId));
    return;
  }
  await authoriseInsurance({
    orderType: 'APPOINTMENT',
    orderId: order.orderId,
    hospitalId: order.hospitalId,
    contactId,
  });
}
