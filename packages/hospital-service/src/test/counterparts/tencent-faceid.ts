import { randomUUID } from 'node:crypto';
import { startTencentCloud, type TencentCloudCounterpart, TencentCloudFault } from './tencent-cloud.ts';

/** One verification the local FaceID holds: whom it verifies, where it returns, what the patient did. */
export interface FaceIdFlow {
  name: string;
  idCard: string;
  redirectUrl: string;
  /** null: not finished; 0: the face matched; other: FaceID's failure code. */
  errCode: number | null;
}

export interface FaceIdCounterpart extends TencentCloudCounterpart {
  /** The verifications started, by BizToken. */
  flows: Map<string, FaceIdFlow>;
  /** The patient on FaceID's page: the face matches (ErrCode 0) or not (1001, 比对失败). */
  decide(bizToken: string, passed: boolean): void;
}

/**
 * A local Tencent Cloud FaceID (API 2018-03-01) for tests, on the Tencent Cloud counterpart (TC3 checked):
 * DetectAuth (RuleId, IdCard, Name, an https RedirectUrl) → `Url` + `BizToken`; GetDetectInfoEnhanced → `Text`
 * with `ErrCode` null until the patient has finished, then 0 (with the verified Name and IdCard) or a failure code;
 * an unknown BizToken `InvalidParameterValue.BizTokenIllegal`.
 */
export async function startFaceId(key: {
  secretId: string;
  secretKey: string;
  ruleId: string;
}): Promise<FaceIdCounterpart> {
  const flows = new Map<string, FaceIdFlow>();
  const checkRule = (params: Record<string, unknown>) => {
    if (params.RuleId !== key.ruleId)
      throw new TencentCloudFault('InvalidParameterValue.RuleIdNotExist', 'RuleId不存在');
  };
  const counterpart = await startTencentCloud({
    service: 'faceid',
    version: '2018-03-01',
    secretId: key.secretId,
    secretKey: key.secretKey,
    actions: {
      DetectAuth: (params) => {
        checkRule(params);
        if (!/^\d{17}[\dX]$/.test(String(params.IdCard)))
          throw new TencentCloudFault('InvalidParameterValue', '身份证号码格式不正确');
        if (typeof params.Name !== 'string' || params.Name === '' || params.Name.length > 32)
          throw new TencentCloudFault('InvalidParameterValue', '姓名不正确');
        const redirectUrl = String(params.RedirectUrl ?? '');
        if (!redirectUrl.startsWith('https://') || redirectUrl.length > 1024)
          throw new TencentCloudFault('InvalidParameterValue', 'RedirectUrl不正确');
        const token = randomUUID().toUpperCase();
        flows.set(token, { name: params.Name, idCard: String(params.IdCard), redirectUrl, errCode: null });
        return { Url: `https://faceid.qq.com/api/auth/?token=${token}`, BizToken: token };
      },
      GetDetectInfoEnhanced: (params) => {
        checkRule(params);
        const flow = flows.get(String(params.BizToken));
        if (!flow) throw new TencentCloudFault('InvalidParameterValue.BizTokenIllegal', 'BizToken不合法');
        if (flow.errCode === null) return { Text: { ErrCode: null, ErrMsg: null, IdCard: '', Name: '' } };
        const passed = flow.errCode === 0;
        return {
          Text: {
            ErrCode: flow.errCode,
            ErrMsg: passed ? '成功' : '比对相似度未达到通过标准',
            IdCard: flow.idCard,
            Name: flow.name,
            LiveStatus: 0,
            Comparestatus: passed ? 0 : flow.errCode,
            Sim: passed ? '93.12' : '31.04',
          },
          IdCardData: null,
          BestFrame: null,
        };
      },
    },
  });
  return {
    ...counterpart,
    flows,
    decide(bizToken, passed) {
      const flow = flows.get(bizToken);
      if (!flow) throw new Error(`没有这个 BizToken：${bizToken}`);
      flow.errCode = passed ? 0 : 1001;
    },
  };
}
