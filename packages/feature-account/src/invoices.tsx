import { INVOICE_TYPE_LABEL, type InvoiceSummary } from '@patient/contract';
import { formatYuan } from '@patient/validation';
import { Link } from 'react-router-dom';
import { chinaDate } from './format.ts';
import { invoiceDetailPath } from './paths.ts';

/** One invoice in a list: kind, date, amount, 票据号码, how many settlements; opens the invoice. */
export function InvoiceRow({ invoice }: { invoice: InvoiceSummary }) {
  return (
    <Link className="fk-card pa-row" to={invoiceDetailPath(invoice.fileId)}>
      <span className="pa-row__head">
        <span className="pa-row__title">
          <span className="fk-badge" data-tone="primary">
            {INVOICE_TYPE_LABEL[invoice.type]}
          </span>{' '}
          医疗电子票据
        </span>
        <span className="pa-amount">{formatYuan(invoice.amount)}</span>
      </span>
      <span className="pa-row__line">
        开票日期 {chinaDate(invoice.issuedAt)}
        {invoice.settlementCount > 1 ? ` · 合并${invoice.settlementCount}笔` : ''}
      </span>
      <span className="pa-row__line">票据号码 {invoice.invoiceNumber}</span>
    </Link>
  );
}
