/** Seed content of the patients domain: the demo account's contacts (fictional). */
import { DEMO_PHONE } from '../accounts/index.ts';

export const DEMO_CONTACTS = [
  {
    name: '张伟',
    documentType: 'IDENTITY_CARD',
    documentNumber: '110105198503152313',
    phone: DEMO_PHONE,
    phoneVerified: true,
    sex: 'MALE',
    birthDate: '1985-03-15',
    relation: 'SELF',
    isDefault: true,
    certified: true,
    /** The HIS holds the demo phone for him, the account's own login phone: proven on adding him. */
    hisProof: 'ACCOUNT_PHONE',
    address: '北京市朝阳区示范路12号院3号楼2单元501',
    ethnicity: '汉族',
    occupation: '专业技术人员',
    /** Hospitals where the demo person's hospital card is bound. */
    cardHospitals: ['1000', '1001'],
  },
  {
    name: '王秀兰',
    documentType: 'IDENTITY_CARD',
    documentNumber: '410102195806120026',
    phone: '13912345678',
    phoneVerified: false,
    sex: 'FEMALE',
    birthDate: '1958-06-12',
    relation: 'PARENT',
    isDefault: false,
    certified: false,
    /** Not proven: her 验证身份 sends the code to the phone the HIS holds for her (the demo phone). */
    hisProof: null,
    address: null,
    /** Without ethnicity, occupation and address: shows /perfectHealthCard. */
    ethnicity: null,
    occupation: null,
    cardHospitals: ['1000'],
  },
] as const;
