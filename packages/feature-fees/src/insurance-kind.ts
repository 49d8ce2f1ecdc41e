import { registerInsuranceOrderKind } from '@patient/payment';
import { outpatientSuccessPath } from './paths.ts';

// Outpatient charges can be paid with insurance; the insurance pages come back to the charge's result page.
registerInsuranceOrderKind('outpatientFee', {
  orderType: 'OUTPATIENT_FEE',
  orderPath: outpatientSuccessPath,
});
