import { defineHospitalConfig } from '@patient/hospital-config';

export default defineHospitalConfig({
  key: 'zhongxiyi',
  id: '1006',
  name: '铜仁市中西医结合医院',
  theme: 'purple',
  healthGovName: '市卫生健康委员会',
  organizationCodeFromMdid: true,
  homepage: { layout: 'classic' },
});
