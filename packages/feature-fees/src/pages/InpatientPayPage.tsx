import { api } from '@patient/api-client';
import { type InpatientStay, inhospitalPreSettle } from '@patient/contract';
import { InfoList, PayFooter, PaymentNotice, RemoteState, usePayFlow, useRemote } from '@patient/feature-kit';
import { Link, useParams } from 'react-router-dom';
import { yuan } from '../format.ts';
import { inpatientSuccessPath, outFeeDetailPath } from '../paths.ts';
import { StayFacts, StayScreen } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../fees.css';

function Settlement({ stay }: { stay: InpatientStay }) {
  const payment = usePayFlow();
  const pre = useRemote(
    (signal) => api.request(inhospitalPreSettle, { params: { inpatientId: stay.inpatientId } }, { signal }),
    stay.inpatientId,
  );
  if (!pre.data) return <RemoteState remote={pre} loading="正在预结算..." failed="出院预结算失败" />;
  const s = pre.data;
  return (
    <>
      <StayFacts stay={s.stay} />
      <InfoList
        label="结算金额"
        rows={[
          ...s.categories.map((c): [string, string] => [c.category, yuan(c.amount)]),
          ['住院总费用', yuan(s.total)],
          ['已交预交金', yuan(s.deposit)],
          [s.refund > 0 ? '应退金额' : '需补缴', yuan(s.refund > 0 ? s.refund : s.owed)],
        ]}
      />
      {s.status === 'IN_HOSPITAL' && (
        <p className="fk-notice">
          当前为在院费用预估。医生开具出院医嘱、病区完成费用核对后，方可办理出院结算。
        </p>
      )}
      {s.status === 'SETTLED' && s.refund > 0 && (
        <p className="fk-notice">
          {s.refundOnline > 0 && `线上缴纳的预交金 ${yuan(s.refundOnline)} 已原路退回（1-7个工作日到账）。`}
          {s.refundAtDesk > 0 && `其余 ${yuan(s.refundAtDesk)} 请凭结算单到出院结算窗口退还。`}
        </p>
      )}
      {s.status === 'SETTLED' && (
        <Link className="fk-button fk-button--primary fk-button--block" to={outFeeDetailPath(s.inpatientId)}>
          查看出院结算单
        </Link>
      )}
      <PaymentNotice payment={payment} />
      {s.status === 'TO_PAY' && s.settlementId && (
        <PayFooter
          payment={payment}
          label="补缴并结算"
          onPay={() => {
            const done = inpatientSuccessPath(s.inpatientId);
            void payment.payThen(
              {
                orderType: 'INPATIENT_SETTLEMENT',
                orderId: s.settlementId as string,
                returnPath: done,
                hospitalId: s.stay.hospitalId,
              },
              done,
            );
          }}
        >
          <span className="fe-total">
            需补缴 <strong>{yuan(s.owed)}</strong>
          </span>
        </PayFooter>
      )}
    </>
  );
}

/**
 * 出院结算 (/inpatientFee/inpatientPay/:contactId): the discharge pre-settlement of the contact's stay awaiting
 * settlement (else the one in progress, as an estimate): cost by category, deposits, what is owed (paid here)
 * or refunded.
 */
export default function InpatientPayPage() {
  const { contactId = '' } = useParams();
  return (
    <StayScreen contactId={contactId} prefer="DISCHARGED">
      {(stay) => <Settlement stay={stay} />}
    </StayScreen>
  );
}
