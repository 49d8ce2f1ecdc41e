import type { HospitalConfig } from '@patient/hospital-config';
import { THEMES } from '@patient/ui-kit';
import { isIdDocumentType } from '@patient/validation';
import { SERVICE_ENTRIES } from './homepage/services.ts';
import { SPEC_ROUTES } from './spec-routes.ts';

/**
 * Checks an app's hospital config against what the shared packages know: service keys, spec routes,
 * document types. Returns the problems found, in Chinese; each app's test expects none.
 */
export function checkHospitalConfig(config: HospitalConfig, appDirectoryName: string): string[] {
  const problems: string[] = [];
  const specPaths = new Set(SPEC_ROUTES.map((r) => r.path));
  if (config.key !== appDirectoryName)
    problems.push(`key "${config.key}" 与应用目录 "${appDirectoryName}" 不一致`);
  if (config.id !== null && !/^[A-Za-z0-9_-]{1,64}$/.test(config.id))
    problems.push(`id "${config.id}" 格式不正确`);
  if (!config.name.trim()) problems.push('name 不能为空');
  if (!(THEMES as readonly string[]).includes(config.theme)) problems.push(`未知的主题 "${config.theme}"`);
  for (const key of [...config.homepage.quickEntries, ...config.homepage.services]) {
    if (!(key in SERVICE_ENTRIES)) problems.push(`未知的服务入口 "${key}"`);
  }
  const entries = [...config.homepage.quickEntries, ...config.homepage.services];
  if (new Set(entries).size !== entries.length) problems.push('首页服务入口有重复');
  if (config.homepage.layout !== 'compact' && config.homepage.banners.length === 0)
    problems.push('缺少首页横幅');
  for (const path of config.offlineRoutes) {
    if (!specPaths.has(path)) problems.push(`offlineRoutes 中的 "${path}" 不是规格中的路由`);
  }
  for (const type of config.excludedDocumentTypes) {
    if (!isIdDocumentType(type)) problems.push(`未知的证件类型 "${type}"`);
  }
  if (!Number.isInteger(config.maxContacts) || config.maxContacts < 1 || config.maxContacts > 20) {
    problems.push('maxContacts 应为 1 到 20 的整数');
  }
  return problems;
}
