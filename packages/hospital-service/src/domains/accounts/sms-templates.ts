import type { SmsMessage } from '../../platform/sms.ts';

/** What an approved template may take: the code, and the minutes it stays valid. */
export type TemplateParamName = 'code' | 'minutes';

/** The template's parameter values, in the order of `names` (strings, as the platforms take them). */
export function templateValues(
  message: Pick<SmsMessage, 'code' | 'minutes'>,
  names: readonly TemplateParamName[],
) {
  return names.map((name) => (name === 'code' ? message.code : String(message.minutes)));
}

/**
 * SMS_TEMPLATE_PARAMS read: the approved templates' parameters by name, in order (`code,minutes`, the default,
 * or `code` for a template without the minutes). Anything else stops the start.
 */
export function readTemplateParams(raw: string | undefined): TemplateParamName[] {
  const names = (raw?.trim() || 'code,minutes').split(',').map((s) => s.trim());
  if (
    !names.includes('code') ||
    names.some((n) => n !== 'code' && n !== 'minutes') ||
    new Set(names).size !== names.length
  ) {
    throw new Error(
      `SMS_TEMPLATE_PARAMS 不正确：${raw}（模板参数名，逗号分隔：code 必须有，可加 minutes，如 code,minutes）`,
    );
  }
  return names as TemplateParamName[];
}
