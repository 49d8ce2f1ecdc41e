import { api, isCancelled } from '@patient/api-client';
import {
  createNucleicAcidOrder,
  type EndpointResult,
  getNucleicAcidItems,
  nucleicAcidTypeOfRoute,
  preCommitNucleicAcid,
} from '@patient/contract';
import {
  BadLink,
  ContactPicker,
  ContactsPending,
  errorText,
  InfoList,
  NoHospital,
  PayButton,
  PaymentNotice,
  RemoteState,
  useContacts,
  usePayFlow,
  useRemote,
} from '@patient/feature-kit';
import { formatYuan } from '@patient/validation';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useHospitalId } from '../hospital.ts';
import { detailPath, INDEX_PATH, successPath } from '../paths.ts';
import '@patient/feature-kit/base.css';
import '../nucleic-acid.css';

type Summary = EndpointResult<typeof preCommitNucleicAcid>;

/**
 * 核酸检测预约 (/nucleicAcidOrder/:type, `single` or `mixed`): whom for (本人 or another contact: the contact
 * chips), the type and price, the notices to accept; 下一步 pre-commits (the service checks the contact and that
 * they have no open test) and shows the summary; 确认支付 makes the order and pays it through the payment module,
 * then the success page with the QR code. Changing the contact goes back to the first step.
 */
export default function NucleicAcidOrderPage() {
  const { type: routeType } = useParams();
  const type = nucleicAcidTypeOfRoute(routeType);
  const hospitalId = useHospitalId();
  const navigate = useNavigate();
  const people = useContacts();
  const payment = usePayFlow();
  const [picked, setPicked] = useState<string | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [summary, setSummary] = useState<Summary | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const offer = useRemote(
    hospitalId && type
      ? (signal) => api.request(getNucleicAcidItems, { query: { hospitalId } }, { signal })
      : null,
    hospitalId ?? '',
  );
  if (!type) return <BadLink page message="检测类型无效" to={INDEX_PATH} back="重新选择检测类型" />;
  if (!hospitalId) return <NoHospital />;
  const contact = people.contacts.find((c) => c.contactId === picked) ?? people.contacts[0] ?? null;
  if (people.state !== 'ready' || !contact) {
    return <ContactsPending people={people} text="添加就诊人后即可预约核酸检测" />;
  }
  if (offer.data === null) {
    return <RemoteState remote={offer} failed="检测项目加载失败" />;
  }
  const item = offer.data.items.find((i) => i.type === type);
  if (!item) return <BadLink page message="医院暂未开放该检测类型" to={INDEX_PATH} back="重新选择检测类型" />;
  const input = { hospitalId, contactId: contact.contactId, type };

  const preCommit = async () => {
    setBusy(true);
    setProblem(null);
    try {
      setSummary(await api.request(preCommitNucleicAcid, { body: input }));
    } catch (error) {
      if (!isCancelled(error)) setProblem(errorText(error, '预约校验失败，请稍后重试'));
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const order = await api.request(createNucleicAcidOrder, { body: input });
      const done = successPath(order.orderId);
      const outcome = await payment.payThen(
        { orderType: 'NUCLEIC_ACID', orderId: order.orderId, returnPath: done, hospitalId },
        done,
      );
      // Not paid now (closed the pay sheet, or it failed): the order waits for its money on its detail page.
      if (outcome?.status !== 'PAID') navigate(detailPath(order.orderId), { replace: true });
    } catch {
      // api-client has shown why
      setBusy(false);
    }
  };

  return (
    <div className="fk-page fk-page--with-footer">
      <ContactPicker
        contacts={people.contacts}
        value={contact.contactId}
        onChange={(id) => {
          setPicked(id);
          setSummary(null);
        }}
      />
      <InfoList
        label="检测项目"
        rows={[
          ['检测类型', item.name],
          ['费用', formatYuan(item.priceFen)],
          ['出结果时间', item.turnaround],
          ['采样地点', offer.data.place],
          ['采样时间', offer.data.hours],
        ]}
      />
      {summary ? (
        <InfoList
          label="确认预约信息"
          rows={[
            ['被检测人', summary.patientName],
            ['证件号码', summary.documentNumber],
            ['检测类型', summary.itemName],
            ['有效期', `支付后${summary.validDays}天内采样`],
            ['应付金额', formatYuan(summary.priceFen)],
          ]}
        />
      ) : (
        <section className="fk-card" aria-label="检测须知">
          <h2 className="fk-section-title">检测须知</h2>
          <ol className="na-notices">
            {offer.data.notices.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ol>
          <label className="na-agree">
            <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
            我已阅读并同意检测须知
          </label>
        </section>
      )}
      <PaymentNotice payment={payment} />
      {problem && (
        <p className="fk-notice" role="alert">
          {problem}
        </p>
      )}
      <div className="fk-footer">
        <span className="na-price">{formatYuan(item.priceFen)}</span>
        {summary ? (
          <PayButton
            payment={payment}
            label="确认支付"
            working={busy && !payment.busy ? '正在支付…' : null}
            onPay={() => void submit()}
          />
        ) : (
          <button
            type="button"
            className="fk-button fk-button--primary"
            disabled={busy || !agreed}
            onClick={() => void preCommit()}
          >
            下一步
          </button>
        )}
      </div>
    </div>
  );
}
