import { defineHospitalConfig } from '@patient/hospital-config';

export default defineHospitalConfig({
  key: 'songtao',
  id: '1002',
  name: '松桃苗族自治县人民医院',
  theme: 'red',
  healthGovName: '松桃苗族自治县卫生健康局',
  homepage: { layout: 'classic' },
});
