/**
 * Seed content of the booking domain: the department catalogue the hospitals' departments are drawn from
 * (HOSPITALS of the hospitals domain names the first-level ones), name pools and titles for the doctors, and
 * where clinics are. Everything here is fictional demo data.
 */

export interface ClinicSeed {
  name: string;
  specialities: string[];
}

export interface DepartmentSeed {
  name: string;
  intro: string;
  clinics: ClinicSeed[];
}

/** First-level departments and the clinics (second level) they may have. */
export const DEPARTMENT_CATALOGUE: Record<string, DepartmentSeed> = {
  internal: {
    name: '内科',
    intro: '诊治内科常见病、多发病及疑难危重症。',
    clinics: [
      { name: '心血管内科', specialities: ['高血压', '冠心病', '心律失常', '心力衰竭', '心脏介入治疗'] },
      { name: '呼吸内科', specialities: ['慢性阻塞性肺疾病', '支气管哮喘', '肺部感染', '肺结节'] },
      { name: '消化内科', specialities: ['胃炎', '消化性溃疡', '炎症性肠病', '消化内镜诊疗', '肝硬化'] },
      { name: '神经内科', specialities: ['脑血管病', '头痛', '癫痫', '帕金森病', '睡眠障碍'] },
      { name: '内分泌科', specialities: ['糖尿病', '甲状腺疾病', '骨质疏松', '肥胖症'] },
      { name: '肾内科', specialities: ['慢性肾病', '肾小球肾炎', '血液透析'] },
    ],
  },
  surgery: {
    name: '外科',
    intro: '开展普外、骨科、泌尿及微创手术。',
    clinics: [
      { name: '普外科', specialities: ['甲状腺手术', '疝修补', '胆囊结石', '腹腔镜微创手术'] },
      { name: '骨科', specialities: ['骨折创伤', '关节置换', '脊柱疾病', '运动损伤'] },
      { name: '泌尿外科', specialities: ['泌尿系结石', '前列腺疾病', '泌尿系肿瘤'] },
      { name: '神经外科', specialities: ['颅脑外伤', '脑肿瘤', '脑出血'] },
      { name: '胸外科', specialities: ['肺癌外科治疗', '食管疾病', '胸腔镜手术'] },
    ],
  },
  obgyn: {
    name: '妇产科',
    intro: '提供妇科疾病诊治、孕产期保健与分娩服务。',
    clinics: [
      { name: '妇科', specialities: ['子宫肌瘤', '卵巢囊肿', '宫颈疾病筛查', '月经失调'] },
      { name: '产科', specialities: ['孕期保健', '高危妊娠', '产前检查'] },
      { name: '生殖医学科', specialities: ['不孕不育', '辅助生殖'] },
    ],
  },
  pediatrics: {
    name: '儿科',
    intro: '诊治0至14岁儿童常见病及新生儿疾病。',
    clinics: [
      { name: '儿科门诊', specialities: ['小儿呼吸道感染', '小儿腹泻', '儿童哮喘', '小儿发热'] },
      { name: '新生儿科', specialities: ['新生儿黄疸', '早产儿护理'] },
      { name: '儿童保健科', specialities: ['生长发育评估', '儿童营养', '预防接种咨询'] },
    ],
  },
  ent: {
    name: '五官科',
    intro: '眼、耳鼻咽喉及口腔疾病诊治。',
    clinics: [
      { name: '眼科', specialities: ['白内障', '青光眼', '屈光不正', '眼底病'] },
      { name: '耳鼻咽喉科', specialities: ['慢性鼻窦炎', '中耳炎', '咽喉炎', '听力障碍'] },
      { name: '口腔科', specialities: ['牙体牙髓', '口腔修复', '牙周病', '口腔正畸'] },
    ],
  },
  emergency: {
    name: '急诊医学科',
    intro: '24小时急危重症救治。',
    clinics: [{ name: '急诊内科', specialities: ['急性胸痛', '急性中毒', '休克救治'] }],
  },
  tcm: {
    name: '中医科',
    intro: '运用中医药及针灸推拿等特色疗法诊治疾病。',
    clinics: [
      { name: '中医内科', specialities: ['脾胃病', '失眠', '慢性咳嗽', '体质调理'] },
      { name: '针灸推拿科', specialities: ['颈肩腰腿痛', '面瘫', '中风后遗症'] },
      { name: '中医妇科', specialities: ['月经不调', '更年期综合征', '产后调理'] },
      { name: '治未病科', specialities: ['膏方调理', '亚健康调理', '三伏贴'] },
    ],
  },
  rehab: {
    name: '康复医学科',
    intro: '神经、骨关节及心肺康复。',
    clinics: [
      { name: '神经康复', specialities: ['脑卒中康复', '脊髓损伤康复'] },
      { name: '骨科康复', specialities: ['术后康复', '运动损伤康复'] },
    ],
  },
  dermatology: {
    name: '皮肤性病科',
    intro: '常见皮肤病、性传播疾病及医学美容。',
    clinics: [
      { name: '皮肤科', specialities: ['湿疹', '银屑病', '痤疮', '荨麻疹'] },
      { name: '医学美容科', specialities: ['光电治疗', '瘢痕治疗'] },
    ],
  },
};

export const SURNAMES = Array.from(
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛段雷侯龙史陶黎贺顾毛郝龚邵万严覃武戴孔向汤',
);

export const GIVEN_NAME_CHARS = Array.from(
  '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍红鹏辉志文建国海燕晓丹宁浩凯俊宇欣怡思雨佳琪子涵梓轩博泽婷雪梅慧颖晨旭东峰',
);

export const DOCTOR_TITLES = ['主任医师', '副主任医师', '主治医师'] as const;

/** Where a clinic is: a floor of a building, and an area of it. */
export const LOCATIONS = ['门诊楼1层', '门诊楼2层', '门诊楼3层', '门诊楼4层', '医技楼2层', '住院部1层'];
export const AREAS = ['A区', 'B区', 'C区', 'D区'];
