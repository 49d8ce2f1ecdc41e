import { defineHospitalConfig } from '@patient/hospital-config';

export default defineHospitalConfig({
  key: 'luqiao',
  id: '1007',
  name: '台州市路桥区人民医院',
  theme: 'blue',
  healthGovName: '台州市路桥区卫生健康局',
  // The foreigner permanent residence card is not accepted here (000 §3).
  excludedDocumentTypes: ['FOREIGNER_NUMBER'],
  homepage: { layout: 'classic' },
});
