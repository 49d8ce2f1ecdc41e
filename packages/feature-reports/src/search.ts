import { chinaDate } from '@patient/validation';

/** The longest range of a search by card, in days (the service's limit too). */
export const SEARCH_SPAN_DAYS = 366;

const DAY = 86_400_000;
const isoDay = (at: Date) => chinaDate(at);

/** The last three months up to today (China dates). */
export function defaultRange(now: Date): [string, string] {
  return [isoDay(new Date(now.getTime() - 90 * DAY)), isoDay(now)];
}

/** The last year up to today. */
export function lastYear(now: Date): [string, string] {
  return [isoDay(new Date(now.getTime() - 365 * DAY)), isoDay(now)];
}

export interface CardSearch {
  name: string;
  cardNo: string;
  startDate: string;
  endDate: string;
}

/** The mistakes of a search by card, per field, in Chinese; none when it can be sent. */
export function checkCardSearch(form: CardSearch): Partial<Record<keyof CardSearch, string>> {
  const errors: Partial<Record<keyof CardSearch, string>> = {};
  const name = form.name.trim();
  if (!name) errors.name = '请输入姓名';
  else if (name.length > 30) errors.name = '姓名不能超过30个字';
  const cardNo = form.cardNo.trim();
  if (!cardNo) errors.cardNo = '请输入卡号';
  else if (!/^[A-Za-z0-9]{4,32}$/.test(cardNo)) errors.cardNo = '卡号应为4-32位字母或数字';
  const valid = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(d));
  if (!valid(form.startDate)) errors.startDate = '请选择开始日期';
  if (!valid(form.endDate)) errors.endDate = '请选择结束日期';
  if (!errors.startDate && !errors.endDate) {
    if (form.startDate > form.endDate) errors.endDate = '结束日期不能早于开始日期';
    else if (Date.parse(form.endDate) - Date.parse(form.startDate) > SEARCH_SPAN_DAYS * DAY) {
      errors.endDate = `查询时间跨度不能超过${SEARCH_SPAN_DAYS}天`;
    }
  }
  return errors;
}
