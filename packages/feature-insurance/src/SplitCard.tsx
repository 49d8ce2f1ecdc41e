import type { Settlement } from '@patient/contract';
import { formatYuan as money, tryCapitalAmountOfFen } from '@patient/validation';

/** The split of an order: total, the fund's and the account's parts, and the cash part with its capital amount. */
export function SplitCard({ settlement }: { settlement: Settlement }) {
  const capital = tryCapitalAmountOfFen(settlement.selfPays);
  return (
    <dl className="fk-card fk-info mi-split" aria-label="结算金额">
      <div>
        <dt>费用总额</dt>
        <dd>{money(settlement.total)}</dd>
      </div>
      <div>
        <dt>医保统筹支付</dt>
        <dd>{money(settlement.fundPays)}</dd>
      </div>
      <div>
        <dt>个人账户支付</dt>
        <dd>{money(settlement.accountPays)}</dd>
      </div>
      <div className="mi-split__cash">
        <dt>现金支付</dt>
        <dd>
          <strong>{money(settlement.selfPays)}</strong>
          {capital && <span className="fk-muted"> {capital}</span>}
        </dd>
      </div>
    </dl>
  );
}
