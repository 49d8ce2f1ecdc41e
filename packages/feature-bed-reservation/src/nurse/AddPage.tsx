import { api, isCancelled } from '@patient/api-client';
import { createBedOrder } from '@patient/contract';
import { ChoiceGroup } from '@patient/feature-kit';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { EMPTY_NOTICE, type NoticeFields, NoticeForm, noticeBody, noticeProblem } from '../fields.tsx';
import { currentWard, staffPage, useStaff } from './staff.tsx';
import '@patient/feature-kit/base.css';
import '../bed.css';

/**
 * 登记床位预约 (/bedReservation/nurse/add): for a patient at the ward's desk without the app — name, one of her
 * wards, the admission notice's details; 登记 → the order's detail (pending).
 */
function AddPage() {
  const staff = useStaff();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [ward, setWard] = useState<string | null>(currentWard(staff) ?? staff.wards[0]?.deptCode ?? null);
  const [fields, setFields] = useState<NoticeFields>(EMPTY_NOTICE);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const why = !name.trim() ? '请填写患者姓名' : !ward ? '请选择病区' : noticeProblem(fields);
    setProblem(why);
    if (why || !ward) return;
    setBusy(true);
    try {
      const order = await api.request(createBedOrder, {
        body: { patientName: name.trim(), deptCode: ward, ...noticeBody(fields) },
      });
      navigate(`/bedReservation/nurse/detail/${order.orderId}`, { replace: true });
    } catch (error) {
      if (!isCancelled(error)) setBusy(false);
    }
  };
  return (
    <div className="fk-page">
      <div className="fk-card">
        <ChoiceGroup
          label="病区"
          name="ward"
          row
          small
          value={ward}
          onChange={setWard}
          options={staff.wards.map((w) => ({ value: w.deptCode, text: w.deptName }))}
        />
      </div>
      <label className="br-label" htmlFor="br-name">
        患者姓名
      </label>
      <input
        id="br-name"
        className="br-input"
        maxLength={30}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <NoticeForm value={fields} onChange={setFields} />
      {problem && (
        <p className="br-error" role="alert">
          {problem}
        </p>
      )}
      <button
        type="button"
        className="fk-button fk-button--primary fk-button--block"
        disabled={busy}
        onClick={submit}
      >
        {busy ? '正在登记…' : '登记'}
      </button>
    </div>
  );
}

export default staffPage(AddPage);
