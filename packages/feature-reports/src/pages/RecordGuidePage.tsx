import { Link } from 'react-router-dom';
import { Sections } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../reports.css';

/** 健康档案说明 (/patientRecord/guide): what the record holds, whose it is, how to read it, what to do when empty. */
export default function RecordGuidePage() {
  return (
    <div className="fk-page">
      <Sections
        level={2}
        sections={[
          ['健康档案包含什么', '就诊人在本院的门诊就诊和住院记录：病历、诊断、处方用药、检验检查报告。'],
          [
            '谁能查看',
            '仅本账号下已验证身份的就诊人可查看；为保护隐私，查看家人的档案前需通过其在医院登记的手机号验证。',
          ],
          [
            '报告何时可查',
            '检验报告一般在采样后2-4小时出具，特殊项目1-3个工作日；影像报告一般在检查后24小时内；病理报告3-5个工作日。',
          ],
          [
            '如何看检验报告',
            '结果后的↑表示高于参考范围，↓表示低于参考范围；异常项目排在最前。参考范围仅供参考，请由医生结合临床解读。',
          ],
          ['查不到记录', '如就诊人在本院没有档案，请先建档；如有档案但记录缺失，请联系门诊服务中心。'],
        ]}
      />
      <div className="rp-actions">
        <Link className="fk-button fk-button--primary" to="/patientRecord">
          查看健康档案
        </Link>
      </div>
    </div>
  );
}
