import { defineHospitalConfig } from '@patient/hospital-config';

export default defineHospitalConfig({
  key: 'zhengzhou',
  id: '1001',
  name: '郑州市第一人民医院',
  theme: 'blue',
  healthGovName: '郑州市卫生健康委员会',
  preCheckin: true,
  organizationCodeFromMdid: true,
  homepage: { layout: 'header' },
});
