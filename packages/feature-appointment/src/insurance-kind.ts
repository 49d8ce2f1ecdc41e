import { registerInsuranceOrderKind } from '@patient/payment';

// Booked orders can be paid with insurance; the insurance pages come back to the order (/placeOrder/:orderId).
registerInsuranceOrderKind('appointment', {
  orderType: 'APPOINTMENT',
  orderPath: (orderId) => `/placeOrder/${encodeURIComponent(orderId)}`,
});
