import type { HospitalSeed } from '../hospitals/index.ts';

/** The version every hospital's documents start with (the date they take effect). */
export const FIRST_VERSION = '2026-11-01';

export interface DocumentSeed {
  title: string;
  sections: { heading: string; paragraphs: string[] }[];
}

/** 隐私政策 of one hospital (fictional demo text, written for the app's real data flows). */
export function privacyPolicy(h: HospitalSeed): DocumentSeed {
  return {
    title: '隐私政策',
    sections: [
      {
        heading: '引言',
        paragraphs: [
          `${h.name}（以下简称“本院”）通过本患者服务平台为您提供预约挂号、缴费、报告查询等服务。本政策说明我们收集哪些个人信息、为什么收集、如何保存以及您享有的权利。请您在使用前仔细阅读，特别是加粗提示的敏感个人信息部分。`,
        ],
      },
      {
        heading: '一、我们收集的信息及用途',
        paragraphs: [
          '手机号：用于短信验证码登录、识别您的账号，以及发送预约、缴费、报告等就诊通知。',
          '就诊人姓名、身份证号（或其他证件号码）：用于在本院医院信息系统中建档、核验身份，确保挂号、缴费和报告查询对应到正确的就诊人。',
          '就诊与报告数据（挂号记录、费用明细、检验检查报告、病历信息等）：由本院医院信息系统产生，仅在您查询时向您展示，用于为您办理相应的就诊服务。',
          '上传的证件照片（如身份证、医保卡照片，以及投诉建议或病案复印申请中附带的图片）：仅用于您提交的业务办理和核验。',
          '我们不会收集与上述服务无关的信息，也不会将您的信息用于广告推送或出售给任何第三方。',
        ],
      },
      {
        heading: '二、敏感个人信息',
        paragraphs: [
          '身份证号、证件照片、医疗健康信息属于《中华人民共和国个人信息保护法》规定的敏感个人信息。我们仅在取得您的单独同意后处理，并仅用于上述就诊服务所必需的范围。您可以拒绝或撤回该同意，但需要这些信息的功能（如绑定就诊人、查询报告）将无法使用。',
        ],
      },
      {
        heading: '三、存储地点与保存期限',
        paragraphs: [
          '您的个人信息存储于本院位于中华人民共和国境内的服务器，不会向境外提供。',
          '账号信息在您注销账号后删除或匿名化；上传的照片在业务办结后保存不超过 180 天；病历、报告等医疗文书按《医疗机构病历管理规定》等法规要求的期限由本院保存。',
          '我们采取加密传输、访问控制和操作审计等措施保护您的信息安全。',
        ],
      },
      {
        heading: '四、您的权利',
        paragraphs: [
          '依据《个人信息保护法》，您有权查阅、复制、更正、补充您的个人信息，有权要求删除，有权撤回同意，有权要求我们解释本政策。',
          '您可以在“隐私与授权”页面查看并撤回已作出的同意；撤回不影响撤回前基于同意已进行的处理。',
          `其他请求请拨打本院客服电话 ${h.hotline}，或到本院门诊服务中心（${h.address}）办理，我们将在 15 个工作日内答复。`,
        ],
      },
      {
        heading: '五、政策更新',
        paragraphs: [
          '本政策更新时，我们会发布新版本并注明生效日期；涉及您权利的重大变更，会再次征得您的同意。',
        ],
      },
    ],
  };
}

/** 用户协议 of one hospital (fictional demo text). */
export function userAgreement(h: HospitalSeed): DocumentSeed {
  return {
    title: '用户协议',
    sections: [
      {
        heading: '一、服务内容',
        paragraphs: [
          `本平台由${h.name}提供，用于预约挂号、门诊缴费、报告查询、住院服务等线上就诊服务。线上服务不能替代医生的面对面诊疗，急危重症请立即拨打 120 或前往急诊。`,
        ],
      },
      {
        heading: '二、账号与实名',
        paragraphs: [
          '您通过手机号和短信验证码登录。添加就诊人时应填写真实、准确的姓名和证件信息；为他人添加就诊人，应事先取得其本人或监护人的同意。',
          '请妥善保管手机和验证码，因您泄露验证码造成的损失由您自行承担。',
        ],
      },
      {
        heading: '三、预约与缴费规则',
        paragraphs: [
          '号源、退号时限和缴费规则以本院公布的规则为准；多次预约后未就诊的，本院可按规定限制预约。线上支付的退款按原路退回。',
        ],
      },
      {
        heading: '四、使用规范',
        paragraphs: [
          '请勿利用本平台倒卖号源、冒用他人身份或干扰平台运行；违反者本院有权限制或停止提供服务。',
        ],
      },
      {
        heading: '五、其他',
        paragraphs: [`个人信息的处理见《隐私政策》。对本协议有疑问，请拨打 ${h.hotline} 咨询。`],
      },
    ],
  };
}
