import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerDialog, bodiesOf, harness } from '../testing.tsx';
import CanInvoiceListPage from './CanInvoiceListPage.tsx';
import InvoiceDetailPage from './InvoiceDetailPage.tsx';
import InvoiceListPage from './InvoiceListPage.tsx';

const ctx = setupFeature(harness);

describe('电子票据', () => {
  it('lists the contact’s invoices with kind, date, amount and number', async () => {
    renderAt({ '/invoice/invoiceList': <InvoiceListPage /> }, '/invoice/invoiceList?contactId=1');
    const list = await screen.findByRole('list', { name: '电子票据列表' });
    expect(list.textContent).toContain('住院');
    expect(list.textContent).toContain('¥3250.00');
    expect(list.textContent).toContain('开票日期 2030-04-01');
    expect(list.textContent).toContain('票据号码 0000000001');
    expect(screen.getByRole('link', { name: /申请开票/ }).getAttribute('href')).toBe(
      '/invoice/canInvoiceList/1000?contactId=1',
    );
  });

  it('says when there are none', async () => {
    ctx.service.invoices = [];
    renderAt({ '/invoice/invoiceList': <InvoiceListPage /> }, '/invoice/invoiceList?contactId=1');
    expect(await screen.findByText('暂无电子票据，缴费后可在“申请开票”中开具')).toBeTruthy();
  });

  it('merges settlements of one kind after confirming the total, and opens the invoice', async () => {
    const user = userEvent.setup();
    const router = renderAt(
      { '/invoice/canInvoiceList/:hospitalId': <CanInvoiceListPage /> },
      '/invoice/canInvoiceList/1000?contactId=1',
    );
    const boxes = await screen.findAllByRole('checkbox');
    await user.click(boxes[1]);
    // Only settlements of the same kind may join.
    expect((boxes[0] as HTMLInputElement).disabled).toBe(true);
    await user.click(boxes[2]);
    expect(screen.getByText('¥323.45')).toBeTruthy();
    const text = await answerDialog(
      () => screen.getByRole('button', { name: '合并开票' }).click(),
      '确认开票',
    );
    expect(text).toContain('将2笔门诊费用合并开具一张电子票据，合计¥323.45（叁佰贰拾叁元肆角伍分）');
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoice/invoiceDetail/f2'));
    expect(bodiesOf(ctx.server, 'POST /v1/contact/1000/mergePrintInvoice')).toEqual([
      { contactId: '1', settlementIds: ['H-1000-1-1', 'H-1000-1-2'] },
    ]);
  });

  it('shows the invoice as a page image with its numbers and capital amount, and offers the download', async () => {
    renderAt({ '/invoice/invoiceDetail/:file': <InvoiceDetailPage /> }, '/invoice/invoiceDetail/f1');
    const image = await screen.findByRole('img', { name: /住院电子票据 0000000001 第1页/ });
    expect(image.getAttribute('alt')).toContain('大写叁仟贰佰伍拾元整');
    expect(screen.getByText('33003002')).toBeTruthy();
    const download = screen.getByRole('link', { name: '下载票据' });
    expect(download.getAttribute('download')).toBe('电子票据-33003002-0000000001.svg');
    expect(download.getAttribute('href')).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('answers another user’s invoice as not there, with a retry', async () => {
    renderAt({ '/invoice/invoiceDetail/:file': <InvoiceDetailPage /> }, '/invoice/invoiceDetail/nope');
    expect(await screen.findByText('电子票据加载失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
  });
});
