import { describe, expect, it } from 'vitest';
import {
  insuranceFromOf,
  insuranceOrderKind,
  insurancePayingPath,
  insuranceTransitPath,
  registerInsuranceOrderKind,
} from './insurance.ts';

describe('kinds of orders paid with insurance', () => {
  it('are declared by their features, which own the pages the insurance pages lead back to', () => {
    expect(insuranceOrderKind('prepaidRecharge')).toBeNull();
    expect(() => insuranceFromOf('ACCOUNT_RECHARGE')).toThrow(/no insurance pages/);
    registerInsuranceOrderKind('prepaidRecharge', {
      orderType: 'ACCOUNT_RECHARGE',
      orderPath: (id) => `/recharge/${id}`,
    });
    expect(insuranceOrderKind('prepaidRecharge')?.orderPath('9')).toBe('/recharge/9');
    expect(insuranceFromOf('ACCOUNT_RECHARGE')).toBe('prepaidRecharge');
    expect(insurancePayingPath('ACCOUNT_RECHARGE', 'R 1')).toBe(
      '/medicalInsurance/paying/R%201?from=prepaidRecharge',
    );
    expect(insuranceTransitPath('ACCOUNT_RECHARGE', '9')).toBe(
      '/medicalInsurance/transit?from=prepaidRecharge&orderId=9',
    );
  });
});
