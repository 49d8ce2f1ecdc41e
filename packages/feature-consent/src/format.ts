import type { ConsentKind, ConsentRecord } from '@patient/contract';
import type { StatusLook } from '@patient/feature-kit';
import { chinaDateTime } from '@patient/validation';

/** A date-time as China reads it: 2026-11-01 09:00. */
export const dateTime = (iso: string): string => chinaDateTime(iso);

/** What a consent is about, as the list and the agree box name it. */
export const CONSENT_LABELS: Record<ConsentKind, string> = {
  POLICY: '《隐私政策》',
  AGREEMENT: '《用户协议》',
  SENSITIVE: '敏感个人信息处理（身份证号、证件照片、就诊与报告数据）',
};

/** What stops working when a consent is withdrawn: the confirm dialog says it plainly. */
export const WITHDRAW_EFFECTS: Record<ConsentKind, string> = {
  POLICY:
    '撤回后将立即退出登录，医院将停止基于该同意处理您的个人信息，预约挂号、缴费、报告查询等需要个人信息的服务将无法使用，直到您再次登录时重新同意。撤回不影响撤回前已进行的处理。',
  AGREEMENT:
    '撤回后将立即退出登录，您将无法继续使用本平台的预约、缴费、查询等线上服务，直到您再次登录时重新同意《用户协议》。',
  SENSITIVE:
    '撤回后仍保持登录，医院将停止处理您的身份证号、证件照片和就诊报告等敏感个人信息：添加或修改就诊人、查询检查检验报告、体检报告和就诊记录、上传证件照片将无法使用，下次使用这些功能时会再次询问您是否同意。预约、缴费等其他服务不受影响。',
};

export function consentLook(c: ConsentRecord): StatusLook {
  if (c.withdrawnAt) return { label: '已撤回', hint: '该授权已撤回', tone: 'muted' };
  if (!c.current) return { label: '版本已更新', hint: '医院已发布新版本，请阅读后重新同意', tone: 'warning' };
  return { label: '已同意', hint: '授权有效', tone: 'success' };
}
