import * as z from 'zod/mini';

/** Ids are opaque strings (numeric in the reference service). */
export const id = () => z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/));
/** A hospital or insurance card number (就诊卡号) as the HIS issues it: 4–32 letters and digits. */
export const medicalCardNo = () => z.string().check(z.trim(), z.regex(/^[A-Za-z0-9]{4,32}$/));
/** An electronic health card number (电子健康卡 ID): 64 hexadecimal characters, upper-case as issued. */
export const healthCardNo = () => z.string().check(z.regex(/^[0-9A-F]{64}$/));
/** Either card a patient can search reports by: a medical card number or an electronic health card number. */
export const anyCardNo = () => z.string().check(z.trim(), z.regex(/^(?:[A-Za-z0-9]{4,32}|[0-9A-Fa-f]{64})$/));
/** A person's name as typed: 1–30 characters. */
export const personName = () => z.string().check(z.trim(), z.minLength(1), z.maxLength(30));
/** An ID document number as typed; its rule depends on the document type (see @patient/validation). */
export const documentNumber = () => z.string().check(z.trim(), z.minLength(1), z.maxLength(32));
/** A mobile phone number (000 §5). */
export const mobilePhone = () => z.string().check(z.regex(/^(1[3-9]\d{9}|09\d{8})$/));
/** A calendar date, YYYY-MM-DD. */
export const isoDate = () => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
/** Query-string booleans arrive as text. */
export const queryBoolean = () =>
  z.pipe(
    z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]),
    z.transform((v) => v === true || v === 'true' || v === '1'),
  );
/** An amount in fen (1 yuan = 100 fen), integer: 2500 is ¥25.00. */
export const fen = () => z.int().check(z.gte(0), z.lte(100_000_000_000));
