import { type BuildAppOptions, portsOf } from './app.ts';

/**
 * No simulation in production (issue 27): the outside systems the service talks to through a port, and which
 * of them an app would use as a simulation (the `readonly simulated = true` marker of the Simulated* classes,
 * the dev SMS sender and the sandbox provider). main.ts refuses to start in production while one is simulated,
 * unless a demonstration deployment allows it (DEMO_SIMULATED_PORTS).
 */

/** The ports, by the name DEMO_SIMULATED_PORTS uses, with what the refusal calls them. */
export const PORTS = {
  insurance: '医保移动支付中心',
  corp: '企业微信（员工登录）',
  face: '人脸核身',
  lab: '核酸检测实验室',
  courier: '病案复印快递',
  energy: '城市服务绿色能量',
  billing: '医院收费系统（门诊缴费、住院费用与结算）',
  prepaid: '医院预交金账户',
  settlement: '医院结算记录（电子票据）',
  einvoice: '医疗电子票据平台',
  sms: '短信网关（开发用发送器）',
  files: '文件存储（内存，重启即丢失）',
  cashier: '沙箱收银台',
  'his-patients': '医院信息系统（HIS）患者索引与建档',
  healthcard: '电子健康卡平台（健康卡、健康码）',
  schedules: '医院信息系统（HIS）排班与号源',
  records: '医院信息系统：就诊记录与处方',
  lis: '检验系统（LIS）',
  pacs: '检查与体检系统（PACS、体检中心）',
  checkup: '医院信息系统：检查申请与排班',
  queue: '分诊叫号系统',
  recordcopy: '医院信息系统：病案复印的住院记录',
} as const;

export type PortName = keyof typeof PORTS;

const PORT_NAMES = Object.keys(PORTS) as PortName[];

/** Whether a port implementation is a simulation (its `simulated` marker). */
export const isSimulated = (port: unknown): boolean =>
  typeof port === 'object' && port !== null && (port as { simulated?: unknown }).simulated === true;

/** The app options that choose ports (the database plays no part). */
export type PortOptions = Omit<BuildAppOptions, 'db'>;

/** What simulatedPortNames reads besides the app options. */
export interface PortEnvironment {
  /** Where WECOM_* come from (options.corpEnv wins). Default: process.env. */
  env?: NodeJS.ProcessEnv;
  /** The demonstration's sandbox cashier is on (production has none otherwise). */
  sandboxCashier?: boolean;
}

/**
 * The ports an app built with `options` would use as simulations: the modules' own account (`portsOf`: an
 * option left out is the module's default for the mode and environment), by the names DEMO_SIMULATED_PORTS
 * uses. Outside production the sandbox cashier is always there.
 */
export function simulatedPortNames(options: PortOptions, environment: PortEnvironment = {}): PortName[] {
  const production = options.production ?? process.env.NODE_ENV === 'production';
  const simulated = new Set<PortName>(
    portsOf({ ...options, production, corpEnv: options.corpEnv ?? environment.env, db: undefined as never })
      .filter((port) => port.simulated)
      .map((port) => PORT_OF[port.name]),
  );
  if (!production || environment.sandboxCashier) simulated.add('cashier');
  return PORT_NAMES.filter((name) => simulated.has(name));
}

/** The modules' port names (src/modules.ts, their `ports`) by the names DEMO_SIMULATED_PORTS uses. */
const PORT_OF: Record<ReturnType<typeof portsOf>[number]['name'], PortName> = {
  insuranceCentre: 'insurance',
  corpDirectory: 'corp',
  faceVerification: 'face',
  nucleicAcidLab: 'lab',
  courier: 'courier',
  cityServiceEnergy: 'energy',
  billingHis: 'billing',
  prepaidLedger: 'prepaid',
  hisSettlements: 'settlement',
  eInvoicePlatform: 'einvoice',
  smsSender: 'sms',
  fileStorage: 'files',
  patientIndex: 'his-patients',
  healthCardPlatform: 'healthcard',
  scheduleHis: 'schedules',
  recordSystem: 'records',
  laboratory: 'lis',
  examCentre: 'pacs',
  checkupHis: 'checkup',
  queueHis: 'queue',
  recordCopyHis: 'recordcopy',
};

/** DEMO_SIMULATED_PORTS, read: the simulations a demonstration deployment allows. */
export interface DemoAllowance {
  ports: ReadonlySet<PortName>;
}

/**
 * DEMO_SIMULATED_PORTS: unset or empty → null (no demonstration); `all` → every port; otherwise port names
 * separated by commas (`courier,lab`). An unknown name stops the start, listing the valid ones.
 */
export function readDemoAllowance(env: NodeJS.ProcessEnv = process.env): DemoAllowance | null {
  const raw = env.DEMO_SIMULATED_PORTS?.trim();
  if (!raw) return null;
  if (raw === 'all') return { ports: new Set(PORT_NAMES) };
  const names = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(n in PORTS));
  if (unknown.length > 0 || names.length === 0) {
    throw new Error(
      `DEMO_SIMULATED_PORTS 不正确：${unknown.join(', ') || raw}（可选：${PORT_NAMES.join(', ')}，或 all）`,
    );
  }
  return { ports: new Set(names as PortName[]) };
}

/** The WECHATPAY_* / ALIPAY_* variables (shared or a hospital's own) that are set: a real payment provider. */
export function realPaymentVariables(env: NodeJS.ProcessEnv = process.env): string[] {
  return Object.keys(env)
    .filter((name) => /^(HOSPITAL_\d{1,10}_)?(WECHATPAY|ALIPAY)_/.test(name) && env[name]?.trim())
    .sort();
}

const portList = (names: readonly PortName[]) => names.map((n) => `${PORTS[n]}（${n}）`).join('、');

/**
 * The start-up check of main.ts. In production: refuses (throws, naming each) while a port of `options` is
 * simulated and not allowed by DEMO_SIMULATED_PORTS. Whenever the allowance is set: refuses a real payment
 * provider configured beside it (a demonstration must never take real money). Answers the allowance (null:
 * not a demonstration) for buildApp's `demo`.
 */
export function checkSimulatedPorts(
  options: PortOptions,
  env: NodeJS.ProcessEnv = process.env,
): DemoAllowance | null {
  const production = options.production ?? env.NODE_ENV === 'production';
  const allowance = readDemoAllowance(env);
  if (allowance) {
    const real = realPaymentVariables(env);
    if (real.length > 0) {
      throw new Error(
        `演示环境（DEMO_SIMULATED_PORTS）不能同时配置真实的支付渠道：请删除 ${real.join(', ')}，` +
          '或去掉 DEMO_SIMULATED_PORTS 以正式环境启动',
      );
    }
  }
  if (!production) return allowance;
  const simulated = simulatedPortNames(
    { ...options, production },
    { env, sandboxCashier: allowance?.ports.has('cashier') },
  );
  const refused = simulated.filter((name) => !allowance?.ports.has(name));
  if (refused.length > 0) {
    throw new Error(
      `NODE_ENV=production 时不能使用模拟的外部系统：${portList(refused)}。请接入真实实现；` +
        `演示部署可设置 DEMO_SIMULATED_PORTS=${refused.join(',')}（或 all）明确允许，应用将显示“演示环境”标识`,
    );
  }
  return allowance;
}
