import { defineFeature } from '@patient/ui-kit';

/**
 * Prepaid account (001 §2 'Prepaid account': open in the contact's real name, recharge through the payment
 * module, transactions, the linked cards, close with the balance refunded) and electronic invoices (001 §2
 * 'Invoices': the contact's invoices, merge-printing the settlements not invoiced yet, an invoice as page
 * images with its download).
 */
export const accountFeature = defineFeature({
  name: 'account',
  routes: [
    { path: '/account', page: () => import('./pages/AccountPage.tsx'), meta: { title: '预交金账户' } },
    {
      path: '/account/cardList/:hospitalId/:origanizationCode/:patientName/:identityCard/:contactId',
      page: () => import('./pages/CardListPage.tsx'),
      meta: { title: '关联就诊卡' },
    },
    {
      path: '/transRecord/:accountId',
      page: () => import('./pages/TransRecordPage.tsx'),
      meta: { title: '充值及消费记录' },
    },
    {
      path: '/recharge/:contactId',
      page: () => import('./pages/RechargePage.tsx'),
      meta: { title: '预交金充值' },
    },
    {
      path: '/rechargeSuccess',
      page: () => import('./pages/RechargeSuccessPage.tsx'),
      meta: { title: '充值结果' },
    },
    {
      path: '/invoice/chooseInvoiceContact',
      page: () => import('./pages/ChooseInvoiceContactPage.tsx'),
      meta: { title: '选择就诊人' },
    },
    {
      path: '/invoice/invoiceList',
      page: () => import('./pages/InvoiceListPage.tsx'),
      meta: { title: '电子票据' },
    },
    {
      path: '/invoice/invoiceDetail/:file',
      page: () => import('./pages/InvoiceDetailPage.tsx'),
      meta: { title: '电子票据详情' },
    },
    {
      path: '/invoice/canInvoiceList/:hospitalId',
      page: () => import('./pages/CanInvoiceListPage.tsx'),
      meta: { title: '申请开票' },
    },
  ],
});
