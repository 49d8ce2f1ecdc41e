import { api, isCancelled } from '@patient/api-client';
import { applyBedOrder, listBedWards } from '@patient/contract';
import {
  ChoiceGroup,
  ContactPicker,
  ContactsPending,
  NoHospital,
  RemoteState,
  useContacts,
  useRemote,
} from '@patient/feature-kit';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { EMPTY_NOTICE, type NoticeFields, NoticeForm, noticeBody, noticeProblem } from '../fields.tsx';
import { useHospitalId } from '../format.ts';
import '@patient/feature-kit/base.css';
import '../bed.css';

/**
 * 申请床位预约 (/bedReservation/patient/apply): whose admission (the contacts), the ward on the admission notice,
 * the notice's number, diagnosis and doctor, a phone for the ward, a wished-for day and a remark; 提交申请 → the
 * success page.
 */
export default function ApplyPage() {
  const navigate = useNavigate();
  const hospitalId = useHospitalId();
  const people = useContacts();
  const [picked, setPicked] = useState<string | null>(null);
  const [ward, setWard] = useState<string | null>(null);
  const [fields, setFields] = useState<NoticeFields | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const wards = useRemote(
    hospitalId ? (signal) => api.request(listBedWards, { query: { hospitalId } }, { signal }) : null,
    hospitalId ?? '',
  );
  if (!hospitalId) return <NoHospital />;
  if (people.state !== 'ready' || people.contacts.length === 0) {
    return <ContactsPending people={people} text="请先添加就诊人，再申请床位" />;
  }
  const contact =
    people.contacts.find((c) => c.contactId === picked) ??
    people.contacts.find((c) => c.contactDO.isDefault) ??
    people.contacts[0];
  const form = fields ?? { ...EMPTY_NOTICE, phone: contact.contactDO.phone };

  const submit = async () => {
    const why = ward ? noticeProblem(form) : '请选择入院病区';
    setProblem(why);
    if (why || !ward) return;
    setBusy(true);
    try {
      const order = await api.request(applyBedOrder, {
        body: { hospitalId, contactId: contact.contactId, deptCode: ward, ...noticeBody(form) },
      });
      navigate(`/bedReservation/patient/success/${order.orderId}`, { replace: true });
    } catch (error) {
      if (!isCancelled(error)) setBusy(false);
    }
  };

  return (
    <div className="fk-page">
      <ContactPicker
        contacts={people.contacts}
        value={contact.contactId}
        onChange={(id) => {
          setPicked(id);
          const next = people.contacts.find((c) => c.contactId === id);
          if (next) setFields({ ...form, phone: next.contactDO.phone });
        }}
      />
      <h2 className="fk-section-title">入院病区</h2>
      {wards.data === null ? (
        <RemoteState remote={wards} failed="病区加载失败" paddingTop={16} />
      ) : (
        <div className="fk-card">
          <ChoiceGroup
            label="入院病区"
            name="ward"
            grid
            small
            value={ward}
            onChange={setWard}
            options={wards.data.map((w) => ({ value: w.deptCode, text: w.deptName }))}
          />
        </div>
      )}
      <h2 className="fk-section-title">入院通知单</h2>
      <NoticeForm value={form} onChange={setFields} />
      {problem && (
        <p className="br-error" role="alert">
          {problem}
        </p>
      )}
      <p className="fk-muted">提交后由病区按床位情况安排入院时间，安排好后请在“床位预约”中确认。</p>
      <button
        type="button"
        className="fk-button fk-button--primary fk-button--block"
        disabled={busy}
        onClick={submit}
      >
        {busy ? '正在提交…' : '提交申请'}
      </button>
    </div>
  );
}
