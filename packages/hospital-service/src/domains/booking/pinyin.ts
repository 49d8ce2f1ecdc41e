import { pinyin } from 'pinyin-pro';

/** Full pinyin without tones ('xinxueguanneike') and initials ('xxgnk') of a name; ü is written v. */
export function spell(name: string): { pinyin: string; initials: string } {
  const options = { toneType: 'none', type: 'array', v: true } as const;
  const clean = (parts: string[]) =>
    parts
      .join('')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '');
  return {
    pinyin: clean(pinyin(name, options)),
    initials: clean(pinyin(name, { ...options, pattern: 'first' })),
  };
}

/** A search keyword as it is compared with names, pinyin and initials: trimmed, no spaces, lower case. */
export const normaliseKeyword = (keyword: string): string => keyword.replace(/\s+/g, '').toLowerCase();
