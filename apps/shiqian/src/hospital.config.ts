import { defineHospitalConfig } from '@patient/hospital-config';

export default defineHospitalConfig({
  key: 'shiqian',
  id: '1003',
  name: '石阡县人民医院',
  theme: 'green',
  healthGovName: '石阡县卫生健康局',
  // In the payment-app mini-program this hospital has taken its service offline (000 §1).
  offlineInPaymentMiniProgram: true,
  homepage: { layout: 'classic' },
});
