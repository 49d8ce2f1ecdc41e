import * as z from 'zod/mini';
import { healthCard } from './contacts.ts';
import { endpoint } from './endpoint.ts';
import { documentNumber, id, personName } from './primitives.ts';

/**
 * Real-name authentication, the health code (001 §7 'Health code') and the region and people enumerations
 * (001 §7 'Region enumerations') that the profile, address and health-card forms need.
 */

export const certifyContact = endpoint({
  id: 'certifyContact',
  method: 'POST',
  path: '/v1/contact/:contactId/authentication',
  summary: '就诊人实名认证（姓名与证件号码核验）',
  params: z.object({ contactId: id() }),
  body: z.object({ name: personName(), documentNumber: documentNumber() }),
  results: z.object({ certified: z.boolean(), certifiedAt: z.string() }),
});

export const listHealthCards = endpoint({
  id: 'listHealthCards',
  method: 'GET',
  path: '/v1/contact/healthCards',
  summary: '本账号的电子健康卡列表',
  results: z.array(healthCard),
});

/** Health-code colours: green may pass, yellow and red are asked to see staff. */
export const healthCodeColor = z.enum(['GREEN', 'YELLOW', 'RED']);

export const healthCode = z.object({
  contactId: z.string(),
  /** The code's identifier on the health-code platform. */
  healthCodeId: z.string(),
  patientName: z.string(),
  color: healthCodeColor,
  issuedAt: z.string(),
});
export type HealthCode = z.output<typeof healthCode>;

export const applyHealthCode = endpoint({
  id: 'applyHealthCode',
  method: 'POST',
  path: '/v1/contact/codeApply',
  summary: '为就诊人申领健康码',
  query: z.object({ contactId: id() }),
  results: healthCode,
});

export const getVirtualCardCode = endpoint({
  id: 'getVirtualCardCode',
  method: 'GET',
  path: '/v1/contact/getVirtualCardCode',
  summary: '健康码二维码（定时刷新）',
  query: z.object({ contactId: id() }),
  results: z.object({ qrCode: z.string(), color: healthCodeColor, expiresAt: z.string() }),
});

/** A province, city or county, with its children. */
export interface Region {
  code: string;
  name: string;
  children?: Region[];
}
const region: z.ZodMiniType<Region> = z.object({
  code: z.string(),
  name: z.string(),
  get children() {
    return z.optional(z.array(region));
  },
});

const byHospital = z.object({ hospitalId: id() });

export const getProvincesCitiesCounties = endpoint({
  id: 'getProvincesCitiesCounties',
  method: 'GET',
  path: '/v1/hisEnumAll/:hospitalId/getProCountiesInfo',
  summary: '省、市、区县三级行政区划',
  auth: false,
  params: byHospital,
  results: z.array(region),
});

export const getStreetsVillages = endpoint({
  id: 'getStreetsVillages',
  method: 'GET',
  path: '/v1/hisEnumAll/:hospitalId/getStreetsVillagesInfo',
  summary: '区县下的街道、乡镇',
  auth: false,
  params: byHospital,
  query: z.object({ countyCode: z.string().check(z.regex(/^\d{6}$/)) }),
  results: z.array(z.object({ code: z.string(), name: z.string() })),
});

const option = z.object({ code: z.string(), name: z.string() });

export const getNationalityEthnicityOccupation = endpoint({
  id: 'getNationalityEthnicityOccupation',
  method: 'GET',
  path: '/v1/hisEnumAll/:hospitalId/getNatEthOccInfo',
  summary: '国籍、民族、职业字典',
  auth: false,
  params: byHospital,
  results: z.object({
    nationalities: z.array(option),
    ethnicities: z.array(option),
    occupations: z.array(option),
  }),
});
