import { api } from '@patient/api-client';
import { INVOICE_TYPE_LABEL, invoicePages } from '@patient/contract';
import { BadLink, RemoteState, useRemote } from '@patient/feature-kit';
import { formatYuan } from '@patient/validation';
import { useParams } from 'react-router-dom';
import { chinaDate, isCode } from '../format.ts';
import '@patient/feature-kit/base.css';
import '../account.css';

/**
 * 电子票据详情 (/invoice/invoiceDetail/:file): the numbers (票据代码, 票据号码, 校验码), payer (masked), amount in
 * figures and capitals, then the invoice itself as page images laid out by the service (many in-app browsers
 * cannot open a PDF), described for screen readers; 下载票据 saves the page, and long-pressing an image too.
 */
export default function InvoiceDetailPage() {
  const { file } = useParams();
  const valid = isCode(file);
  const answer = useRemote(
    valid ? (signal) => api.request(invoicePages, { query: { fileId: file } }, { signal }) : null,
    String(file),
  );
  if (!valid)
    return (
      <BadLink
        page
        message="链接无效，请从电子票据列表进入"
        to="/invoice/chooseInvoiceContact"
        back="电子票据"
      />
    );
  if (answer.data === null) {
    return (
      <div className="fk-page">
        <RemoteState
          remote={answer}
          loading="正在生成票据图片..."
          failed="电子票据加载失败"
          paddingTop={24}
        />
      </div>
    );
  }
  const { invoice, capital, pages, fileName } = answer.data;
  const title = `${INVOICE_TYPE_LABEL[invoice.type]}电子票据 ${invoice.invoiceNumber}`;
  return (
    <div className="fk-page">
      <dl className="fk-card fk-info" aria-label="票据信息">
        <div>
          <dt>票据代码</dt>
          <dd>{invoice.invoiceCode}</dd>
        </div>
        <div>
          <dt>票据号码</dt>
          <dd>{invoice.invoiceNumber}</dd>
        </div>
        <div>
          <dt>交款人</dt>
          <dd>{invoice.payerName}</dd>
        </div>
        <div>
          <dt>开票日期</dt>
          <dd>{chinaDate(invoice.issuedAt)}</dd>
        </div>
        <div>
          <dt>金额</dt>
          <dd>
            {formatYuan(invoice.amount)}（{capital}）
          </dd>
        </div>
      </dl>
      {pages.map((page, i) => (
        <img
          key={page.image.length + i}
          className="pa-invoice-image"
          src={page.image}
          width={page.width}
          height={page.height}
          alt={`${title} 第${i + 1}页，合计${formatYuan(invoice.amount)}，大写${capital}`}
        />
      ))}
      <a className="fk-button fk-button--primary fk-button--block" href={pages[0]?.image} download={fileName}>
        下载票据
      </a>
      <p className="fk-muted">
        长按图片也可保存票据；电子票据与纸质票据具有同等法律效力，可登录财政电子票据查验平台查验真伪。
      </p>
    </div>
  );
}
