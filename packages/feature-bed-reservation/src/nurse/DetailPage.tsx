import { api, isCancelled } from '@patient/api-client';
import {
  ADMIT_PERIOD_NAME,
  type AdmitPeriod,
  type BedOrder,
  confirmBedOrder,
  getBedDictionary,
  listStaffWards,
  transferBedOrder,
} from '@patient/contract';
import { ChoiceGroup, InfoList, RemoteState, StatusBanner, useRemote } from '@patient/feature-kit';
import { confirm, toast } from '@patient/ui-kit';
import { chinaDateTime, maskPhone } from '@patient/validation';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { dayRange } from '../fields.tsx';
import { admissionText, NURSE_STATUS_LOOK } from '../format.ts';
import { useWardOrder, WardOrderPending } from './order.tsx';
import { staffPage } from './staff.tsx';
import '@patient/feature-kit/base.css';
import '../bed.css';

/** 安排入院时间: a day (today to 60 days ahead), a half-day, a bed and a note for the patient. */
function ArrangeForm({ order, onDone }: { order: BedOrder; onDone(next: BedOrder): void }) {
  const { min, max } = dayRange();
  const [date, setDate] = useState(order.admission?.date ?? '');
  const [period, setPeriod] = useState<AdmitPeriod>(order.admission?.period ?? 'AM');
  const [bedNo, setBedNo] = useState(order.admission?.bedNo ?? '');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const why = !date ? '请选择入院日期' : date < min || date > max ? `入院日期须在今天至${max}之间` : null;
    setProblem(why);
    if (why) return;
    setBusy(true);
    try {
      const next = await api.request(confirmBedOrder, {
        body: {
          orderId: order.orderId,
          date,
          period,
          bedNo: bedNo.trim() || undefined,
          note: note.trim() || undefined,
        },
      });
      void toast('已安排入院时间，等待患者确认');
      onDone(next);
    } catch (error) {
      if (isCancelled(error)) return;
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="fk-card" aria-label="安排入院时间">
      <label className="br-label" htmlFor="br-admit-date">
        入院日期
      </label>
      <input
        id="br-admit-date"
        className="br-input"
        type="date"
        min={min}
        max={max}
        value={date}
        onChange={(e) => setDate(e.target.value)}
      />
      <ChoiceGroup
        label="入院时段"
        name="period"
        row
        small
        value={period}
        onChange={(v) => setPeriod(v as AdmitPeriod)}
        options={(['AM', 'PM'] as const).map((p) => ({ value: p, text: ADMIT_PERIOD_NAME[p] }))}
      />
      <label className="br-label" htmlFor="br-bed">
        床号<span className="br-optional">（选填）</span>
      </label>
      <input
        id="br-bed"
        className="br-input"
        maxLength={16}
        value={bedNo}
        onChange={(e) => setBedNo(e.target.value)}
      />
      <label className="br-label" htmlFor="br-note">
        给患者的说明<span className="br-optional">（选填，默认为入院须知）</span>
      </label>
      <input
        id="br-note"
        className="br-input"
        maxLength={200}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
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
        {busy ? '正在提交…' : '确定安排'}
      </button>
    </section>
  );
}

/** 转科: another ward of the hospital and why (confirmed first: the order leaves her list). */
function TransferForm({ order, onDone }: { order: BedOrder; onDone(next: BedOrder): void }) {
  const wards = useRemote((signal) => api.request(listStaffWards, {}, { signal }), '');
  const dictionary = useRemote((signal) => api.request(getBedDictionary, {}, { signal }), '');
  const [ward, setWard] = useState<string | null>(null);
  const [reason, setReason] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (wards.data === null || dictionary.data === null) {
    const failed = wards.status === 'error' ? wards : dictionary.status === 'error' ? dictionary : null;
    return (
      <RemoteState
        remote={failed ?? { status: 'loading', error: null, reload() {} }}
        failed="病区加载失败"
        paddingTop={16}
      />
    );
  }
  const target = wards.data.find((w) => w.deptCode === ward);
  const submit = async () => {
    const why = !target ? '请选择转入病区' : !reason ? '请选择转科原因' : null;
    setProblem(why);
    if (why || !target || !reason) return;
    const sure = await confirm({
      title: '转科',
      message: `确定把该预约转至${target.deptName}吗？已安排的入院时间将撤销，由${target.deptName}重新安排。`,
      confirmText: '转科',
      danger: true,
    });
    if (!sure) return;
    setBusy(true);
    try {
      const next = await api.request(transferBedOrder, {
        body: { orderId: order.orderId, deptCode: target.deptCode, reason },
      });
      void toast(`已转至${target.deptName}`);
      onDone(next);
    } catch (error) {
      if (isCancelled(error)) return;
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="fk-card" aria-label="转科">
      <ChoiceGroup
        label="转入病区"
        name="transfer-ward"
        grid
        small
        value={ward}
        onChange={setWard}
        options={wards.data
          .filter((w) => w.deptCode !== order.deptCode)
          .map((w) => ({ value: w.deptCode, text: w.deptName }))}
      />
      <ChoiceGroup
        label="转科原因"
        name="transfer-reason"
        small
        value={reason}
        onChange={setReason}
        options={dictionary.data.transferReasons.map((r) => ({ value: r, text: r }))}
      />
      {problem && (
        <p className="br-error" role="alert">
          {problem}
        </p>
      )}
      <button
        type="button"
        className="fk-button fk-button--danger fk-button--block"
        disabled={busy}
        onClick={submit}
      >
        确定转科
      </button>
    </section>
  );
}

/**
 * 预约详情 (/bedReservation/nurse/detail/:orderId): the status, the patient (phone to call), the offered time;
 * 安排入院时间 (or change it until the patient confirms), 转科, the application and 操作记录.
 */
function DetailPage() {
  const { orderId, order } = useWardOrder();
  const [open, setOpen] = useState<'arrange' | 'transfer' | null>(null);
  const [movedTo, setMovedTo] = useState<string | null>(null);
  if (movedTo) {
    return (
      <div className="fk-page">
        <p className="fk-notice">该预约已转至{movedTo}，由该病区安排入院。</p>
        <Link
          to="/bedReservation/nurse/index"
          className="fk-button fk-button--primary fk-button--block"
          replace
        >
          返回床位预约管理
        </Link>
      </div>
    );
  }
  if (!order.data) return <WardOrderPending orderId={orderId} order={order} />;
  const o = order.data;
  const open_ = o.status === 'PENDING' || o.status === 'CONFIRMED';
  return (
    <div className="fk-page">
      <StatusBanner info={NURSE_STATUS_LOOK[o.status]} label="预约状态" />
      <InfoList
        label="患者信息"
        rows={[
          ['预约单号', o.orderNo],
          ['患者', o.patientName],
          [
            '联系电话',
            <a className="br-tel" href={`tel:${o.phone}`} aria-label={`拨打 ${maskPhone(o.phone)}`}>
              {maskPhone(o.phone)}
            </a>,
          ],
          ['入院病区', o.deptName],
          ['入院诊断', o.diagnosis],
          ['期望入院日期', o.expectedDate ?? '未填写'],
          ['申请时间', chinaDateTime(o.appliedAt)],
        ]}
      />
      {o.admission && o.status !== 'CANCELLED' ? (
        <InfoList
          label="入院安排"
          rows={[
            ['入院时间', admissionText(o.admission)],
            ['床号', o.admission.bedNo || '未指定'],
            ['安排人', o.admission.by],
          ]}
        />
      ) : null}
      {o.status === 'CANCELLED' ? <p className="fk-notice">取消原因：{o.cancelReason}</p> : null}
      {open_ ? (
        <div className="fk-actions">
          <button
            type="button"
            className="fk-button fk-button--primary fk-button--block"
            aria-expanded={open === 'arrange'}
            onClick={() => setOpen(open === 'arrange' ? null : 'arrange')}
          >
            {o.status === 'CONFIRMED' ? '修改入院时间' : '安排入院时间'}
          </button>
          <button
            type="button"
            className="fk-button fk-button--block"
            aria-expanded={open === 'transfer'}
            onClick={() => setOpen(open === 'transfer' ? null : 'transfer')}
          >
            转科
          </button>
        </div>
      ) : null}
      {open_ && open === 'arrange' ? (
        <ArrangeForm
          order={o}
          onDone={(next) => {
            order.set(next);
            setOpen(null);
          }}
        />
      ) : null}
      {open_ && open === 'transfer' ? (
        <TransferForm order={o} onDone={(next) => setMovedTo(next.deptName)} />
      ) : null}
      <div className="fk-actions">
        <Link to={`/bedReservation/nurse/application/${o.orderId}`} className="fk-button fk-button--block">
          申请信息
        </Link>
        <Link to={`/bedReservation/nurse/record/${o.orderId}`} className="fk-button fk-button--block">
          操作记录
        </Link>
      </div>
    </div>
  );
}

export default staffPage(DetailPage);
