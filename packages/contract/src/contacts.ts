import type { IdDocumentType } from '@patient/validation';
import * as z from 'zod/mini';
import { documentVersion } from './consent.ts';
import { endpoint } from './endpoint.ts';
import {
  documentNumber,
  healthCardNo,
  id,
  isoDate,
  medicalCardNo,
  mobilePhone,
  personName,
  queryBoolean,
} from './primitives.ts';

/** Contacts (patient profiles) and medical cards: 000 §7 'Contacts and cards'. */

/**
 * The keys of @patient/validation's ID_DOCUMENT_TYPES, in its order (contract.test.ts checks they agree).
 * Written out so that the apps' homepage, which imports the contract, does not load validation at runtime.
 */
export const ID_DOCUMENT_TYPE_KEYS = [
  'IDENTITY_CARD',
  'HUKOU_NUMBER',
  'PASSPORT_NUMBER',
  'MO_HK_NUMBER',
  'TW_NUMBER',
  'FOREIGNER_NUMBER',
  'ARMYMAN',
  'STUDENTCARD',
  'DRIVINGLICENCE',
  'IDENTITY_CARD_MUM',
  'OTHER',
] as const satisfies readonly IdDocumentType[];

export const idDocumentType = z.enum(ID_DOCUMENT_TYPE_KEYS);

export const sex = z.enum(['MALE', 'FEMALE']);

/** How the patient relates to the account holder. */
export const relation = z.enum(['SELF', 'PARENT', 'CHILD', 'SPOUSE', 'RELATIVE', 'FRIEND', 'OTHER']);

/**
 * What proved a contact for the hospital's data: SMS, the code sent to the phone the HIS holds for the person
 * (verifyHisIdentity); ACCOUNT_PHONE, the account's own login phone is that phone (recorded when the contact is
 * added, edited or certified); FACE, a face verification of the person (verifyFaceResult).
 */
export const hisProof = z.enum(['SMS', 'ACCOUNT_PHONE', 'FACE']);
export type HisProof = z.output<typeof hisProof>;

export const contactDO = z.object({
  name: z.string(),
  documentType: idDocumentType,
  documentNumber: z.string(),
  phone: z.string(),
  /** True once the phone was confirmed by SMS code. */
  phoneVerified: z.boolean(),
  sex: z.nullable(sex),
  birthDate: z.nullable(z.string()),
  relation,
  isDefault: z.boolean(),
  /** Real-name authentication done (/authentication). */
  certified: z.boolean(),
  /**
   * The hospital's data about this person (HIS cards, reports, records, fees…) may be shown: the contact was
   * proven ({@link hisProof}). Otherwise those calls answer state 403, subCode HIS_IDENTITY_REQUIRED. Real-name
   * certification (`certified`) is not a proof: a name and an ID number are no secret.
   */
  hisVerified: z.boolean(),
  /** When the contact was proven (null: not proven). */
  hisVerifiedAt: z.nullable(z.string()),
  /** How the contact was proven (null: not proven). */
  hisProof: z.nullable(hisProof),
  /** Receives appointment and payment messages. */
  notify: z.boolean(),
  address: z.nullable(z.string()),
  /** Ethnic group (民族), from getNatEthOccInfo; asked for by the electronic health card. */
  ethnicity: z.nullable(z.string()),
  /** Occupation (职业), from getNatEthOccInfo. */
  occupation: z.nullable(z.string()),
  /**
   * For a contact under 14 (`needsGuardianConsent` of @patient/validation, 个人信息保护法 §31): the account
   * holder's confirmation that they are the parent or guardian and consent on the child's behalf — the
   * 隐私政策 version agreed to and when. null (or absent) for anyone else.
   */
  guardianConsent: z.optional(z.nullable(z.object({ version: z.string(), agreedAt: z.string() }))),
});

export const contact = z.object({
  contactId: z.string(),
  contactDO,
  createdAt: z.string(),
});
export type Contact = z.output<typeof contact>;

export const medicalCardType = z.enum(['HOSPITAL_CARD', 'INSURANCE_CARD', 'HEALTH_CARD']);

export const medicalCard = z.object({
  cardId: z.string(),
  contactId: z.string(),
  medicalCardNo: z.string(),
  hospitalId: z.string(),
  identityCard: z.string(),
  patientName: z.string(),
  type: medicalCardType,
  isDefault: z.boolean(),
});
export type MedicalCard = z.output<typeof medicalCard>;

/** A card as the hospital's HIS knows it, before it is bound to the account. */
export const hisCard = z.object({
  medicalCardNo: z.string(),
  type: medicalCardType,
  patientName: z.string(),
  hospitalId: z.string(),
  bound: z.boolean(),
});
export type HisCard = z.output<typeof hisCard>;

const contactInput = z.object({
  name: personName(),
  documentType: idDocumentType,
  documentNumber: documentNumber(),
  phone: mobilePhone(),
  relation: z.optional(relation),
  sex: z.optional(sex),
  birthDate: z.optional(isoDate()),
  address: z.optional(z.string().check(z.maxLength(100))),
  ethnicity: z.optional(z.string().check(z.maxLength(20))),
  occupation: z.optional(z.string().check(z.maxLength(30))),
  /**
   * A contact under 14: the account holder confirms being the parent or guardian and consents on the child's
   * behalf to the hospital's current 隐私政策, by its version (without it: 400). Ignored for anyone else.
   */
  guardianConsent: z.optional(z.object({ hospitalId: id(), version: documentVersion() })),
});

export const listContacts = endpoint({
  id: 'listContacts',
  method: 'GET',
  path: '/contacts',
  summary: '就诊人列表（默认就诊人在前）',
  query: z.object({ time: z.optional(z.string().check(z.maxLength(20))) }),
  results: z.array(contact),
});

export const getContact = endpoint({
  id: 'getContact',
  method: 'GET',
  path: '/contact_id/:contactId',
  summary: '就诊人详情',
  params: z.object({ contactId: id() }),
  results: contact,
});

export const addContact = endpoint({
  id: 'addContact',
  sensitive: true,
  method: 'POST',
  path: '/addPatient',
  summary: '添加就诊人',
  body: contactInput,
  results: contact,
});

export const editContact = endpoint({
  id: 'editContact',
  sensitive: true,
  method: 'POST',
  path: '/v1/contact/patientInformationEdit',
  summary: '修改就诊人资料',
  body: z.extend(z.partial(contactInput), { contactId: id() }),
  results: contact,
});

export const deleteContact = endpoint({
  id: 'deleteContact',
  method: 'POST',
  path: '/del/:contactId',
  summary: '删除就诊人（同时解绑其就诊卡）',
  params: z.object({ contactId: id() }),
  results: z.boolean(),
});

export const setDefaultContact = endpoint({
  id: 'setDefaultContact',
  method: 'GET',
  path: '/updateDefaultContact',
  summary: '设为默认就诊人',
  query: z.object({ contactId: id(), isDefault: queryBoolean() }),
  results: z.boolean(),
});

export const sendContactPhoneCode = endpoint({
  id: 'sendContactPhoneCode',
  method: 'GET',
  path: '/phone/sms',
  summary: '发送就诊人手机验证码',
  query: z.object({ phone: mobilePhone() }),
  results: z.object({ resendAfterSeconds: z.number() }),
});

export const verifyContactPhone = endpoint({
  id: 'verifyContactPhone',
  method: 'GET',
  path: '/contact/phone',
  summary: '验证就诊人手机号',
  query: z.object({ contactId: id(), phone: mobilePhone(), number: z.string().check(z.regex(/^\d{6}$/)) }),
  results: z.boolean(),
});

export const sendHisIdentityCode = endpoint({
  id: 'sendHisIdentityCode',
  method: 'POST',
  path: '/v1/contact/:contactId/hisIdentity/sms',
  summary: '验证就诊人身份：向医院登记的手机号发送验证码',
  params: z.object({ contactId: id() }),
  /** maskedPhone: where the code went, masked (138****8000): the full number is the HIS's, never shown. */
  results: z.object({ maskedPhone: z.string(), resendAfterSeconds: z.number() }),
});

export const verifyHisIdentity = endpoint({
  id: 'verifyHisIdentity',
  method: 'POST',
  path: '/v1/contact/:contactId/hisIdentity',
  summary: '验证就诊人身份：校验验证码，通过后可查看其就诊卡和检查申请',
  params: z.object({ contactId: id() }),
  body: z.object({ code: z.string().check(z.regex(/^\d{6}$/)) }),
  results: contact,
});

/** A path of this site to come back to ('/x', never '//host' or a full address). */
const returnPath = () => z.string().check(z.maxLength(300), z.regex(/^\/(?!\/)[A-Za-z0-9/_\-?=&%.]*$/));

export const startFaceVerification = endpoint({
  id: 'startFaceVerification',
  method: 'POST',
  path: '/v1/contact/:contactId/hisIdentity/face',
  summary: '验证就诊人身份：发起人脸识别验证，返回核身页地址',
  params: z.object({ contactId: id() }),
  /** returnPath: the app's page the verification page sends the patient back to. */
  body: z.object({ returnPath: returnPath() }),
  /**
   * verifyUrl: where the app sends the patient (the face verification platform's page); ticket: what the app
   * keeps until the patient comes back, to ask for the result (verifyFaceResult).
   */
  results: z.object({ verifyUrl: z.string(), ticket: z.string() }),
});

export const verifyFaceResult = endpoint({
  id: 'verifyFaceResult',
  method: 'POST',
  path: '/v1/contact/:contactId/hisIdentity/face/result',
  summary: '验证就诊人身份：查询人脸识别结果，通过后可查看其就诊卡和检查申请',
  params: z.object({ contactId: id() }),
  body: z.object({ ticket: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,128}$/)) }),
  results: contact,
});

export const listMedicalCards = endpoint({
  id: 'listMedicalCards',
  method: 'GET',
  path: '/cardInfo/:contactId',
  summary: '就诊人的就诊卡列表',
  params: z.object({ contactId: id() }),
  query: z.object({ hospitalId: z.optional(id()) }),
  results: z.array(medicalCard),
});

export const addMedicalCard = endpoint({
  id: 'addMedicalCard',
  method: 'POST',
  path: '/cardInfo',
  summary: '按卡号绑定就诊卡',
  body: z.object({
    contactId: id(),
    hospitalId: id(),
    medicalCardNo: medicalCardNo(),
    type: z.optional(medicalCardType),
  }),
  results: medicalCard,
});

export const removeMedicalCard = endpoint({
  id: 'removeMedicalCard',
  method: 'POST',
  path: '/remove/cardInfo/card_id/:cardId',
  summary: '解绑就诊卡',
  params: z.object({ cardId: id() }),
  results: z.boolean(),
});

export const setDefaultMedicalCard = endpoint({
  id: 'setDefaultMedicalCard',
  method: 'POST',
  path: '/updateDefaultCard',
  summary: '设为默认就诊卡',
  query: z.object({ contactId: id(), medicalCardNo: z.string().check(z.minLength(1), z.maxLength(32)) }),
  results: z.boolean(),
});

const hisCardParams = {
  hospitalId: id(),
  identityCard: documentNumber(),
  patientName: personName(),
};

export const findHisCards = endpoint({
  id: 'findHisCards',
  method: 'GET',
  path: '/his_cardInfo/hospital_id/:hospitalId/identity_card/:identityCard/name/:patientName',
  summary: '查询医院系统中的就诊卡',
  params: z.object(hisCardParams),
  results: z.array(hisCard),
});

export const findHisCardsByType = endpoint({
  id: 'findHisCardsByType',
  method: 'GET',
  path: '/his_cardInfo/hospital_id/:hospitalId/identity_card/:identityCard/name/:patientName/type/:type',
  summary: '按卡类型查询医院系统中的就诊卡',
  params: z.object({ ...hisCardParams, type: medicalCardType }),
  results: z.array(hisCard),
});

export const hasPatientRecord = endpoint({
  id: 'hasPatientRecord',
  method: 'GET',
  path: '/v1/contact/:contactId/hasPatientRecord',
  summary: '该就诊人在医院是否已建档',
  params: z.object({ contactId: id() }),
  /** hospitalId (optional, an addition of ours): ask one hospital; without it, any hospital of the group. */
  query: z.object({ name: personName(), idCard: documentNumber(), hospitalId: z.optional(id()) }),
  results: z.boolean(),
});

export const filePatientRecord = endpoint({
  id: 'filePatientRecord',
  method: 'POST',
  path: '/contact/patientInformationFiling',
  summary: '在医院建档并发放就诊卡',
  body: z.object({ contactId: id(), hospitalId: id() }),
  results: medicalCard,
});

export const saveContact = endpoint({
  id: 'saveContact',
  method: 'POST',
  path: '/postContact',
  summary: '保存就诊人关系与地址',
  body: z.object({
    contactId: id(),
    relation: z.optional(relation),
    address: z.optional(z.string().check(z.maxLength(100))),
  }),
  results: contact,
});

export const getPatientCode = endpoint({
  id: 'getPatientCode',
  method: 'POST',
  path: '/contact/qrCode',
  summary: '患者码（现场扫码用，定时刷新）',
  body: z.object({ contactId: id() }),
  results: z.object({ code: z.string(), expiresAt: z.string() }),
});

export const updateContactNotification = endpoint({
  id: 'updateContactNotification',
  method: 'POST',
  path: '/v1/contact/updateContactNotification',
  summary: '就诊人消息通知设置',
  body: z.object({ contactId: id(), notify: z.boolean() }),
  results: z.boolean(),
});

export const healthCard = z.object({
  healthCardId: z.string(),
  contactId: z.string(),
  cardNo: healthCardNo(),
  patientName: z.string(),
  /** Wallet (card package) order id once added to the card package. */
  cardPackageOrderId: z.nullable(z.string()),
});
export type HealthCard = z.output<typeof healthCard>;

export const registerAndBindHealthCard = endpoint({
  id: 'registerAndBindHealthCard',
  method: 'POST',
  path: '/v1/contact/registerAndBindHealthCard',
  summary: '注册并绑定电子健康卡',
  body: z.object({
    hospitalId: id(),
    wechatCode: z.optional(z.string().check(z.maxLength(128))),
    contactId: id(),
  }),
  results: healthCard,
});

export const getHealthCardQRCode = endpoint({
  id: 'getHealthCardQRCode',
  method: 'GET',
  path: '/v1/contact/healthCardQRCode/:healthCardId',
  summary: '电子健康卡动态二维码',
  params: z.object({ healthCardId: id() }),
  results: z.object({ qrCode: z.string(), expiresAt: z.string() }),
});

export const addHealthCardToPackage = endpoint({
  id: 'addHealthCardToPackage',
  method: 'POST',
  path: '/v1/contact/cardPackageOrderId/:healthCardId',
  summary: '电子健康卡加入卡包',
  params: z.object({ healthCardId: id() }),
  results: z.object({ cardPackageOrderId: z.string() }),
});

export const getHealthCardInfo = endpoint({
  id: 'getHealthCardInfo',
  method: 'GET',
  path: '/v1/contact/:contactId/healthCardInfo/:healthCardId',
  summary: '电子健康卡详情',
  params: z.object({ contactId: id(), healthCardId: id() }),
  results: healthCard,
});

export const updatePatientAddress = endpoint({
  id: 'updatePatientAddress',
  method: 'POST',
  path: '/v1/contact/updatePatientAddressInfo',
  summary: '修改就诊人住址',
  body: z.object({ contactId: id(), address: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)) }),
  results: contact,
});
