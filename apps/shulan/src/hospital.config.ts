import { defineHospitalConfig } from '@patient/hospital-config';

export default defineHospitalConfig({
  key: 'shulan',
  id: '1004',
  name: '树兰（杭州）医院',
  theme: 'blue',
  healthGovName: '杭州市卫生健康委员会',
  preCheckin: true,
  organizationCodeFromMdid: true,
  homepage: { layout: 'header' },
});
