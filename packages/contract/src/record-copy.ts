import { UPLOAD_LIMITS } from '@patient/validation';
import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';
import { fen, id } from './primitives.ts';

/**
 * Medical record copy (001 §2 'Medical record copy', §7 'Medical record copy', the product-service prefix):
 * a patient (or an agent for them) asks the hospital's medical record room for copies of past inpatient stays,
 * with photos of the ID card (and, for an agent, proof of the relation), for a purpose and with the parts the
 * hospital offers; pays the copy fee and the postage, and gets them by courier or at the window.
 *
 * Glossary of the spec's names: patientCardList = the patients with their card at the hospital;
 * inpatientInfoList = the person's past inpatient stays (住院记录) from the HIS; configureList = the hospital's
 * purposes, parts and fees; getParaConfigContent?parameterType = one of the hospital's texts (notices);
 * addMedicalRecord = apply; cancelApply; medicalRecordDetail/{id}; confirmReceipt. Routes: `applyReson` is the
 * purpose step (spelled so in the route), `recordList/:name/:type/:cardId` the stays of the patient whose
 * card is `cardId` (`type` SELF or AGENT: who applies).
 *
 * Order status (000 §4): see RECORD_COPY_STATUSES and recordCopyStatusOf.
 */

/** The record-copy order statuses of 000 §4, in the order an order goes through them. */
export const RECORD_COPY_STATUSES = {
  NO_PAY: { title: '待支付', tone: 'warning', canSeeFee: true, hint: '请尽快支付复印费和邮寄费' },
  NO_REVIEWED: { title: '待审核', tone: 'primary', canSeeFee: false, hint: '病案室正在审核您的申请' },
  NO_DELIVERED: {
    title: '待发货',
    tone: 'primary',
    canSeeFee: true,
    hint: '审核通过，病案正在复印，复印后寄出',
  },
  NO_ADVICE: {
    title: '待通知',
    tone: 'primary',
    canSeeFee: true,
    hint: '审核通过，病案正在复印，复印好后通知您领取',
  },
  IS_DELIVERED: { title: '配送中', tone: 'primary', canSeeFee: true, hint: '病案复印件已寄出' },
  TAKE_SELF: {
    title: '待自取',
    tone: 'success',
    canSeeFee: true,
    hint: '复印件已备好，请携带身份证到病案室领取',
  },
  REFUSE: { title: '审核未通过', tone: 'danger', canSeeFee: false, hint: '申请未通过审核，已付款项原路退回' },
  CANCEL: { title: '已取消', tone: 'muted', canSeeFee: false, hint: '申请已取消' },
  FINISH: { title: '已完成', tone: 'success', canSeeFee: true, hint: '已收到病案复印件' },
} as const satisfies Record<string, { title: string; tone: string; canSeeFee: boolean; hint: string }>;
export type RecordCopyStatus = keyof typeof RECORD_COPY_STATUSES;
export const recordCopyStatus = z.enum(
  Object.keys(RECORD_COPY_STATUSES) as [RecordCopyStatus, ...RecordCopyStatus[]],
);

/** A status as the app shows it: its title, colour tone and whether the fee shows; an unknown status reads as completed. */
export function recordCopyStatusOf(status: string): (typeof RECORD_COPY_STATUSES)[RecordCopyStatus] & {
  status: RecordCopyStatus;
} {
  const known = status in RECORD_COPY_STATUSES ? (status as RecordCopyStatus) : 'FINISH';
  return { status: known, ...RECORD_COPY_STATUSES[known] };
}

/** Who applies: the patient themself, or an agent (a relative) who also sends proof of the relation. */
export const recordCopyApplicant = z.enum(['SELF', 'AGENT']);
export type RecordCopyApplicant = z.output<typeof recordCopyApplicant>;

/** The photos an application carries. ID_FRONT and ID_BACK always; RELATION_PROOF for an agent. */
export const recordCopyPhotoKind = z.enum(['ID_FRONT', 'ID_BACK', 'RELATION_PROOF']);
export type RecordCopyPhotoKind = z.output<typeof recordCopyPhotoKind>;
export const RECORD_COPY_PHOTO_NAMES: Record<RecordCopyPhotoKind, string> = {
  ID_FRONT: '身份证人像面',
  ID_BACK: '身份证国徽面',
  RELATION_PROOF: '关系证明（户口本、结婚证或出生证明）',
};

export const recordCopyPatient = z.object({
  contactId: z.string(),
  name: z.string(),
  relation: z.string(),
  /** The patient's card at the hospital; null: no card there (bind one first). */
  cardId: z.nullable(z.string()),
  medicalCardNo: z.nullable(z.string()),
});
export type RecordCopyPatient = z.output<typeof recordCopyPatient>;

export const copyableStay = z.object({
  stayId: z.string(),
  /** 住院号 */
  admissionNo: z.string(),
  department: z.string(),
  ward: z.string(),
  admittedOn: z.string(),
  dischargedOn: z.string(),
  diagnosis: z.string(),
  doctor: z.string(),
});
export type CopyableStay = z.output<typeof copyableStay>;

export const recordCopyConfig = z.object({
  purposes: z.array(z.object({ code: z.string(), name: z.string() })),
  /** The parts of a medical record one may ask for; `required` ones are always copied. Price per copy. */
  parts: z.array(z.object({ code: z.string(), name: z.string(), priceFen: fen(), required: z.boolean() })),
  maxCopies: z.int(),
  postageFen: fen(),
  pickup: z.object({ place: z.string(), hours: z.string() }),
});
export type RecordCopyConfig = z.output<typeof recordCopyConfig>;

/** The hospital's texts: the applying notice, the agent's notice, the pickup notice. */
export const paraConfigType = z.enum(['APPLY_NOTICE', 'AGENT_NOTICE', 'PICKUP_NOTICE']);

export const uploadedFile = z.object({
  fileId: z.string(),
  contentType: z.string(),
  size: z.int(),
});
export type UploadedFile = z.output<typeof uploadedFile>;

export const recordCopyOrder = z.object({
  orderId: z.string(),
  hospitalId: z.string(),
  /** One of RECORD_COPY_STATUSES; read it through recordCopyStatusOf (an unknown one reads as completed). */
  status: z.string(),
  patientName: z.string(),
  applicant: recordCopyApplicant,
  stays: z.array(copyableStay),
  purpose: z.object({ code: z.string(), name: z.string() }),
  parts: z.array(z.object({ code: z.string(), name: z.string() })),
  copies: z.int(),
  delivery: z.enum(['EXPRESS', 'PICKUP']),
  /** EXPRESS: where it goes (a copy of the address at applying time). */
  address: z.nullable(
    z.object({
      name: z.string(),
      phone: z.string(),
      region: z.array(z.string()),
      detail: z.string(),
      postalCode: z.string(),
    }),
  ),
  pickup: z.nullable(z.object({ place: z.string(), hours: z.string() })),
  fee: z.object({ copyFen: fen(), postageFen: fen(), totalFen: fen() }),
  photos: z.array(z.object({ kind: recordCopyPhotoKind, fileId: z.string() })),
  /** EXPRESS once posted. */
  shipment: z.nullable(z.object({ company: z.string(), trackingNo: z.string(), shippedAt: z.string() })),
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
  reviewedAt: z.nullable(z.string()),
  refuseReason: z.nullable(z.string()),
  cancelledAt: z.nullable(z.string()),
  finishedAt: z.nullable(z.string()),
  /** Money that goes back (cancelled after paying, refused): REFUNDING until the provider confirms. */
  refund: z.nullable(z.object({ amountFen: fen(), status: z.enum(['REFUNDING', 'REFUNDED']) })),
  canCancel: z.boolean(),
  canConfirmReceipt: z.boolean(),
});
export type RecordCopyOrder = z.output<typeof recordCopyOrder>;

export const listRecordCopyPatients = endpoint({
  id: 'listRecordCopyPatients',
  method: 'POST',
  service: 'product',
  path: '/patientCardList',
  summary: '病案复印：就诊人及其在本院的就诊卡',
  body: z.object({ hospitalId: id() }),
  results: z.array(recordCopyPatient),
});

export const listCopyableStays = endpoint({
  id: 'listCopyableStays',
  method: 'PUT',
  service: 'product',
  path: '/inpatientInfoList',
  summary: '病案复印：就诊人的出院记录（需已验证身份）',
  body: z.object({ hospitalId: id(), cardId: id() }),
  results: z.array(copyableStay),
});

export const getRecordCopyConfig = endpoint({
  id: 'getRecordCopyConfig',
  method: 'GET',
  service: 'product',
  path: '/configureList',
  summary: '病案复印：复印用途、复印内容、费用和自取地点',
  query: z.object({ hospitalId: id() }),
  results: recordCopyConfig,
});

export const getRecordCopyText = endpoint({
  id: 'getRecordCopyText',
  method: 'GET',
  service: 'product',
  path: '/getParaConfigContent',
  summary: '病案复印：医院配置的须知文字',
  query: z.object({ hospitalId: id(), parameterType: paraConfigType }),
  results: z.object({ title: z.string(), paragraphs: z.array(z.string()) }),
});

export const applyRecordCopy = endpoint({
  id: 'applyRecordCopy',
  method: 'POST',
  service: 'product',
  path: '/addMedicalRecord',
  summary: '提交病案复印申请（待支付）',
  body: z.object({
    hospitalId: id(),
    cardId: id(),
    applicant: recordCopyApplicant,
    stayIds: z.array(id()).check(z.minLength(1), z.maxLength(10)),
    purpose: id(),
    /** Optional parts besides the required ones (always copied). */
    parts: z.array(id()).check(z.maxLength(20)),
    copies: z.int().check(z.gte(1), z.lte(10)),
    delivery: z.enum(['EXPRESS', 'PICKUP']),
    addressId: z.optional(id()),
    photos: z
      .array(z.object({ kind: recordCopyPhotoKind, fileId: id() }))
      .check(z.minLength(2), z.maxLength(3)),
  }),
  results: recordCopyOrder,
});

export const listRecordCopies = endpoint({
  id: 'listRecordCopies',
  method: 'GET',
  service: 'product',
  path: '/medicalRecordList',
  summary: '我的病案复印申请（最新在前）',
  query: z.object({ hospitalId: id() }),
  results: z.array(recordCopyOrder),
});

export const getRecordCopy = endpoint({
  id: 'getRecordCopy',
  method: 'GET',
  service: 'product',
  path: '/medicalRecordDetail/:orderId',
  summary: '病案复印申请详情',
  params: z.object({ orderId: id() }),
  results: recordCopyOrder,
});

export const cancelRecordCopy = endpoint({
  id: 'cancelRecordCopy',
  method: 'POST',
  service: 'product',
  path: '/cancelApply',
  summary: '取消病案复印申请（审核前；已支付的原路退回）',
  body: z.object({ orderId: id() }),
  results: recordCopyOrder,
});

export const confirmRecordCopyReceipt = endpoint({
  id: 'confirmRecordCopyReceipt',
  method: 'POST',
  service: 'product',
  path: '/confirmReceipt',
  summary: '确认收到病案复印件',
  body: z.object({ orderId: id() }),
  results: recordCopyOrder,
});

/** A multipart body (FormData in the browser); the service reads its parts itself. */
const multipartBody = z.optional(
  z.custom<FormData>((v) => typeof FormData !== 'undefined' && v instanceof FormData),
);

/**
 * One photo (multipart field `file`): checked by content (JPEG, PNG or WebP; at most UPLOAD_LIMITS.maxBytes), kept
 * for the uploading account only.
 */
export const uploadFile = endpoint({
  id: 'uploadFile',
  sensitive: true,
  method: 'POST',
  service: 'product',
  path: '/v1/file/upload',
  summary: `上传一张图片（JPG/PNG/WebP，不超过 ${UPLOAD_LIMITS.maxBytes / 1024 / 1024} MB）`,
  body: multipartBody,
  results: uploadedFile,
});

/** Several photos (multipart fields `files`), at most UPLOAD_LIMITS.maxFiles; all or none are kept. */
export const uploadFiles = endpoint({
  id: 'uploadFiles',
  sensitive: true,
  method: 'POST',
  service: 'product',
  path: '/v1/file/uploads',
  summary: `上传多张图片（一次最多 ${UPLOAD_LIMITS.maxFiles} 张）`,
  body: multipartBody,
  results: z.array(uploadedFile),
});

/** Where an uploaded photo is read (an <img> source; the uploading account only, else 404). */
export const fileContentPath = (fileId: string): string =>
  `/product-service/v1/file/${encodeURIComponent(fileId)}`;
