import { BOOKING_ROUTES, defineHospitalConfig } from '@patient/hospital-config';

export default defineHospitalConfig({
  key: 'wanshan',
  id: '1005',
  name: '铜仁市万山区人民医院',
  theme: 'orange',
  healthGovName: '铜仁市万山区卫生健康局',
  // Scheduled and same-day booking are handled at the hospital's windows here: their department and doctor
  // screens lead to the service-offline screen (001 §2 leaves the hospital open; we chose wanshan).
  offlineRoutes: [...BOOKING_ROUTES],
  homepage: {
    layout: 'compact',
    quickEntries: [],
    services: [
      'appointmentList',
      'outpatientFee',
      'inpatientFee',
      'reportSearch',
      'queue',
      'contacts',
      'patientCode',
      'healthCard',
      'invoice',
      'hosIntroduction',
      'hospitalNavigation',
      'feedback',
    ],
  },
});
