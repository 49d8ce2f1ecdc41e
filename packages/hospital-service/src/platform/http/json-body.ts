import type { FastifyError, FastifyInstance } from 'fastify';

/** Body limit of every call unless its route asks for more (see RouteOptions.bodyLimit). */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

/** The largest body limit any call may ask for. */
export const LARGE_BODY_LIMIT = 64 * 1024;

/** Deepest nesting of arrays and objects a JSON body may have (the contract's deepest input has 3 levels). */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP_MESSAGE = `请求体嵌套层级过深，不能超过 ${MAX_JSON_DEPTH} 层`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether `text` nests arrays/objects deeper than `maxDepth`: one pass over the characters, brackets inside
 * string literals ignored, no recursion and no allocation. Malformed JSON is left to JSON.parse.
 */
export function jsonTooDeep(text: string, maxDepth: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > maxDepth) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}

const bodyError = (code: string): FastifyError => {
  const error = new Error(code) as FastifyError;
  error.code = code;
  error.statusCode = 400;
  return error;
};

/**
 * The only JSON parser of the service: an empty body counts as none (POST calls whose input is in the path
 * or query); nesting deeper than {@link MAX_JSON_DEPTH} is refused before JSON.parse (`HS_JSON_TOO_DEEP`),
 * broken JSON is `HS_INVALID_JSON`. Every other content type is left unparsed (415 → 400).
 */
export function registerJsonParser(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    if (jsonTooDeep(text)) return done(bodyError('HS_JSON_TOO_DEEP'), undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(bodyError('HS_INVALID_JSON'), undefined);
    }
  });
}
