import type { HttpMethod, ServiceName } from './endpoint.ts';

/**
 * One call as the specification names it, and the contract endpoint that serves it.
 * `spec-calls.test.ts` checks each row against `ALL_ENDPOINTS`.
 */
export interface SpecCall {
  document: '000' | '001';
  /** The document's own headings: '001 §7 Invoices', '000 §7 Contacts and cards'. */
  section: string;
  /** As written; null where the document gives no method. */
  method: HttpMethod | null;
  /**
   * As written after the service prefix, path parameters as `:name` (`{id}` → `:id`); a list's later item
   * (`/v1/sources/hospitals/{id}/query, /queryBySpell`) is spelled out. null: the document names the call
   * without an exact path.
   */
  path: string | null;
  /** What the document writes when it is not the path itself: a list's later item, or the words naming the call. */
  written?: string;
  /** `written` describes the call (`inspection`, `day report`) rather than naming its path segments. */
  prose?: true;
  /** Path rows: the service whose prefix the path is under (see `SERVICE_PREFIX`). */
  service: ServiceName;
  /** The id of the endpoint of `ALL_ENDPOINTS` that serves it. */
  endpoint: string;
}

type Doc = SpecCall['document'];

function section(document: Doc, heading: string, service: ServiceName = 'hospital') {
  const base = { document, section: `${document} §7 ${heading}`, service };
  return {
    /** A call at an exact path. */
    at: (method: HttpMethod, path: string, endpoint: string, written?: string): SpecCall => ({
      ...base,
      method,
      path,
      endpoint,
      ...(written === undefined ? {} : { written }),
    }),
    /** A call the document names without an exact path. */
    named: (method: HttpMethod | null, written: string, endpoint: string): SpecCall => ({
      ...base,
      method,
      path: null,
      written,
      endpoint,
    }),
    /** A call the document only describes. */
    described: (written: string, endpoint: string, method: HttpMethod | null = null): SpecCall => ({
      ...base,
      method,
      path: null,
      written,
      prose: true,
      endpoint,
    }),
  };
}

const startup = section('000', 'Start-up');
const contacts = section('000', 'Contacts and cards');
const records = section('000', 'Records, reports, fees, queue, feedback');
const appointment = section('001', 'Appointment');
const checkup = section('001', 'Check-up appointment');
const invoices = section('001', 'Invoices');
const outpatient = section('001', 'Outpatient payment');
const recordCopy = section('001', 'Medical record copy', 'product');
const address = section('001', 'Delivery address');
const account = section('001', 'Prepaid account');
const prices = section('001', 'Price inquiry');
const exams = section('001', 'Exam reports');
const nat = section('001', 'Nucleic acid');
const healthCode = section('001', 'Health code');
const screening = section('001', 'Health screening');
const login = section('001', 'Login');
const companion = section('001', 'Companion card');
const bedPatient = section('001', 'Bed orders, Patient');
// 001 §6: the nurse side's calls go through the corporate-messaging backend's path.
const bedStaff = section('001', 'Bed orders, Staff', 'staff');
const insurance = section('001', 'Insurance and payment');
const regions = section('001', 'Region enumerations');
const push = section('001', 'Questionnaire push');

/**
 * Every call of the two specification documents (000 §7, 001 §7), where the document names it, with the
 * endpoint serving it. A call named in both documents (001 repeats 000's outpatient payment list) has a row in
 * each. Add a row where the document says the call; the test names a row whose endpoint differs.
 */
export const SPEC_CALLS: readonly SpecCall[] = [
  startup.described('Hospital description', 'getHospitalDescription'),
  startup.described('Can-go-to-health-card', 'getCanGoToHealthCard'),
  startup.described('System parameter map', 'getSystemParamMap'),

  contacts.at('GET', '/contacts', 'listContacts'),
  contacts.at('GET', '/contact_id/:contactId', 'getContact'),
  contacts.at('GET', '/cardInfo/:id', 'listMedicalCards', '/cardInfo/{hospitalId or id}'),
  contacts.at('POST', '/cardInfo', 'addMedicalCard'),
  contacts.at('POST', '/addPatient', 'addContact'),
  contacts.at('POST', '/del/:contactId', 'deleteContact'),
  contacts.at('POST', '/remove/cardInfo/card_id/:cardId', 'removeMedicalCard'),
  contacts.at('GET', '/contact/phone', 'verifyContactPhone'),
  contacts.at('GET', '/phone/sms', 'sendContactPhoneCode'),
  contacts.at(
    'GET',
    '/his_cardInfo/hospital_id/:hospitalId/identity_card/:identityCard/name/:patientName/type/:type',
    'findHisCardsByType',
  ),
  contacts.at(
    'GET',
    '/his_cardInfo/hospital_id/:hospitalId/identity_card/:identityCard/name/:patientName',
    'findHisCards',
  ),
  contacts.at('GET', '/updateDefaultContact', 'setDefaultContact'),
  contacts.at('POST', '/updateDefaultCard', 'setDefaultMedicalCard'),
  contacts.at('POST', '/v1/contact/patientInformationEdit', 'editContact'),
  contacts.at('POST', '/postContact', 'saveContact'),
  contacts.at('POST', '/contact/patientInformationFiling', 'filePatientRecord'),
  contacts.at('POST', '/contact/qrCode', 'getPatientCode'),
  contacts.at('POST', '/v1/contact/updateContactNotification', 'updateContactNotification'),
  contacts.at('GET', '/v1/contact/healthCardQRCode/:id', 'getHealthCardQRCode'),
  contacts.at('POST', '/v1/contact/registerAndBindHealthCard', 'registerAndBindHealthCard'),
  contacts.at('POST', '/v1/contact/cardPackageOrderId/:id', 'addHealthCardToPackage'),
  contacts.at('GET', '/v1/contact/:contactId/hasPatientRecord', 'hasPatientRecord'),
  contacts.at('GET', '/v1/contact/:contactId/healthCardInfo/:id', 'getHealthCardInfo'),
  contacts.at('POST', '/v1/contact/updatePatientAddressInfo', 'updatePatientAddress'),

  records.described('inspection', 'listReports'),
  records.described('pathology', 'listReports'),
  records.described('biochemical', 'listReports'),
  // 健康证: the health-certificate reports (kind HEALTH_CERTIFICATE) among the contact's reports.
  records.described('health certificate', 'listReports'),
  records.described('report search by contact', 'listReports'),
  records.described('report search by card number', 'searchReportsByCard'),
  records.described('follow-up list', 'listVisitFollowUps'),
  // A visit's prescriptions (000 §2 /patientRecord/recordDetail/recipeList/{type}).
  records.described('medicine history', 'getVisit'),
  records.described('request lists', 'listReportRequests'),
  records.named(null, 'officeCharges', 'listOfficeCharges'),
  records.named(null, 'chargedFee', 'listChargedFees'),
  records.named(null, 'officeChargeDetails', 'getOfficeChargeDetails'),
  records.named(null, 'billLock', 'billLock'),
  records.named(null, 'orderUniformly', 'orderUniformly'),
  records.named(null, 'cancelChargePrePay', 'cancelChargePrePay'),
  records.named(null, 'invalidOrder refund', 'refundInvalidOrder'),
  records.named(null, 'inpatientInfo', 'getInpatientInfo'),
  records.named(null, 'feeTotal', 'getInpatientFeeTotal'),
  records.named(null, 'feeDetail', 'getInpatientFeeDetail'),
  records.named(null, 'advancePayment', 'payAdvancePayment'),
  records.named(null, 'advancePayment history', 'listAdvancePayments'),
  records.named(null, 'inhospitalPreSettle', 'inhospitalPreSettle'),
  records.named(null, 'inhospitalReceipt', 'getInhospitalReceipt'),
  records.described('day report', 'getInpatientDayReport'),
  records.described('sum report', 'getInpatientFeeTotal'),
  records.named(null, 'inpatientInfoList', 'listInpatientStays'),
  records.at('GET', '/v2/queue/queueListV2/:id', 'listQueues'),
  records.described('queue type', 'listQueueTypes'),
  records.described('call info', 'getQueueCall'),
  records.at('POST', '/v1/check/outpatientQueuings', 'listMyQueues'),
  records.at('POST', '/v1/check/getCheckSign', 'listSignIns', '/getCheckSign'),
  records.at('POST', '/v1/check/signOrder', 'signIn', '/signOrder'),
  records.at('POST', '/v1/feed_back', 'submitFeedback'),
  records.at('GET', '/v1/feed_back/feed_back_id/:id', 'getFeedback'),
  records.at('GET', '/v1/satisfy/desc/:a/:b', 'getSatisfactionTask'),
  records.at('GET', '/v1/patient/desc/:a/:b', 'getFollowUpTask'),
  records.at('POST', '/v1/patient/save', 'saveFollowUpTask'),
  records.described('follow-up scanning', 'getScaleTask'),
  records.described('satisfaction answers', 'saveFollowUpTask'),

  appointment.at('GET', '/v1/dept/hospital/:id', 'listDepartments'),
  appointment.at('GET', '/v1/dept/dept_with_his/hospital/:id', 'listDepartmentsWithHis'),
  appointment.at('POST', '/v1/schedules/appointments_resume/queryResume/:id', 'getDoctorResume'),
  appointment.at('POST', '/v1/schedules_resume/hospitals/:id/query', 'listDoctorsWithSchedules'),
  appointment.at('POST', '/v1/schedules/source_search', 'searchSourcesSnake'),
  appointment.at('POST', '/v1/schedules/sourceSearch', 'searchSources'),
  appointment.at('GET', '/v1/doctors/:id', 'getDoctor'),
  appointment.at('POST', '/v1/schedules/hospitals/:id/query', 'querySchedules'),
  appointment.at('POST', '/v1/sources/hospitals/:id/query', 'querySources'),
  appointment.at('POST', '/v1/sources/hospitals/:id/queryBySpell', 'searchDepartments', '/queryBySpell'),
  appointment.at('POST', '/v1/sources/hospitals/:id/lock', 'lockSource', '/lock'),
  appointment.at('POST', '/v1/sources/hospitals/:id/unLock', 'unlockSource', '/unLock'),
  appointment.at('POST', '/v1/orders/:id', 'placeOrder'),
  appointment.at('POST', '/v1/orders/refundFeeAndNum', 'refundOrder'),
  appointment.at('POST', '/v1/orders/cancel', 'cancelOrder'),
  appointment.at('POST', '/v1/orders/pre_checkin', 'preCheckin'),
  appointment.at('GET', '/v1/orders/:id', 'getOrder'),
  appointment.at('POST', '/v1/orders/query', 'listOrders'),
  appointment.at('GET', '/v1/orders/query/appid', 'getPaymentAppId'),
  appointment.at('POST', '/v1/orders/queryDeptFee/:id', 'queryDeptFee'),
  appointment.at('POST', '/v1/orders/preSettlement/:orderId', 'preSettlement'),
  appointment.at('POST', '/v1/schedules/appoint/doctor/:id', 'queryDoctorSchedule'),
  appointment.at('GET', '/v1/ali/eco/cityservice/energy', 'claimCityServiceEnergy'),

  checkup.at('POST', '/v1/checkByHospital/getCheckApply/:id', 'listCheckupApplications'),
  checkup.at(
    'POST',
    '/v1/checkByHospital/getRemainingNumber/:id',
    'getCheckupRemaining',
    'getRemainingNumber',
  ),
  checkup.at('POST', '/v1/checkByHospital/getSchedulingTime/:id', 'getCheckupTimes', 'getSchedulingTime'),
  checkup.at('POST', '/v1/checkByHospital/saveOrder/:id', 'bookCheckup', 'saveOrder'),
  checkup.at(
    'POST',
    '/v1/checkByHospital/getAnnouncementsInfo/:id',
    'getCheckupNotices',
    'getAnnouncementsInfo',
  ),
  checkup.at('POST', '/v1/checkByHospital/cancleOrder/:id', 'cancelCheckup', 'cancleOrder'),
  checkup.at('POST', '/check/cancel_OrderInfo/:id', 'getCheckupCancelRule'),
  checkup.at('GET', '/v1/dict/DJLF', 'listCheckupReminders'),

  invoices.at('POST', '/queryInvoice/:id', 'listInvoices'),
  invoices.at('POST', '/v1/contact/:id/selectInvoice', 'listInvoiceableSettlements'),
  invoices.at('POST', '/v1/contact/:id/queryMergeCashInfo', 'previewMergedInvoice', '/queryMergeCashInfo'),
  invoices.at('POST', '/v1/contact/:id/mergePrintInvoice', 'mergePrintInvoice', '/mergePrintInvoice'),
  invoices.at('GET', '/v1/contact/pdfToImage', 'invoicePages'),
  invoices.named('POST', '{token}', 'openInvoiceByToken'),

  outpatient.named(null, 'officeCharges', 'listOfficeCharges'),
  outpatient.named(null, 'chargedFee', 'listChargedFees'),
  outpatient.named(null, 'officeChargeDetails', 'getOfficeChargeDetails'),
  outpatient.named(null, 'billLock', 'billLock'),
  outpatient.named(null, 'interOfficePayment orderUniformly', 'orderUniformly'),
  outpatient.named(null, 'cancelChargePrePay', 'cancelChargePrePay'),
  outpatient.named(null, 'invalidOrder refund', 'refundInvalidOrder'),
  outpatient.at('GET', '/v1/common/qrCode', 'getPaymentQrCode'),
  outpatient.at('GET', '/v1/contact/queryPatientInfoByCardNo', 'queryPatientInfoByCardNo'),

  recordCopy.at('POST', '/patientCardList', 'listRecordCopyPatients', 'patientCardList'),
  recordCopy.at('PUT', '/inpatientInfoList', 'listCopyableStays', 'inpatientInfoList'),
  recordCopy.at('POST', '/cancelApply', 'cancelRecordCopy', 'cancelApply'),
  recordCopy.at('GET', '/medicalRecordDetail/:id', 'getRecordCopy', 'medicalRecordDetail/{id}'),
  recordCopy.at('GET', '/getParaConfigContent', 'getRecordCopyText', 'getParaConfigContent'),
  recordCopy.at('GET', '/configureList', 'getRecordCopyConfig', 'configureList'),
  recordCopy.at('POST', '/addMedicalRecord', 'applyRecordCopy', 'addMedicalRecord'),
  recordCopy.at('POST', '/confirmReceipt', 'confirmRecordCopyReceipt', 'confirmReceipt'),
  recordCopy.described('File upload: multiple files', 'uploadFiles', 'POST'),
  recordCopy.described('File upload: single file (shared)', 'uploadFile', 'POST'),

  address.at('GET', '/v1/express_address/addresses', 'listAddresses'),
  address.named('POST', 'add_express_address', 'addAddress'),
  address.named('POST', 'update', 'updateAddress'),
  address.named('POST', 'remove/{id}', 'removeAddress'),
  address.at('GET', '/v1/express_address/:id', 'getAddress'),
  address.at('GET', '/v1/kuaidi/:id', 'getTracking'),

  account.at('POST', '/v1/account/:id/patientAccountInfo', 'getAccountInfo'),
  account.at('POST', '/v1/account/:id/patientCreatAccount', 'openAccount', 'patientCreatAccount'),
  account.at(
    'POST',
    '/v1/account/:id/patientGetAccountTransactionRecords',
    'listAccountTransactions',
    'patientGetAccountTransactionRecords',
  ),
  account.named('GET', 'patientAccountCancellation', 'closeAccount'),
  account.named('GET', 'patientGetAccountCards', 'listAccountCards'),
  account.at('POST', '/v1/account/cardInfo', 'rechargeInfo'),
  account.at('POST', '/v1/account/pay', 'createRecharge'),

  prices.at('GET', '/v1/prices/drugPriceInfo/:id', 'searchDrugPrices'),
  prices.at('GET', '/v1/prices/medicalServicePriceInfo/:id', 'searchServicePrices'),

  exams.at('POST', '/v1/medical-examination/report/list', 'listExamReports'),
  exams.at('POST', '/v1/report/:id/getExamReportPdf', 'getExamReportPages'),
  exams.at('POST', '/v1/report/:id/getHealthExamRecords', 'getHealthExamRecords', 'getHealthExamRecords'),
  exams.described('download file by name', 'getExamReportPdfFile', 'GET'),
  exams.at('GET', '/v1/common/pdfToImg', 'pdfToImg'),
  exams.at('POST', '/v1/medical-examination/report/:medicalNumber/:patientName', 'findExamReport'),

  nat.at('POST', '/v1/natOrder', 'createNucleicAcidOrder'),
  nat.at('GET', '/v1/natOrder/page', 'listNucleicAcidOrders'),
  nat.at('GET', '/v1/natOrder/:id', 'getNucleicAcidOrder'),
  nat.at('DELETE', '/v1/natOrder/:hospitalId/:orderId', 'cancelNucleicAcidOrder'),
  nat.named('GET', 'health list', 'getNucleicAcidHealthQuestions'),
  nat.named('GET', 'orderHealth list', 'listNucleicAcidOrderHealth'),
  nat.named('GET', 'check', 'checkNucleicAcidHealth'),
  nat.described('items list', 'getNucleicAcidItems', 'GET'),
  nat.named('POST', 'preCommit', 'preCommitNucleicAcid'),
  nat.named('GET', 'order/page', 'listNucleicAcidOrdersPage'),
  nat.named('GET', 'order/{id}', 'getNucleicAcidOrderById'),
  nat.named('POST', 'refund/{orderId}', 'refundNucleicAcidOrder'),

  healthCode.at('POST', '/v1/contact/codeApply', 'applyHealthCode'),
  healthCode.at('GET', '/v1/contact/getVirtualCardCode', 'getVirtualCardCode'),

  screening.at('GET', '/v1/healthScreening/list', 'listScreeningStreets'),
  screening.at('GET', '/v1/healthScreening/list/street', 'getScreeningStreet'),
  screening.at('POST', '/v1/healthScreening', 'submitScreening'),
  screening.at('POST', '/v1/healthScreening/last', 'getLastScreening', '/last'),
  screening.at('POST', '/v1/healthScreening/answer', 'listScreeningAnswers', '/answer'),

  login.at('POST', '/v1/auth/sendCode', 'sendLoginCode'),
  login.at('POST', '/v1/auth/bindPhone', 'bindPhone'),
  login.at('GET', '/v1/test/order/error', 'testOrderError'),

  companion.named('GET', 'getChaperonageList', 'listCompanionInpatients'),
  companion.named('GET', 'qrCode', 'getCompanionPass'),
  companion.named('GET', 'cancellationChaperonage', 'cancelCompanionCard'),
  companion.named('GET', 'getChaperonageDO', 'getCompanionCard'),
  companion.named('GET', 'cancelApplying', 'withdrawCompanionApplication'),
  companion.named('GET', 'queryChaperonageStatus', 'getCompanionCardStatus'),
  companion.named('POST', 'addChaperonageInfo', 'applyCompanionCard'),
  companion.named('POST', 'userChaperonageListForPage', 'listCompanionCards'),
  companion.named('POST', 'changeSpecialUserIuid', 'transferCompanionCard'),

  bedPatient.at('POST', '/v1/bedOrder/page', 'listBedOrders'),
  bedPatient.at('POST', '/v1/bedOrder', 'applyBedOrder'),
  bedPatient.at('POST', '/v1/bedOrder/confirmTime', 'confirmBedTime', '/confirmTime'),
  bedPatient.at('GET', '/v1/bedOrder/:id', 'getBedOrder'),
  bedPatient.at('POST', '/v1/bedOrder/:id', 'cancelBedOrder', 'POST /v1/bedOrder/{id} (cancel)'),
  bedStaff.at('POST', '/v1/WXCorp/bedOrder/pending/page', 'listPendingBedOrders'),
  bedStaff.at('POST', '/v1/WXCorp/bedOrder/confirm/page', 'listConfirmedBedOrders', 'confirm/page'),
  bedStaff.at('POST', '/v1/WXCorp/bedOrder/finish/page', 'listFinishedBedOrders', 'finish/page'),
  bedStaff.at('POST', '/v1/WXCorp/bedOrder/transferDepartment', 'transferBedOrder', 'transferDepartment'),
  bedStaff.at('POST', '/v1/WXCorp/bedOrder/create', 'createBedOrder', 'create'),
  bedStaff.at('POST', '/v1/WXCorp/bedOrder/confirm', 'confirmBedOrder', 'confirm'),
  bedStaff.named('GET', 'count', 'countBedOrders'),
  bedStaff.named('GET', 'detail', 'getStaffBedOrder'),
  bedStaff.described('behavior log page', 'listBedOrderLogs'),
  bedStaff.named('GET', 'department', 'listStaffWards'),
  bedStaff.named('GET', 'dictionary', 'getBedDictionary'),

  insurance.at('POST', '/v1/ali/mini/auth/payAuthNo', 'exchangeAlipayPayAuthNo'),
  insurance.at('POST', '/v1/pay_orders/selfOrMedicalPreSettle', 'selfOrMedicalPreSettle'),
  insurance.at('POST', '/v1/interOfficePayment/orderUniformly', 'orderUniformly'),
  insurance.at('POST', '/v1/auth/payAuthNo', 'exchangePayAuthNo'),
  insurance.at('POST', '/v1/pay_orders/js_pay', 'startPayment'),

  regions.at('GET', '/v1/hisEnumAll/:id/getProCountiesInfo', 'getProvincesCitiesCounties'),
  regions.at(
    'GET',
    '/v1/hisEnumAll/:id/getStreetsVillagesInfo',
    'getStreetsVillages',
    'getStreetsVillagesInfo',
  ),
  regions.at(
    'GET',
    '/v1/hisEnumAll/:id/getNatEthOccInfo',
    'getNationalityEthnicityOccupation',
    'getNatEthOccInfo',
  ),

  push.named('POST', 'userRegister', 'followUpUserRegister'),
  push.named('POST', 'getDisposableLoginCode', 'followUpDisposableLoginCode'),
];
