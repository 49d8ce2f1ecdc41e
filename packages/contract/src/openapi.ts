import * as z from 'zod/mini';
import { type Endpoint, fullPath } from './endpoint.ts';
import { envelopeOf } from './envelope.ts';

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
      parameters: [...parametersOf(e.params, 'path'), ...parametersOf(e.query, 'query')],
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
