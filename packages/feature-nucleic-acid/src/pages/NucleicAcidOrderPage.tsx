import { api, isCancelled } from '@patient/api-client';
import {
  cancelNucleicAcidOrder,
  checkNucleicAcidHealth,
  createNucleicAcidOrder,
  type EndpointResult,
  getNucleicAcidHealthQuestions,
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
  Questionnaire,
  RemoteState,
  useContacts,
  usePayFlow,
  useRemote,
} from '@patient/feature-kit';
import { formatYuan } from '@patient/validation';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { answersOf, type HealthAnswers, healthOf, questionsOf } from '../declaration.tsx';
import { useHospitalId } from '../hospital.ts';
import { detailPath, INDEX_PATH, successPath } from '../paths.ts';
import '@patient/feature-kit/base.css';
import '../nucleic-acid.css';

type Summary = EndpointResult<typeof preCommitNucleicAcid>;

/**
 * 核酸检测预约 (/nucleicAcidOrder/:type, `single` or `mixed`): whom for (本人 or another contact: the contact
 * chips), the type and price, the notices to accept; 下一步 pre-commits (the service checks the contact and that
 * they have no open test) and shows the summary with the 健康申报 (the hospital's questions, health/list, answered
 * with feature-kit's Questionnaire); 确认支付 makes the order with the declaration, has it checked (`check`) and
 * pays it through the payment module only if it passed (then the success page with the QR code); a declaration
 * that did not pass cancels the unpaid order and says why and where to go (the fever clinic). Changing the
 * contact goes back to the first step.
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
  const [health, setHealth] = useState<HealthAnswers | null>(null);
  const declaration = useRemote(
    hospitalId && type
      ? (signal) => api.request(getNucleicAcidHealthQuestions, { query: { hospitalId } }, { signal })
      : null,
    hospitalId ?? '',
  );
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
  if (declaration.data === null) {
    return <RemoteState remote={declaration} failed="健康申报问题加载失败" />;
  }
  const questions = declaration.data.questions;
  // A hospital that asks nothing: no declaration, no check.
  const declared = questions.length === 0 || health !== null;
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
      const order = await api.request(createNucleicAcidOrder, {
        body: health && questions.length > 0 ? { ...input, health } : input,
      });
      if (questions.length > 0) {
        const checked = await api.request(checkNucleicAcidHealth, { query: { orderId: order.orderId } });
        if (!checked.passed) {
          // Not tested at the ordinary sampling point: the unpaid order goes, the patient is told where to go.
          await api
            .request(
              cancelNucleicAcidOrder,
              { params: { hospitalId, orderId: order.orderId } },
              { silent: true },
            )
            .catch(() => undefined);
          setHealth(null);
          setProblem(
            checked.flagged.length > 0
              ? `健康申报未通过，不能在线预约：${checked.flagged.join('；')}。${checked.advice}`
              : `健康申报未通过，不能在线预约。${checked.advice}`,
          );
          setBusy(false);
          return;
        }
      }
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
          setHealth(null);
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
        <>
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
          {questions.length > 0 && (
            <section className="fk-card" aria-label="健康申报">
              <h2 className="fk-section-title">健康申报</h2>
              <p className="fk-muted">{declaration.data.notice}</p>
              {health ? (
                <>
                  <Questionnaire
                    key="declared"
                    questions={questionsOf(questions)}
                    answers={answersOf(health)}
                    readOnly
                    onSubmit={async () => undefined}
                  />
                  <button type="button" className="fk-text-button" onClick={() => setHealth(null)}>
                    修改健康申报
                  </button>
                </>
              ) : (
                <Questionnaire
                  key="declaring"
                  questions={questionsOf(questions)}
                  submitText="确认申报"
                  confirmTitle="健康申报"
                  confirmMessage="请确认以上申报内容真实、准确，如有隐瞒将承担相应责任。"
                  cancelText="再看看"
                  onSubmit={async (answers) => {
                    setHealth(healthOf(questions, answers));
                    setProblem(null);
                  }}
                />
              )}
            </section>
          )}
        </>
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
            label={declared ? '确认支付' : '请先完成健康申报'}
            disabled={!declared}
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
