import { ADDRESS_DETAIL_MAX_LENGTH, ADDRESS_NAME_MAX_LENGTH } from './constants';
import { isMobilePhone } from './phone';
import { isBlank } from './shared';

/** Fields of the delivery address form. */
export type AddressField = 'name' | 'phone' | 'area' | 'detail' | 'postalCode';

/** Values of the delivery address form; `area` is the picked region as text or as its selected parts. */
export interface AddressFormInput {
  name: string;
  phone: string;
  area: string | readonly string[];
  detail: string;
  postalCode?: string | null;
}

/** Outcome of {@link validateAddressForm}: one message per failing field. */
export interface AddressFormResult {
  valid: boolean;
  errors: Partial<Record<AddressField, string>>;
}

/** The five default messages of the delivery address form (000 §5, 001 §5) plus the two length limits. */
export const ADDRESS_FORM_MESSAGES = Object.freeze({
  name: '请填写收货人姓名',
  phone: '请填写正确的手机号码',
  area: '请选择所在地区',
  detail: '请填写详细地址',
  postalCode: '请填写正确的邮政编码',
  nameTooLong: `收货人姓名不能超过${ADDRESS_NAME_MAX_LENGTH}个字`,
  detailTooLong: `详细地址不能超过${ADDRESS_DETAIL_MAX_LENGTH}个字`,
});

const charCount = (value: string): number => Array.from(value.trim()).length;

function isAreaEmpty(area: string | readonly string[] | null | undefined): boolean {
  if (Array.isArray(area)) return area.every((part) => isBlank(part));
  return isBlank(area as string | null | undefined);
}

/**
 * Checks the delivery address form. Name (≤20 characters) and detail (≤100) are trimmed before counting;
 * phone uses {@link isMobilePhone}; the postal code is optional but must be 6 digits when given.
 */
export function validateAddressForm(input: AddressFormInput): AddressFormResult {
  const errors: Partial<Record<AddressField, string>> = {};
  if (isBlank(input.name)) errors.name = ADDRESS_FORM_MESSAGES.name;
  else if (charCount(input.name) > ADDRESS_NAME_MAX_LENGTH) errors.name = ADDRESS_FORM_MESSAGES.nameTooLong;
  if (!isMobilePhone(input.phone ?? '')) errors.phone = ADDRESS_FORM_MESSAGES.phone;
  if (isAreaEmpty(input.area)) errors.area = ADDRESS_FORM_MESSAGES.area;
  if (isBlank(input.detail)) errors.detail = ADDRESS_FORM_MESSAGES.detail;
  else if (charCount(input.detail) > ADDRESS_DETAIL_MAX_LENGTH)
    errors.detail = ADDRESS_FORM_MESSAGES.detailTooLong;
  const postalCode = input.postalCode ?? '';
  if (!isBlank(postalCode) && !/^\d{6}$/.test(postalCode))
    errors.postalCode = ADDRESS_FORM_MESSAGES.postalCode;
  return { valid: Object.keys(errors).length === 0, errors };
}
