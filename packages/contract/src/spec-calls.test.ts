import { describe, expect, it } from 'vitest';
import { type Endpoint, fullPath, SERVICE_PREFIX } from './endpoint.ts';
import { ALL_ENDPOINTS } from './registry.ts';
import { SPEC_CALLS, type SpecCall } from './spec-calls.ts';

const byId = new Map(ALL_ENDPOINTS.map((e) => [e.id, e]));
/** Path parameters compared by position, not by name: the spec's `{id}` is our `:hospitalId`. */
const shape = (path: string) => path.replace(/\{[^}]+\}|:[A-Za-z0-9_]+/g, ':');
const label = (row: SpecCall) =>
  `${row.section}: ${row.method ?? ''} ${row.path ?? row.written} → ${row.endpoint}`;
const served = (row: SpecCall): Endpoint => {
  const e = byId.get(row.endpoint);
  if (!e) throw new Error(`${label(row)}: no such endpoint`);
  return e;
};

describe('SPEC_CALLS: every call of the specification', () => {
  it('names an endpoint of the contract', () => {
    const missing = SPEC_CALLS.filter((row) => !byId.has(row.endpoint)).map(label);
    expect(missing).toEqual([]);
  });

  it('is served at the path and method the specification gives, under its service prefix', () => {
    const wrong = SPEC_CALLS.filter((row) => row.path !== null)
      .filter((row) => {
        const e = served(row);
        const expected = SERVICE_PREFIX[row.service] + (row.path as string);
        return e.method !== row.method || e.service !== row.service || shape(fullPath(e)) !== shape(expected);
      })
      .map((row) => `${label(row)} is ${served(row).method} ${fullPath(served(row))}`);
    expect(wrong).toEqual([]);
  });

  it('without an exact path: the method it gives and the path segments it writes', () => {
    const rows = SPEC_CALLS.filter((row) => row.path === null);
    for (const row of rows) expect(row.written, label(row)).toBeTruthy();
    const wrong = rows
      .filter((row) => {
        const e = served(row);
        if ((row.method !== null && e.method !== row.method) || e.service !== row.service) return true;
        const written = row.written as string;
        // What it writes (`order/{id}`, `add_express_address`, `invalidOrder refund`) is whole segments of the path.
        return !row.prose && !`${shape(e.path)}/`.includes(`/${shape(written.replaceAll(' ', '/'))}/`);
      })
      .map((row) => `${label(row)} is ${served(row).method} ${fullPath(served(row))}`);
    expect(wrong).toEqual([]);
  });

  it('has no row twice', () => {
    const keys = SPEC_CALLS.map((r) => `${r.document} ${r.method} ${r.path ?? `${r.section}: ${r.written}`}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('puts the product-service and staff prefixes where the documents say', () => {
    for (const row of SPEC_CALLS) {
      const expected = row.section.endsWith('Medical record copy')
        ? 'product'
        : row.section.endsWith('Bed orders, Staff')
          ? 'staff'
          : 'hospital';
      expect(row.service, label(row)).toBe(expected);
    }
  });

  it('counts the calls of both documents', () => {
    const exact = SPEC_CALLS.filter((r) => r.path !== null);
    expect({
      rows: SPEC_CALLS.length,
      exact: exact.length,
      named: SPEC_CALLS.length - exact.length,
      '000': SPEC_CALLS.filter((r) => r.document === '000').length,
      '001': SPEC_CALLS.filter((r) => r.document === '001').length,
    }).toEqual({ rows: 200, exact: 127, named: 73, '000': 66, '001': 134 });
  });
});
