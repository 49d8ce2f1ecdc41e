import { computeIdCheckChar } from '@patient/validation';
import { describe, expect, it } from 'vitest';
import {
  type PersonStory,
  personStory,
  STORY_DEPARTMENTS,
  sexAndBirthOf,
  storyDoctors,
} from './person-story.ts';

const TODAY = '2026-11-28';

/** A valid 18-digit resident ID number born on `birth` (YYYYMMDD), a man when `male`. */
function idNumber(birth: string, seq: number, male: boolean): string {
  const order = `${String(seq % 100).padStart(2, '0')}${male ? 1 + 2 * (seq % 5) : 2 * (seq % 5)}`;
  const first17 = `330102${birth}${order}`;
  return first17 + computeIdCheckChar(first17);
}

function ageOn(birthDate: string, date: string): number {
  const years = Number(date.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return date.slice(5) < birthDate.slice(5) ? years - 1 : years;
}

/** 600 people born 1930–2026, both sexes. */
const PEOPLE = Array.from({ length: 600 }, (_, i) => {
  const year = 1930 + (i % 97);
  const month = String(1 + (i % 12)).padStart(2, '0');
  const day = String(1 + (i % 28)).padStart(2, '0');
  const birth = `${year}${month}${day}`;
  return {
    hospitalId: i % 3 === 0 ? '1001' : '1000',
    identityCard: idNumber(birth, i, i % 2 === 0),
    name: `测试${i}`,
  };
}).filter(
  (p) =>
    `${p.identityCard.slice(6, 10)}-${p.identityCard.slice(10, 12)}-${p.identityCard.slice(12, 14)}` <= TODAY,
);

const department = (code: string) => STORY_DEPARTMENTS.find((d) => d.code === code);

function diagnosedOn(story: PersonStory) {
  return [
    ...story.visits.map((v) => ({ date: v.date, dept: v.department.code, icd10: v.diagnosis.icd10 })),
    ...story.stays.map((s) => ({ date: s.admittedOn, dept: s.department.code, icd10: s.diagnosis.icd10 })),
  ];
}

describe('personStory', () => {
  it('is deterministic: the same person on the same day has the same story', () => {
    const person = { hospitalId: '1000', identityCard: idNumber('19900307', 77, true), name: '张伟' };
    expect(personStory(person, TODAY)).toEqual(personStory(person, TODAY));
    expect(personStory({ ...person, identityCard: ` ${person.identityCard.toLowerCase()} ` }, TODAY)).toEqual(
      personStory(person, TODAY),
    );
    expect(personStory({ ...person, name: '李娜' }, TODAY).patientNo).not.toBe(
      personStory(person, TODAY).patientNo,
    );
  });

  it('reads sex and birth date from the ID number (15 digits too); another document gets fixed ones', () => {
    const man = `11010119900307001${computeIdCheckChar('11010119900307001')}`;
    expect(sexAndBirthOf({ hospitalId: '1000', identityCard: man, name: 'a' }, TODAY)).toEqual({
      sex: '男',
      birthDate: '1990-03-07',
    });
    expect(sexAndBirthOf({ hospitalId: '1000', identityCard: '110101900307002', name: 'a' }, TODAY)).toEqual({
      sex: '女',
      birthDate: '1990-03-07',
    });
    const passport = { hospitalId: '1000', identityCard: 'E12345678', name: 'Tom' };
    const a = sexAndBirthOf(passport, TODAY);
    expect(a).toEqual(sexAndBirthOf(passport, TODAY));
    expect(ageOn(a.birthDate, TODAY)).toBeGreaterThanOrEqual(17);
    expect(personStory(passport, TODAY).visits).toHaveLength(5);
  });

  it('fits every diagnosis to sex and age, over hundreds of generated ID numbers', () => {
    expect(PEOPLE.length).toBeGreaterThan(550);
    const seen = new Set<string>();
    for (const person of PEOPLE) {
      const story = personStory(person, TODAY);
      const { sex, birthDate } = story.person;
      expect(sex).toBe(Number(person.identityCard[16]) % 2 === 1 ? '男' : '女');
      for (const { date, dept, icd10 } of diagnosedOn(story)) {
        const age = ageOn(birthDate, date);
        const d = department(dept);
        seen.add(dept);
        expect(d, dept).toBeDefined();
        expect(date >= birthDate, `${person.identityCard} ${date}`).toBe(true);
        if (sex === '男') expect(['FK', 'CK'], `${person.identityCard} ${icd10}`).not.toContain(dept);
        if (age >= 14) expect(dept, `${person.identityCard} ${date} ${icd10}`).not.toBe('EK');
        if (dept === 'CK') expect(age).toBeGreaterThanOrEqual(18);
        if (icd10 === 'N40.x00') expect(sex === '男' && age >= 50).toBe(true);
        if (icd10 === 'H25.900') expect(age).toBeGreaterThanOrEqual(55);
        if (age < 14) expect(['EK', 'GK', 'YK', 'PF'], `${person.identityCard} ${icd10}`).toContain(dept);
        expect(icd10).toMatch(/^[A-Z]\d{2}\.[0-9x]{3}$/);
      }
      expect(story.stays.length).toBeLessThanOrEqual(2);
      expect(story.stays.filter((s) => s.dischargedOn === null).length).toBeLessThanOrEqual(1);
      for (const s of story.stays) if (s.dischargedOn) expect(s.dischargedOn > s.admittedOn).toBe(true);
    }
    // Men and women, children and the old: the catalogue is used, 妇产科 and 儿科 included.
    for (const code of ['HX', 'XN', 'EK', 'FK', 'CK', 'MN']) expect(seen).toContain(code);
  });

  it('names a ward the same everywhere: by its department, for every person and stay', () => {
    const wardOf = new Map<string, string>();
    for (const person of PEOPLE) {
      for (const stay of personStory(person, TODAY).stays) {
        expect(stay.ward).toEqual(stay.department.ward);
        const name = `${stay.ward.name}（${stay.ward.location}）`;
        expect(wardOf.get(stay.department.code) ?? name).toBe(name);
        wardOf.set(stay.department.code, name);
        expect(stay.bed).toMatch(/^\d{1,2}床$/);
      }
    }
    expect(wardOf.size).toBeGreaterThan(5);
    // The next day tells the same stays in the same wards (only "today" moved on).
    const person = PEOPLE.find((p) => personStory(p, TODAY).stays.length === 2) ?? PEOPLE[0];
    const wards = (day: string) =>
      personStory(person, day).stays.map((s) => [s.admissionNo, s.ward.name, s.bed]);
    expect(wards('2026-11-29')).toEqual(wards(TODAY));
  });

  it('gives a department the same doctors for everyone at a hospital; visits name one of them', () => {
    expect(storyDoctors('1000', 'HX')).toEqual(storyDoctors('1000', 'HX'));
    expect(storyDoctors('1000', 'HX').map((d) => d.code)).toEqual(['HX001', 'HX002', 'HX003', 'HX004']);
    for (const person of PEOPLE.slice(0, 100)) {
      const story = personStory(person, TODAY);
      for (const v of story.visits)
        expect(storyDoctors(person.hospitalId, v.department.code)).toContainEqual(v.doctor);
    }
  });

  it("bills today's visit: a prescription, an exam and a lab test, totals in fen", () => {
    for (const person of PEOPLE.slice(0, 100)) {
      const story = personStory(person, TODAY);
      expect(story.visits[0].date).toBe(TODAY);
      expect(story.unpaidOrders.map((o) => o.kind)).toEqual(['PRESCRIPTION', 'EXAM', 'LAB']);
      for (const order of story.unpaidOrders) {
        expect(order.visitNo).toBe(story.visits[0].visitNo);
        expect(order.department).toEqual(story.visits[0].department);
        for (const item of order.items) {
          expect(Number.isInteger(item.unitPrice)).toBe(true);
          expect(item.amount).toBe(item.quantity * item.unitPrice);
        }
        expect(order.total).toBe(order.items.reduce((s, i) => s + i.amount, 0));
        expect(order.total).toBeGreaterThan(0);
      }
      expect(new Set(story.unpaidOrders.map((o) => o.orderNo)).size).toBe(3);
    }
  });

  it('reports every past visit: lab items flagged against their range, exam findings and conclusion', () => {
    let high = 0;
    for (const person of PEOPLE.slice(0, 200)) {
      const story = personStory(person, TODAY);
      const past = story.visits.slice(1).map((v) => v.visitNo);
      expect(story.labReports.map((r) => r.visitNo)).toEqual(past);
      expect(story.examReports.map((r) => r.visitNo)).toEqual(past);
      for (const report of story.labReports) {
        for (const item of report.items) {
          const flag = item.value > item.high ? 'H' : item.value < item.low ? 'L' : 'N';
          expect(item.flag).toBe(flag);
          if (item.flag === 'H') high++;
        }
      }
      for (const exam of story.examReports) expect(exam.conclusion).not.toBe('');
    }
    expect(high).toBeGreaterThan(0);
  });

  it('uses sex- and age-specific reference ranges (haemoglobin)', () => {
    const hgb = (id: string) =>
      personStory({ hospitalId: '1000', identityCard: id, name: 'x' }, TODAY)
        .labReports.flatMap((r) => r.items)
        .find((i) => i.code === 'HGB');
    const man = PEOPLE.map((p) => hgb(p.identityCard)).find(Boolean);
    expect(man).toBeDefined();
    for (const person of PEOPLE.slice(0, 200)) {
      const story = personStory(person, TODAY);
      for (const report of story.labReports) {
        const item = report.items.find((i) => i.code === 'HGB');
        if (!item) continue;
        const age = ageOn(story.person.birthDate, report.date);
        const low = age < 14 ? 110 : story.person.sex === '男' ? 130 : 115;
        expect(item.low).toBe(low);
      }
    }
  });
});
