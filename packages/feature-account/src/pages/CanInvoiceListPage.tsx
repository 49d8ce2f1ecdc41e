import { api } from '@patient/api-client';
import {
  INVOICE_TYPE_LABEL,
  listInvoiceableSettlements,
  MERGE_MAX,
  mergePrintInvoice,
  previewMergedInvoice,
} from '@patient/contract';
import { BadLink, RemoteState, useRemote } from '@patient/feature-kit';
import { confirm, EmptyState, toast } from '@patient/ui-kit';
import { formatYuan } from '@patient/validation';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { chinaDate, isCode } from '../format.ts';
import { invoiceDetailPath, invoiceListPath } from '../paths.ts';
import '@patient/feature-kit/base.css';
import '../account.css';

/**
 * 申请开票 (/invoice/canInvoiceList/:hospitalId?contactId=…): the contact's paid settlements not invoiced yet
 * (this app's paid orders and those paid at the hospital), each with kind, what, date and amount. Several of one
 * kind (门诊, 住院 or 挂号 apart) are chosen and merged into one invoice: the total and its capital amount are
 * confirmed first, then the invoice opens.
 */
export default function CanInvoiceListPage() {
  const { hospitalId } = useParams();
  const [params] = useSearchParams();
  const contactId = params.get('contactId');
  const navigate = useNavigate();
  const valid = isCode(hospitalId) && isCode(contactId);
  const list = useRemote(
    valid
      ? (signal) =>
          api.request(listInvoiceableSettlements, { params: { hospitalId }, body: { contactId } }, { signal })
      : null,
    `${hospitalId}/${contactId}`,
  );
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  if (!valid)
    return (
      <BadLink page message="链接无效，请从电子票据进入" to="/invoice/chooseInvoiceContact" back="电子票据" />
    );
  if (list.data === null) {
    return (
      <div className="fk-page">
        <RemoteState
          remote={list}
          loading="正在查询可开票的缴费..."
          failed="可开票记录加载失败"
          contactId={contactId}
          paddingTop={24}
        />
      </div>
    );
  }
  const settlements = list.data;
  const picked = settlements.filter((s) => chosen.includes(s.settlementId));
  const type = picked[0]?.type ?? null;
  const total = picked.reduce((sum, s) => sum + s.amount, 0);

  const toggle = (id: string) =>
    setChosen((current) => (current.includes(id) ? current.filter((c) => c !== id) : [...current, id]));

  const print = async () => {
    const body = { contactId, settlementIds: chosen };
    setBusy(true);
    try {
      const preview = await api.request(previewMergedInvoice, { params: { hospitalId }, body });
      const agreed = await confirm({
        title: '确认开票',
        message: `将${preview.settlementCount}笔${INVOICE_TYPE_LABEL[preview.type]}费用合并开具一张电子票据，合计${formatYuan(preview.amount)}（${preview.capital}）。每笔费用只能开票一次。`,
        confirmText: '确认开票',
      });
      if (!agreed) return;
      const invoice = await api.request(mergePrintInvoice, { params: { hospitalId }, body });
      void toast('开票成功');
      navigate(invoiceDetailPath(invoice.fileId), { replace: true });
    } catch {
      // api-client has shown why
      list.reload();
      setChosen([]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="fk-page fk-page--with-footer">
      {settlements.length === 0 ? (
        <EmptyState text="暂无可开票的缴费，已开具的票据可在票据列表中查看" paddingTop={24}>
          <button
            type="button"
            className="fk-button fk-button--primary fk-button--inline"
            onClick={() => navigate(invoiceListPath(contactId))}
          >
            查看电子票据
          </button>
        </EmptyState>
      ) : (
        <>
          <p className="fk-muted">
            可选择同一类费用合并开具一张票据（每张最多{MERGE_MAX}笔）；门诊、住院和挂号费用须分别开票。
          </p>
          <ul className="fk-list" aria-label="可开票缴费">
            {settlements.map((s) => {
              const other = type !== null && s.type !== type;
              return (
                <li key={s.settlementId}>
                  <label className="fk-card pa-row pa-check" data-disabled={other}>
                    <input
                      type="checkbox"
                      checked={chosen.includes(s.settlementId)}
                      disabled={other || (!chosen.includes(s.settlementId) && chosen.length >= MERGE_MAX)}
                      onChange={() => toggle(s.settlementId)}
                    />
                    <span className="pa-row__body">
                      <span className="pa-row__head">
                        <span className="pa-row__title">
                          <span className="fk-badge" data-tone="muted">
                            {INVOICE_TYPE_LABEL[s.type]}
                          </span>{' '}
                          {s.title}
                        </span>
                        <span className="pa-amount">{formatYuan(s.amount)}</span>
                      </span>
                      <span className="pa-row__line">
                        缴费日期 {chinaDate(s.paidAt)} · {s.source === 'APP' ? '线上缴费' : '医院窗口/自助机'}
                      </span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </>
      )}
      {settlements.length > 0 && (
        <div className="fk-footer pa-footer">
          <span aria-live="polite">
            已选{picked.length}笔，合计 <strong>{formatYuan(total)}</strong>
          </span>
          <button
            type="button"
            className="fk-button fk-button--primary"
            disabled={picked.length === 0 || busy}
            onClick={print}
          >
            {busy ? '正在开票...' : '合并开票'}
          </button>
        </div>
      )}
    </div>
  );
}
