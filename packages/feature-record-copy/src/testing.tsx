/** Test helpers of the record copy and address screens (not used by the app): a fake of their calls. */
import type {
  CopyableStay,
  ExpressAddress,
  RecordCopyConfig,
  RecordCopyOrder,
  RecordCopyPatient,
  Region,
  Tracking,
} from '@patient/contract';
import { type FeatureOptions, fail, LoopbackService, ok, type Route } from '@patient/feature-kit/testing';
import { clearDraft } from './draft.ts';

export { answerDialog, bodiesOf, bodyShows, pause, sent } from '@patient/feature-kit/testing';

export const STAY: CopyableStay = {
  stayId: 'ZY1000123',
  admissionNo: '00123456',
  department: '心血管内科',
  ward: '内科楼6病区',
  admittedOn: '2023-05-02',
  dischargedOn: '2023-05-10',
  diagnosis: '原发性高血压3级',
  doctor: '王建国 主任医师',
};

export const CONFIG: RecordCopyConfig = {
  purposes: [
    { code: 'COMMERCIAL_INSURANCE', name: '商业保险理赔' },
    { code: 'PERSONAL', name: '个人保存' },
  ],
  parts: [
    { code: 'FRONT_PAGE', name: '病案首页', priceFen: 200, required: true },
    { code: 'LAB', name: '检验报告', priceFen: 500, required: false },
  ],
  maxCopies: 10,
  postageFen: 1500,
  pickup: { place: '门诊楼三楼病案室', hours: '工作日 08:00-17:30' },
};

export const REGIONS: Region[] = [
  {
    code: '330000',
    name: '浙江省',
    children: [{ code: '331000', name: '台州市', children: [{ code: '331004', name: '路桥区' }] }],
  },
  { code: '110000', name: '北京市', children: [{ code: '110105', name: '朝阳区' }] },
];

/** 路桥区 has streets; 朝阳区 (in this stand-in) has none, so its street goes into 详细地址. */
export const STREETS: Record<string, { code: string; name: string }[]> = {
  '331004': [
    { code: '331004001', name: '路南街道' },
    { code: '331004002', name: '路桥街道' },
  ],
};

export function makeAddress(extra: Partial<ExpressAddress> = {}): ExpressAddress {
  return {
    addressId: 'A1',
    name: '张伟',
    phone: '13800138000',
    countyCode: '331004',
    region: ['浙江省', '台州市', '路桥区'],
    streetCode: '',
    street: '',
    detail: '银安街1号',
    postalCode: '318050',
    isDefault: true,
    ...extra,
  };
}

export function makeOrder(extra: Partial<RecordCopyOrder> = {}): RecordCopyOrder {
  return {
    orderId: '7',
    hospitalId: '1000',
    status: 'NO_PAY',
    patientName: '张伟',
    applicant: 'SELF',
    stays: [STAY],
    purpose: { code: 'COMMERCIAL_INSURANCE', name: '商业保险理赔' },
    parts: [{ code: 'FRONT_PAGE', name: '病案首页' }],
    copies: 1,
    delivery: 'EXPRESS',
    address: {
      name: '张伟',
      phone: '13800138000',
      region: ['浙江省', '台州市', '路桥区'],
      detail: '银安街1号',
      postalCode: '',
    },
    pickup: null,
    fee: { copyFen: 200, postageFen: 1500, totalFen: 1700 },
    photos: [
      { kind: 'ID_FRONT', fileId: 'F1' },
      { kind: 'ID_BACK', fileId: 'F2' },
    ],
    shipment: null,
    createdAt: '2030-05-10T01:00:00.000Z',
    paidAt: null,
    reviewedAt: null,
    refuseReason: null,
    cancelledAt: null,
    finishedAt: null,
    refund: null,
    canCancel: true,
    canConfirmReceipt: false,
    ...extra,
  };
}

export const TRACKING: Tracking = {
  orderId: '7',
  company: '顺丰速运',
  trackingNo: 'SF1234567000007',
  state: 'DELIVERING',
  addressee: { name: '张*', phone: '*******8000', address: '浙江省台州市路桥区银安街1号' },
  events: [
    { time: '2030-05-11T03:00:00.000Z', text: '快件已到达【路桥区营业点】，快递员正在派送' },
    { time: '2030-05-10T01:00:00.000Z', text: '【医院病案室】顺丰速运已收取快件' },
  ],
};

export class FakeService extends LoopbackService {
  patients: RecordCopyPatient[] = [
    { contactId: '1', name: '张伟', relation: 'SELF', cardId: 'C1', medicalCardNo: '330000123456' },
    { contactId: '2', name: '李秀英', relation: 'PARENT', cardId: null, medicalCardNo: null },
  ];
  orders: RecordCopyOrder[] = [makeOrder()];
  addresses: ExpressAddress[] = [makeAddress()];
  streetsDown = false;
  /** The courier cannot be asked: tracking answers the parcel without its journey (state null). */
  courierDown = false;
  uploads = 0;

  private order = (id: string) => this.orders.find((o) => o.orderId === id);

  protected readonly routes: Route[] = [
    ['POST', /^\/patientCardList$/, () => ok(this.patients)],
    ['PUT', /^\/inpatientInfoList$/, () => ok([STAY])],
    ['GET', /^\/configureList$/, () => ok(CONFIG)],
    [
      'GET',
      /^\/getParaConfigContent$/,
      () => ok({ title: '病案复印须知', paragraphs: ['审核通过前可取消申请。'] }),
    ],
    [
      'POST',
      /^\/addMedicalRecord$/,
      () => {
        const order = makeOrder({ orderId: '8' });
        this.orders.unshift(order);
        return ok(order);
      },
    ],
    ['GET', /^\/medicalRecordList$/, () => ok(this.orders)],
    [
      'GET',
      /^\/medicalRecordDetail\/(\w+)$/,
      (_r, m) => {
        const order = this.order(m[1]);
        return order ? ok(order) : fail(404, '病案复印申请不存在');
      },
    ],
    [
      'POST',
      /^\/cancelApply$/,
      (r) => {
        const order = this.order(JSON.parse(r.body).orderId);
        if (!order) return fail(404, '病案复印申请不存在');
        Object.assign(order, { status: 'CANCEL', canCancel: false });
        return ok(order);
      },
    ],
    [
      'POST',
      /^\/confirmReceipt$/,
      (r) => {
        const order = this.order(JSON.parse(r.body).orderId);
        if (!order) return fail(404, '病案复印申请不存在');
        Object.assign(order, { status: 'FINISH', canConfirmReceipt: false });
        return ok(order);
      },
    ],
    [
      'POST',
      /^\/v1\/file\/upload$/,
      () => {
        this.uploads += 1;
        return ok({ fileId: `F${this.uploads}`, contentType: 'image/jpeg', size: 10 });
      },
    ],
    ['GET', /^\/v1\/express_address\/addresses$/, () => ok(this.addresses)],
    [
      'POST',
      /^\/v1\/express_address\/add_express_address$/,
      (r) => {
        const address = makeAddress({ ...JSON.parse(r.body), addressId: `A${this.addresses.length + 1}` });
        this.addresses.push(address);
        return ok(address);
      },
    ],
    [
      'POST',
      /^\/v1\/express_address\/update$/,
      (r) => {
        const body = JSON.parse(r.body);
        const address = this.addresses.find((a) => a.addressId === body.addressId);
        if (!address) return fail(404, '收货地址不存在');
        if (body.isDefault) for (const a of this.addresses) a.isDefault = false;
        Object.assign(address, body);
        return ok(address);
      },
    ],
    [
      'POST',
      /^\/v1\/express_address\/remove\/(\w+)$/,
      (_r, m) => {
        this.addresses = this.addresses.filter((a) => a.addressId !== m[1]);
        return ok({ removed: true });
      },
    ],
    [
      'GET',
      /^\/v1\/express_address\/(\w+)$/,
      (_r, m) => {
        const address = this.addresses.find((a) => a.addressId === m[1]);
        return address ? ok(address) : fail(404, '收货地址不存在');
      },
    ],
    ['GET', /^\/v1\/hisEnumAll\/\w+\/getProCountiesInfo$/, () => ok(REGIONS)],
    [
      'GET',
      /^\/v1\/hisEnumAll\/\w+\/getStreetsVillagesInfo$/,
      (r) => (this.streetsDown ? fail(500, '服务繁忙') : ok(STREETS[r.query.get('countyCode') ?? ''] ?? [])),
    ],
    [
      'GET',
      /^\/v1\/kuaidi\/(\w+)$/,
      (_r, m) =>
        m[1] === '7'
          ? ok(this.courierDown ? { ...TRACKING, state: null, events: [] } : TRACKING)
          : fail(404, '暂无物流信息'),
    ],
  ];
}

/** The options of the harness (setupFeature): hospital 1000, contacts not loaded, no draft left. */
export const harness = {
  service: FakeService,
  seed: { contacts: null },
  reset: clearDraft,
} satisfies FeatureOptions<FakeService>;
