import type { PrepaidAccount } from '@patient/contract';

export const accountPath = (contactId?: string) =>
  contactId ? `/account?contactId=${encodeURIComponent(contactId)}` : '/account';
export const rechargePath = (contactId: string) => `/recharge/${encodeURIComponent(contactId)}`;
export const transRecordPath = (accountId: string) => `/transRecord/${encodeURIComponent(accountId)}`;
export const rechargeSuccessPath = (rechargeId: string) =>
  `/rechargeSuccess?rechargeId=${encodeURIComponent(rechargeId)}`;

/**
 * /account/cardList/:hospitalId/:origanizationCode/:patientName/:identityCard/:contactId — the name and ID
 * number travel masked (the screen only shows them; what it lists comes from the service by contactId).
 */
export const accountCardsPath = (account: PrepaidAccount, organisationCode: string) =>
  `/account/cardList/${[
    account.hospitalId,
    organisationCode,
    account.patientName,
    account.identityCard,
    account.contactId,
  ]
    .map(encodeURIComponent)
    .join('/')}`;

export const invoiceListPath = (contactId?: string) =>
  contactId ? `/invoice/invoiceList?contactId=${encodeURIComponent(contactId)}` : '/invoice/invoiceList';
export const canInvoicePath = (hospitalId: string, contactId: string) =>
  `/invoice/canInvoiceList/${encodeURIComponent(hospitalId)}?contactId=${encodeURIComponent(contactId)}`;
export const invoiceDetailPath = (fileId: string) => `/invoice/invoiceDetail/${encodeURIComponent(fileId)}`;
