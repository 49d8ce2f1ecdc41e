import { defineHospitalConfig } from '@patient/hospital-config';

export default defineHospitalConfig({
  key: 'default',
  id: '1000',
  name: '示范人民医院',
  theme: 'green',
  healthGovName: '示范市卫生健康委员会',
  preCheckin: true,
});
