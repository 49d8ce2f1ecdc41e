import { eInvoicePlatformConformance } from './e-invoice-platform.conformance.ts';
import { SimulatedEInvoicePlatform } from './platform.ts';

eInvoicePlatformConformance('SimulatedEInvoicePlatform', () => ({
  platform: new SimulatedEInvoicePlatform(),
  now: new Date('2025-03-10T01:00:00.000Z'),
}));
