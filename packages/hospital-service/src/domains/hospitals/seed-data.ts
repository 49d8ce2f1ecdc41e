/**
 * Seed content of the hospitals domain: the nine hospitals the apps are configured with, their settings
 * (system parameters), the first-level departments they have and their booking rules (which the booking
 * domain seeds from this list). Everything here is fictional demo data.
 */

export type Theme = 'green' | 'blue' | 'red' | 'orange' | 'purple';

export interface HospitalSeed {
  id: string;
  key: string;
  name: string;
  /** Unified social credit code (统一社会信用代码, valid check character). */
  originCode: string;
  mdid: string;
  canGoToHealthCard: boolean;
  theme: Theme;
  hotline: string;
  address: string;
  notice: string;
  /** First-level departments this hospital has, in display order (keys of booking's DEPARTMENT_CATALOGUE). */
  departments: string[];
  /** Extra system parameters. */
  params?: Record<string, string>;
  /** Booking rules (README 'Booking rules'). */
  booking: BookingRuleSeed;
}

/** A hospital's booking rules as seeded (booking_rules). Times are China time. */
export interface BookingRuleSeed {
  /** Scheduled booking reaches today + daysAhead; that last day opens at releaseTime. */
  daysAhead: number;
  releaseTime: string;
  /** Same-day booking of the morning / afternoon closes at these times. */
  sameDayCutoff: { am: string; pm: string };
  cancel: { rule: 'DAY_BEFORE'; time: string } | { rule: 'HOURS_BEFORE'; hours: number };
  holdMinutes: number;
  /** Most active appointments per account and visit day. */
  dailyLimit: number;
}

export const HOSPITALS: HospitalSeed[] = [
  {
    id: '1000',
    key: 'default',
    name: '示范人民医院',
    originCode: '121101054000123459',
    mdid: 'MD11010500001',
    canGoToHealthCard: true,
    theme: 'green',
    hotline: '010-65123456',
    address: '北京市朝阳区示范路1号',
    notice:
      '本院实行全预约诊疗，可预约未来7天号源，每日08:00放出新一天号源。请于就诊当日提前30分钟到院签到，过号需重新排队。',
    departments: ['internal', 'surgery', 'obgyn', 'pediatrics', 'ent', 'emergency'],
    booking: {
      daysAhead: 7,
      releaseTime: '08:00',
      sameDayCutoff: { am: '11:30', pm: '17:00' },
      cancel: { rule: 'HOURS_BEFORE', hours: 2 },
      holdMinutes: 10,
      dailyLimit: 3,
    },
  },
  {
    id: '1001',
    key: 'zhengzhou',
    name: '郑州市第一人民医院',
    originCode: '12410100415800727F',
    mdid: 'MD41010000023',
    canGoToHealthCard: true,
    theme: 'blue',
    hotline: '0371-66281234',
    address: '河南省郑州市金水区健康路88号',
    notice: '门诊时间：上午8:00-12:00，下午14:30-18:00（夏季）。预约号源于每日8:00放出，请按时取号。',
    departments: ['internal', 'surgery', 'obgyn', 'pediatrics', 'ent', 'emergency'],
    booking: {
      daysAhead: 7,
      releaseTime: '08:00',
      sameDayCutoff: { am: '11:00', pm: '17:00' },
      cancel: { rule: 'DAY_BEFORE', time: '18:00' },
      holdMinutes: 5,
      dailyLimit: 3,
    },
  },
  {
    id: '1002',
    key: 'songtao',
    name: '松桃苗族自治县人民医院',
    originCode: '12522229429310526G',
    mdid: 'MD52222900011',
    canGoToHealthCard: true,
    theme: 'red',
    hotline: '0856-2821120',
    address: '贵州省铜仁市松桃苗族自治县蓼皋街道民族路26号',
    notice: '本院已开通医保电子凭证就诊，请携带身份证或医保电子凭证到院。节假日门诊安排以医院公告为准。',
    departments: ['internal', 'surgery', 'obgyn', 'pediatrics', 'tcm'],
    booking: {
      daysAhead: 14,
      releaseTime: '07:30',
      sameDayCutoff: { am: '08:00', pm: '14:00' },
      cancel: { rule: 'DAY_BEFORE', time: '18:00' },
      holdMinutes: 10,
      dailyLimit: 3,
    },
  },
  {
    id: '1003',
    key: 'shiqian',
    name: '石阡县人民医院',
    originCode: '12522224429270418K',
    mdid: 'MD52222400008',
    canGoToHealthCard: true,
    theme: 'green',
    hotline: '0856-7622120',
    address: '贵州省铜仁市石阡县汤山街道温泉路12号',
    notice: '预约成功后请按预约时段就诊，如需取消请在就诊前一日18:00前操作，逾期视为爽约。',
    departments: ['internal', 'surgery', 'obgyn', 'pediatrics'],
    booking: {
      daysAhead: 7,
      releaseTime: '08:00',
      sameDayCutoff: { am: '08:00', pm: '14:00' },
      cancel: { rule: 'DAY_BEFORE', time: '18:00' },
      holdMinutes: 10,
      dailyLimit: 3,
    },
  },
  {
    id: '1004',
    key: 'shulan',
    name: '树兰（杭州）医院',
    originCode: '91330102MA27XK5E3M',
    mdid: 'MD33010200315',
    canGoToHealthCard: false,
    theme: 'blue',
    hotline: '0571-56750000',
    address: '浙江省杭州市拱墅区东新路848号',
    notice: '本院为医保定点医疗机构，部分特需门诊不适用医保结算，请在预约时留意号源类型。',
    departments: ['internal', 'surgery', 'obgyn', 'pediatrics', 'ent', 'dermatology'],
    booking: {
      daysAhead: 14,
      releaseTime: '15:00',
      sameDayCutoff: { am: '11:30', pm: '17:00' },
      cancel: { rule: 'HOURS_BEFORE', hours: 24 },
      holdMinutes: 15,
      dailyLimit: 2,
    },
    params: { VIP_CLINIC: 'true' },
  },
  {
    id: '1005',
    key: 'wanshan',
    name: '铜仁市万山区人民医院',
    originCode: '12520603MB1537618T',
    mdid: 'MD52060300006',
    canGoToHealthCard: true,
    theme: 'orange',
    hotline: '0856-3522120',
    address: '贵州省铜仁市万山区谢桥街道仁山大道168号',
    notice: '即日起周六上午开设普通门诊，急诊24小时开放。就诊请全程佩戴口罩。',
    departments: ['internal', 'surgery', 'pediatrics', 'tcm', 'emergency'],
    // Booked at the hospital's windows only: every booking entry is off (README 'Online booking switch').
    params: { ONLINE_BOOKING: 'false' },
    booking: {
      daysAhead: 7,
      releaseTime: '08:00',
      sameDayCutoff: { am: '11:30', pm: '17:00' },
      cancel: { rule: 'HOURS_BEFORE', hours: 2 },
      holdMinutes: 10,
      dailyLimit: 3,
    },
  },
  {
    id: '1006',
    key: 'zhongxiyi',
    name: '铜仁市中西医结合医院',
    originCode: '12520600MB1N027439',
    mdid: 'MD52060000019',
    canGoToHealthCard: true,
    theme: 'purple',
    hotline: '0856-5221234',
    address: '贵州省铜仁市碧江区锦江路39号',
    notice: '本院中医特色门诊（针灸、推拿、膏方）需提前预约；中药代煎服务请在药房窗口登记。',
    departments: ['tcm', 'internal', 'surgery', 'rehab', 'pediatrics'],
    booking: {
      daysAhead: 14,
      releaseTime: '20:00',
      sameDayCutoff: { am: '11:30', pm: '17:00' },
      cancel: { rule: 'DAY_BEFORE', time: '18:00' },
      holdMinutes: 10,
      dailyLimit: 3,
    },
  },
  {
    id: '1007',
    key: 'luqiao',
    name: '台州市路桥区人民医院',
    originCode: '12331004470511365X',
    mdid: 'MD33100400027',
    canGoToHealthCard: true,
    theme: 'blue',
    hotline: '0576-82421120',
    address: '浙江省台州市路桥区路桥街道银安街218号',
    notice: '本院支持诊间结算和医保移动支付。外籍人士就诊请携带护照前往人工窗口建档。',
    departments: ['internal', 'surgery', 'obgyn', 'pediatrics', 'ent', 'emergency'],
    booking: {
      daysAhead: 7,
      releaseTime: '07:00',
      sameDayCutoff: { am: '11:00', pm: '16:30' },
      cancel: { rule: 'HOURS_BEFORE', hours: 1 },
      holdMinutes: 10,
      dailyLimit: 4,
    },
  },
  {
    id: '1008',
    key: 'boao',
    name: '海南博鳌超级医院',
    originCode: '12469002MB0X642189',
    mdid: 'MD46900200002',
    canGoToHealthCard: false,
    theme: 'green',
    hotline: '0898-62889999',
    address: '海南省琼海市博鳌乐城国际医疗旅游先行区康祥路8号',
    notice: '本院为国际医疗旅游先行区医院，特许药械诊疗需提前线上预约并完成资料审核。',
    departments: ['internal', 'surgery', 'rehab', 'dermatology', 'ent'],
    booking: {
      daysAhead: 14,
      releaseTime: '00:00',
      sameDayCutoff: { am: '08:00', pm: '14:00' },
      cancel: { rule: 'HOURS_BEFORE', hours: 24 },
      holdMinutes: 15,
      dailyLimit: 2,
    },
    params: { VIP_CLINIC: 'true' },
  },
];
