import { defineHospitalConfig } from '@patient/hospital-config';

export default defineHospitalConfig({
  key: 'boao',
  id: '1008',
  name: '海南博鳌超级医院',
  theme: 'green',
  healthGovName: '海南博鳌乐城国际医疗旅游先行区管理局',
  organizationCodeFromMdid: true,
  homepage: { layout: 'header' },
});
