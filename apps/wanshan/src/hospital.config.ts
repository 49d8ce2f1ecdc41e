import { defineHospitalConfig } from '@patient/hospital-config';

export default defineHospitalConfig({
  key: 'wanshan',
  id: '1005',
  name: '铜仁市万山区人民医院',
  theme: 'orange',
  healthGovName: '铜仁市万山区卫生健康局',
  // Booking is done at the hospital's windows: the service's ONLINE_BOOKING parameter (false here) turns every
  // booking entry off; the homepage offers no booking entry either.
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
