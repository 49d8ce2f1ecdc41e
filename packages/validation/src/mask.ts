const MASK = '*';

/** Values this short are masked entirely: keeping any characters would reveal most of them. */
const FULLY_MASKED_MAX_LENGTH = 4;

/**
 * Masks an ID number for display. 18 characters: the first 5 then 13 '*' (000 §9). Other lengths
 * (passports etc.): the first 2 and last 2 kept, the middle masked; 4 characters or fewer are masked
 * entirely. '' stays ''.
 */
export function maskIdCard(id: string): string {
  const chars = Array.from(id);
  if (chars.length === 18) return chars.slice(0, 5).join('') + MASK.repeat(13);
  if (chars.length <= FULLY_MASKED_MAX_LENGTH) return MASK.repeat(chars.length);
  return chars.slice(0, 2).join('') + MASK.repeat(chars.length - 4) + chars.slice(-2).join('');
}

/**
 * Masks a phone number for display: everything but the last 4 characters becomes '*' (an 11-digit
 * mobile number gives 7 '*' then the last 4, 000 §9); 4 characters or fewer are masked entirely.
 */
export function maskPhone(phone: string): string {
  const chars = Array.from(phone);
  if (chars.length <= FULLY_MASKED_MAX_LENGTH) return MASK.repeat(chars.length);
  return MASK.repeat(chars.length - 4) + chars.slice(-4).join('');
}

/** Keeps the first character of a name and masks the rest (张三 → 张*, 欧阳娜娜 → 欧***). */
export function maskName(name: string): string {
  const chars = Array.from(name);
  if (chars.length === 0) return '';
  return chars[0] + MASK.repeat(chars.length - 1);
}
