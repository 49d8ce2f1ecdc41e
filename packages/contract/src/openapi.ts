import * as z from 'zod/mini';
import { type Endpoint, fullPath } from './endpoint.ts';
import { BROWSER_CHANNEL, CHANNEL_HEADER, envelopeOf } from './envelope.ts';

type JsonSchema = Record<string, unknown>;

const jsonSchema = (schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

const parametersOf = (schema: z.ZodMiniType | undefined, location: 'path' | 'query') => {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(object.properties ?? {}).map(([name, s]) => ({
    name,
    in: location,
    required: location === 'path' || (object.required ?? []).includes(name),
    schema: s,
  }));
};

/** The header every call of the apps carries (a call without it is refused: HTTP 403). */
const channelParameter = {
  name: CHANNEL_HEADER,
  in: 'header',
  required: true,
  schema: {
    type: 'string',
    examples: [BROWSER_CHANNEL, 'WECHAT_BROWSER', 'WECHAT_MINI_PROGRAM', 'ALIPAY_MINI_PROGRAM'],
  },
};

/** An OpenAPI 3.1 document for the given endpoints, every response wrapped in the envelope. */
export function openApiDocument(endpoints: readonly Endpoint[], info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of endpoints) {
    const path = fullPath(e).replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][e.method.toLowerCase()] = {
      operationId: e.id,
      summary: e.summary,
      tags: [e.service],
      security: e.auth ? [{ session: [] }] : [],
      // A sensitive call needs the account's SENSITIVE consent (else subCode SENSITIVE_CONSENT_REQUIRED).
      ...(e.sensitive ? { 'x-sensitive-personal-information': true } : {}),
      parameters: [
        ...(e.caller === 'app' ? [channelParameter] : []),
        ...parametersOf(e.params, 'path'),
        ...parametersOf(e.query, 'query'),
      ],
      ...(e.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(e.body, 'input') } },
            },
          }
        : {}),
      responses: {
        200: {
          description: '信封 {state, msg, subMsg, subCode, results}；state 为 200 时成功',
          content: { 'application/json': { schema: jsonSchema(envelopeOf(e.results), 'output') } },
        },
        401: { description: '未登录' },
        ...(e.caller === 'app'
          ? { 403: { description: `缺少 ${CHANNEL_HEADER} 请求头或跨站请求（HTTP 403，信封 state 403）` } }
          : {}),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info,
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'SESSION' } } },
    paths,
  };
}
