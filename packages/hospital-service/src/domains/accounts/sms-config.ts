import { SMS_PURPOSES, type SmsPurpose, type SmsSender, WebhookSmsSender } from '../../platform/sms.ts';
import { AliyunSmsSender } from './sms-aliyun.ts';
import { readTemplateParams } from './sms-templates.ts';
import { TencentSmsSender } from './sms-tencent.ts';

/** The SMS platforms a deployment can choose with SMS_PROVIDER. */
export const SMS_PROVIDERS = ['aliyun', 'tencent', 'webhook'] as const;

const missing = (names: string[]) =>
  new Error(`短信配置不完整：缺少 ${names.join('、')}（见 hospital-service README「Environment」）`);

/** `<prefix>_<NAME>` values, all required; the names of the missing ones stop the start. */
function required<const K extends string>(env: NodeJS.ProcessEnv, prefix: string, names: readonly K[]) {
  const values = Object.fromEntries(names.map((n) => [n, env[`${prefix}_${n}`]?.trim() ?? ''])) as Record<
    K,
    string
  >;
  const absent = names.filter((n) => !values[n]).map((n) => `${prefix}_${n}`);
  if (absent.length > 0) throw missing(absent);
  return values;
}

/** The approved template of each purpose: `<prefix>_TEMPLATE_LOGIN`, `…_CONTACT_PHONE`, `…_HIS_IDENTITY`, `…_ACCOUNT_DELETION`. */
function templatesOf(env: NodeJS.ProcessEnv, prefix: string): Record<SmsPurpose, string> {
  const names = SMS_PURPOSES.map((p) => `TEMPLATE_${p.toUpperCase()}`);
  const values = required(env, prefix, names);
  return Object.fromEntries(SMS_PURPOSES.map((p, i) => [p, values[names[i]]])) as Record<SmsPurpose, string>;
}

const optional = (env: NodeJS.ProcessEnv, name: string) => env[name]?.trim() || undefined;

/**
 * The real SMS sender the environment configures, or null (none: the dev sender outside production).
 * `SMS_PROVIDER` chooses (`aliyun`, `tencent`, `webhook`); unset, SMS_WEBHOOK_URL alone means the webhook.
 * A chosen platform with a missing variable stops the start, naming every missing one.
 */
export function smsSenderFrom(env: NodeJS.ProcessEnv): SmsSender | null {
  const provider = env.SMS_PROVIDER?.trim() || (env.SMS_WEBHOOK_URL?.trim() ? 'webhook' : '');
  if (!provider) return null;
  switch (provider) {
    case 'webhook': {
      const { URL: url } = required(env, 'SMS_WEBHOOK', ['URL']);
      return new WebhookSmsSender(url, optional(env, 'SMS_WEBHOOK_TOKEN'));
    }
    case 'aliyun': {
      const keys = required(env, 'ALIYUN_SMS', ['ACCESS_KEY_ID', 'ACCESS_KEY_SECRET', 'SIGN_NAME']);
      return new AliyunSmsSender({
        accessKeyId: keys.ACCESS_KEY_ID,
        accessKeySecret: keys.ACCESS_KEY_SECRET,
        signName: keys.SIGN_NAME,
        templates: templatesOf(env, 'ALIYUN_SMS'),
        params: readTemplateParams(env.SMS_TEMPLATE_PARAMS),
        endpoint: optional(env, 'ALIYUN_SMS_ENDPOINT'),
        region: optional(env, 'ALIYUN_SMS_REGION'),
      });
    }
    case 'tencent': {
      const keys = required(env, 'TENCENT_SMS', ['SECRET_ID', 'SECRET_KEY', 'SDK_APP_ID', 'SIGN_NAME']);
      return new TencentSmsSender({
        secretId: keys.SECRET_ID,
        secretKey: keys.SECRET_KEY,
        sdkAppId: keys.SDK_APP_ID,
        signName: keys.SIGN_NAME,
        templates: templatesOf(env, 'TENCENT_SMS'),
        params: readTemplateParams(env.SMS_TEMPLATE_PARAMS),
        endpoint: optional(env, 'TENCENT_SMS_ENDPOINT'),
        region: optional(env, 'TENCENT_SMS_REGION'),
      });
    }
    default:
      throw new Error(`SMS_PROVIDER 不正确：${provider}（可选：${SMS_PROVIDERS.join('、')}）`);
  }
}
