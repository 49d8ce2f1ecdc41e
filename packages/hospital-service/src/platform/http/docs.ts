import { type Endpoint, fullPath, openApiDocument, SUB_CODE } from '@patient/contract';

/** Chinese tag of each endpoint, for the OpenAPI document and the /docs page. */
const TAGS: [RegExp, string][] = [
  [/^(getHospitalDescription|getCanGoToHealthCard|getSystemParamMap)$/, '启动与医院信息'],
  [/^(sendLoginCode|bindPhone|getSession|logout|testOrderError)$/, '登录与会话'],
  [/HealthCard/, '电子健康卡'],
  [/^(applyHealthCode|getVirtualCardCode)$/, '健康码'],
  [/^(getProvincesCitiesCounties|getStreetsVillages|getNationalityEthnicityOccupation)$/, '地区与字典'],
  [/(MedicalCard|HisCards|PatientRecord|PatientCode)/, '就诊卡与建档'],
  [/(Contact|PatientAddress)/, '就诊人'],
  [/^(startPayment|getPayment|selfOrMedicalPreSettle|paymentNotification|getPaymentAppId)$/, '支付'],
  [/Checkup/, '检查预约'],
  [
    /^(listDepartments|listDepartmentsWithHis|searchDepartments|listDoctorsWithSchedules|getDoctor|getDoctorResume|querySchedules|queryDoctorSchedule|searchSources|searchSourcesSnake|querySources)$/,
    '科室、医生与排班',
  ],
  [/(Source|Order|preCheckin|preSettlement|queryDeptFee)/, '预约挂号'],
];

export function tagOf(e: Endpoint): string {
  return TAGS.find(([pattern]) => pattern.test(e.id))?.[1] ?? '其他';
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  additionalProperties?: JsonSchema | boolean;
  [key: string]: unknown;
};

type Operation = {
  operationId: string;
  summary: string;
  tags: string[];
  security: unknown[];
  parameters: { name: string; in: string; required: boolean; schema: JsonSchema }[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, { content?: { 'application/json': { schema: JsonSchema } } }>;
};

/** The contract's OpenAPI document with Chinese tags and the error answers every call can give. */
export function buildOpenApi(endpoints: readonly Endpoint[], version: string) {
  const doc = openApiDocument(endpoints, { title: '医院患者自助服务 hospital-service 接口', version });
  const byPath = new Map(
    endpoints.map((e) => [`${e.method.toLowerCase()} ${fullPath(e).replace(/:(\w+)/g, '{$1}')}`, e]),
  );
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods as Record<string, Operation>)) {
      const e = byPath.get(`${method} ${path}`);
      if (e) op.tags = [tagOf(e)];
      Object.assign(op.responses, {
        400: { description: '参数不正确（HTTP 400，信封 state 400，msg 指明字段）' },
        404: { description: '接口不存在（HTTP 404，信封 state 404）' },
        500: { description: '服务器内部错误（HTTP 500，信封 state 500）' },
      });
    }
  }
  return {
    ...doc,
    tags: [...new Set(endpoints.map(tagOf))].map((name) => ({ name })),
  };
}

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const TYPE_NAMES: Record<string, string> = {
  string: '字符串',
  number: '数字',
  integer: '整数',
  boolean: '布尔',
  null: 'null',
  object: '对象',
};

function typeOf(s: JsonSchema | undefined): string {
  if (!s) return '任意';
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (s.anyOf) return s.anyOf.map(typeOf).join(' | ');
  if (Array.isArray(s.type)) return s.type.map((t) => TYPE_NAMES[t] ?? t).join(' | ');
  if (s.type === 'array') return `${typeOf(s.items)}[]`;
  if (s.type === 'object' && s.properties) return '对象';
  if (s.type === 'object') return '对象（键值表）';
  return s.type ? (TYPE_NAMES[s.type] ?? s.type) : '任意';
}

function rulesOf(s: JsonSchema): string {
  const rules: string[] = [];
  if (s.minLength !== undefined) rules.push(`最少 ${s.minLength} 字`);
  if (s.maxLength !== undefined) rules.push(`最多 ${s.maxLength} 字`);
  if (s.pattern) rules.push(`格式 ${s.pattern}`);
  return rules.join('，');
}

function fieldRows(schema: JsonSchema | undefined, prefix = '', depth = 0): string {
  if (!schema) return '';
  const target = schema.type === 'array' && schema.items ? schema.items : schema;
  const anyObject = target.anyOf?.find((s) => s.properties);
  const props = (target.properties ?? anyObject?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(target.required ?? anyObject?.required ?? []);
  return Object.entries(props)
    .map(([name, s]) => {
      const nested = depth < 3 && (s.properties || s.items?.properties || s.anyOf?.some((x) => x.properties));
      return (
        `<tr><td><code>${escapeHtml(prefix + name)}</code></td><td>${escapeHtml(typeOf(s))}</td>` +
        `<td>${required.has(name) ? '是' : '否'}</td><td>${escapeHtml(rulesOf(s))}</td></tr>` +
        (nested ? fieldRows(s, `${prefix}${name}${s.type === 'array' ? '[]' : ''}.`, depth + 1) : '')
      );
    })
    .join('');
}

const table = (rows: string) =>
  rows
    ? `<table><thead><tr><th>字段</th><th>类型</th><th>必填</th><th>规则</th></tr></thead><tbody>${rows}</tbody></table>`
    : '';

/** A self-contained HTML API reference (no CDN, no script), grouped by tag. */
export function buildDocsHtml(doc: ReturnType<typeof buildOpenApi>): string {
  const ops: { method: string; path: string; op: Operation }[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods as Record<string, Operation>))
      ops.push({ method, path, op });
  }
  const sections = doc.tags
    .map(({ name }) => {
      const items = ops
        .filter((o) => o.op.tags.includes(name))
        .map(({ method, path, op }) => {
          const params = op.parameters.map(
            (p) =>
              `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${{ path: '路径', query: '查询', header: '请求头' }[p.in] ?? p.in} · ${escapeHtml(typeOf(p.schema))}</td>` +
              `<td>${p.required ? '是' : '否'}</td><td>${escapeHtml(rulesOf(p.schema))}</td></tr>`,
          );
          const body = op.requestBody?.content['application/json'].schema;
          const ok = op.responses['200']?.content?.['application/json'].schema;
          const results = ok?.properties?.results;
          return `<article id="${escapeHtml(op.operationId)}">
  <h3><span class="m m-${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
  <p>${escapeHtml(op.summary)} <span class="tag ${op.security.length ? 'auth' : 'open'}">${op.security.length ? '需要登录' : '无需登录'}</span> <span class="id">${escapeHtml(op.operationId)}</span></p>
  ${params.length ? `<h4>请求头、路径与查询参数</h4>${table(params.join(''))}` : ''}
  ${body ? `<h4>请求体（JSON）</h4>${table(fieldRows(body)) || '<p>无字段</p>'}` : ''}
  <h4>results</h4>${table(fieldRows(results)) || `<p><code>${escapeHtml(typeOf(results))}</code></p>`}
  <details><summary>results 的 JSON Schema</summary><pre>${escapeHtml(JSON.stringify(results ?? {}, null, 2))}</pre></details>
</article>`;
        })
        .join('\n');
      return `<section><h2 id="${escapeHtml(name)}">${escapeHtml(name)}</h2>${items}</section>`;
    })
    .join('\n');
  const nav = doc.tags.map(({ name }) => `<a href="#${escapeHtml(name)}">${escapeHtml(name)}</a>`).join('');

  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)}</title>
<style>
body{font:14px/1.6 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;margin:0;color:#222;background:#f6f7f9}
header{background:#1f7a4d;color:#fff;padding:16px 24px}header h1{margin:0;font-size:20px}header a{color:#fff}
nav{position:sticky;top:0;background:#fff;border-bottom:1px solid #e3e5e8;padding:8px 24px;display:flex;gap:16px;flex-wrap:wrap;z-index:1}
main{max-width:1080px;margin:0 auto;padding:16px 24px}
section{margin-bottom:32px}h2{border-left:4px solid #1f7a4d;padding-left:8px}
article{background:#fff;border:1px solid #e3e5e8;border-radius:8px;padding:12px 16px;margin:12px 0}
h3{margin:0 0 4px;font-size:15px}h4{margin:12px 0 4px;font-size:13px;color:#555}
.m{display:inline-block;min-width:52px;text-align:center;border-radius:4px;color:#fff;font-size:12px;padding:1px 6px}
.m-get{background:#2f80ed}.m-post{background:#27ae60}.m-put{background:#f2994a}.m-patch{background:#9b51e0}.m-delete{background:#eb5757}
.tag{font-size:12px;border-radius:10px;padding:0 8px}.auth{background:#fdecea;color:#c0392b}.open{background:#e8f6ee;color:#1f7a4d}
.id{color:#999;font-size:12px}table{border-collapse:collapse;width:100%;font-size:13px}
th,td{border:1px solid #e3e5e8;padding:4px 8px;text-align:left;vertical-align:top}th{background:#fafbfc}
pre{background:#f6f8fa;padding:8px;overflow:auto;font-size:12px}code{font-family:Menlo,Consolas,monospace}
</style></head><body>
<header><h1>${escapeHtml(doc.info.title)}</h1><div>版本 ${escapeHtml(doc.info.version)} · 机器可读文档：<a href="/openapi.json">/openapi.json</a></div></header>
<nav><a href="#约定">约定</a>${nav}</nav>
<main>
<section><h2 id="约定">约定</h2><article>
<p>所有接口返回信封 <code>{ state, msg, subMsg, subCode, results }</code>，只有 <code>state === 200</code> 表示成功。GET 请求参数放在查询串，POST 请求体为 JSON（一般最大 16 KB，问卷答案 64 KB；嵌套不超过 32 层）。</p>
<table><thead><tr><th>情形</th><th>HTTP 状态</th><th>信封</th></tr></thead><tbody>
<tr><td>成功</td><td>200</td><td>state 200，results 为结果</td></tr>
<tr><td>参数不正确（类型、缺失、过长、JSON 格式、内容类型）</td><td>400</td><td>state 400，msg 形如“参数 phone 不正确：请输入正确的手机号码”，subMsg 为提示语</td></tr>
<tr><td>未登录</td><td>401</td><td>state 401</td></tr>
<tr><td>业务错误（不存在、冲突、频率限制等）</td><td>200</td><td>state 400/404/409/429 等，msg 与 subMsg 为中文说明</td></tr>
<tr><td>账号被封禁</td><td>200</td><td>state 403，subCode ${SUB_CODE.BANNED}</td></tr>
<tr><td>登录已失效（过期、已退出）</td><td>200</td><td>state 403，subCode ${SUB_CODE.SESSION_GONE}</td></tr>
<tr><td>账号已在其他设备登录</td><td>200</td><td>state 403，subCode ${SUB_CODE.LOGGED_IN_ELSEWHERE}</td></tr>
<tr><td>接口不存在</td><td>404</td><td>state 404</td></tr>
<tr><td>服务器内部错误</td><td>500</td><td>state 500，msg“服务器内部错误”</td></tr>
</tbody></table>
<p>登录：短信验证码（<code>POST /hospital-service/v1/auth/sendCode</code>，再 <code>POST /hospital-service/v1/auth/bindPhone</code>）。会话保存在 httpOnly Cookie <code>SESSION</code> 中，有效期 1 天；也接受 Cookie 或查询参数 <code>sessionKey</code>。</p>
</article></section>
${sections}
</main></body></html>`;
}
