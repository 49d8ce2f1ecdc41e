import type { Region } from '@patient/contract';
import { PROVINCE_CODES, validateMainlandId } from '@patient/validation';
import { describe, expect, it } from 'vitest';
import { HEALTH_CODE_WATCHLIST } from '../patients/index.ts';
import { ETHNICITIES, ethnicityName, NATIONALITIES, OCCUPATIONS, occupationName } from './people.ts';
import { COUNTIES, REGIONS } from './regions.ts';
import { STREETS } from './streets.ts';

const COUNTY_NAME = /(区|县|市|自治县|旗)$/;

describe('region reference data', () => {
  it('is a consistent GB/T 2260 tree: codes unique, children inside their parent’s code', () => {
    const seen = new Set<string>();
    const visit = (r: Region, parent: Region | null, depth: number) => {
      expect(r.code, r.name).toMatch(/^\d{6}$/);
      expect(seen.has(r.code), r.code).toBe(false);
      seen.add(r.code);
      if (depth === 0) {
        expect(r.code.endsWith('0000')).toBe(true);
        expect(Object.keys(PROVINCE_CODES)).toContain(r.code.slice(0, 2));
        expect(r.name).toMatch(/(省|市|自治区)$/);
      } else if (parent) {
        const prefix = depth === 1 ? parent.code.slice(0, 2) : parent.code.slice(0, 4);
        expect(r.code.startsWith(prefix), `${parent.name} › ${r.name}`).toBe(true);
        if (r.children) expect(r.code.endsWith('00')).toBe(true);
        else expect(r.name, r.code).toMatch(COUNTY_NAME);
      }
      expect(r.children === undefined || r.children.length > 0).toBe(true);
      for (const child of r.children ?? []) visit(child, r, depth + 1);
    };
    for (const p of REGIONS) visit(p, null, 0);
    expect(seen.size).toBeGreaterThan(150);
    expect([...COUNTIES.values()].every((c) => c.children === undefined)).toBe(true);
  });

  it('has complete county lists where the issue asks for them', () => {
    const countiesOf = (cityCode: string) =>
      REGIONS.flatMap((p) => p.children ?? [])
        .find((c) => c.code === cityCode)
        ?.children?.map((c) => c.code);
    expect(countiesOf('410100')).toHaveLength(12);
    expect(countiesOf('520600')).toHaveLength(10);
    expect(countiesOf('331000')).toHaveLength(9);
    expect(countiesOf('330100')).toHaveLength(13);
    expect(REGIONS.find((p) => p.code === '110000')?.children).toHaveLength(16);
    expect(COUNTIES.get('469002')?.name).toBe('琼海市');
  });

  it('streets belong to a listed county and carry its code', () => {
    for (const [county, streets] of STREETS) {
      expect(COUNTIES.has(county), county).toBe(true);
      expect(new Set(streets.map((s) => s.code)).size).toBe(streets.length);
      for (const s of streets) {
        expect(s.code).toMatch(new RegExp(`^${county}\\d{3}$`));
        expect(s.name).toMatch(/(街道|镇|乡|地区)$/);
      }
    }
    for (const county of ['331004', '520603', '410105'])
      expect(STREETS.get(county)?.length).toBeGreaterThan(0);
  });
});

describe('people dictionaries', () => {
  it('ethnic groups: the 56 of GB 3304 with their codes, plus 97 and 98', () => {
    expect(ETHNICITIES).toHaveLength(58);
    expect(ETHNICITIES.slice(0, 56).map((e) => Number(e.code))).toEqual(
      Array.from({ length: 56 }, (_, i) => i + 1),
    );
    expect(ETHNICITIES.slice(0, 56).every((e) => e.name.endsWith('族'))).toBe(true);
    expect(new Set(ETHNICITIES.map((e) => e.name)).size).toBe(58);
    expect(ETHNICITIES.every((e) => e.name.length <= 20)).toBe(true);
  });

  it('occupations and nationalities: unique codes and names that fit the contract', () => {
    for (const dictionary of [OCCUPATIONS, NATIONALITIES]) {
      expect(new Set(dictionary.map((e) => e.code)).size).toBe(dictionary.length);
      expect(new Set(dictionary.map((e) => e.name)).size).toBe(dictionary.length);
    }
    expect(OCCUPATIONS.every((o) => o.name.length <= 30)).toBe(true);
    expect(NATIONALITIES.every((n) => /^[A-Z]{3}$/.test(n.code))).toBe(true);
    expect(NATIONALITIES.length).toBeGreaterThan(40);
  });

  it('look values up by code or name', () => {
    expect(ethnicityName('01')).toBe('汉族');
    expect(ethnicityName(' 汉族 ')).toBe('汉族');
    expect(ethnicityName('1')).toBeUndefined();
    expect(ethnicityName('汉')).toBeUndefined();
    expect(occupationName('7')).toBe('军人');
    expect(occupationName('学生')).toBe('学生');
    expect(occupationName('')).toBeUndefined();
  });
});

describe('health-code watch list', () => {
  it('holds valid resident ID numbers, yellow and red', () => {
    for (const id of HEALTH_CODE_WATCHLIST.keys()) {
      expect(validateMainlandId(id, new Date('2025-03-10T12:00:00Z')).valid, id).toBe(true);
    }
    expect(new Set(HEALTH_CODE_WATCHLIST.values())).toEqual(new Set(['YELLOW', 'RED']));
  });
});
