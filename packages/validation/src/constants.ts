/** Province-level area codes (first two digits of a mainland ID number) → Chinese name (000 §9). */
export const PROVINCE_CODES: Readonly<Record<string, string>> = Object.freeze({
  '11': '北京',
  '12': '天津',
  '13': '河北',
  '14': '山西',
  '15': '内蒙古',
  '21': '辽宁',
  '22': '吉林',
  '23': '黑龙江',
  '31': '上海',
  '32': '江苏',
  '33': '浙江',
  '34': '安徽',
  '35': '福建',
  '36': '江西',
  '37': '山东',
  '41': '河南',
  '42': '湖北',
  '43': '湖南',
  '44': '广东',
  '45': '广西',
  '46': '海南',
  '50': '重庆',
  '51': '四川',
  '52': '贵州',
  '53': '云南',
  '54': '西藏',
  '61': '陕西',
  '62': '甘肃',
  '63': '青海',
  '64': '宁夏',
  '65': '新疆',
  '71': '台湾',
  '81': '香港',
  '82': '澳门',
  '91': '国外',
});

/** Weights of the first 17 characters in the ID check (MOD 11-2, 000 §9). */
export const ID_CHECK_WEIGHTS: readonly number[] = Object.freeze([
  7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2,
]);

/** Check character for each remainder 0–10 of the weighted sum: `ID_CHECK_CHARS[sum % 11]`. */
export const ID_CHECK_CHARS = '10X98765432';

/** Lowest accepted age, in completed years, of the person an ID number belongs to. */
export const ID_MIN_AGE = 0;

/** Highest accepted age, in completed years, of the person an ID number belongs to (000 §9). */
export const ID_MAX_AGE = 130;

/** Longest accepted recipient name in the delivery address form, in characters. */
export const ADDRESS_NAME_MAX_LENGTH = 20;

/** Longest accepted address detail in the delivery address form, in characters. */
export const ADDRESS_DETAIL_MAX_LENGTH = 100;

/** Integer parts of amounts rendered as capital numerals must be below this (1000万亿). */
export const CAPITAL_AMOUNT_LIMIT = 1e15;

/** Most decimal places an amount rendered as capital numerals may have (角分厘毫). */
export const CAPITAL_AMOUNT_MAX_DECIMALS = 4;
