import { api, isCancelled } from '@patient/api-client';
import {
  applyRecordCopy,
  fileContentPath,
  getRecordCopyConfig,
  listAddresses,
  RECORD_COPY_PHOTO_NAMES,
  type RecordCopyPhotoKind,
} from '@patient/contract';
import {
  BadLink,
  ChoiceGroup,
  InfoList,
  PhotoProblem,
  RemoteState,
  uploadPhoto,
  useRemote,
} from '@patient/feature-kit';
import { formatYuan, maskName, maskPhone } from '@patient/validation';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { clearDraft, getDraft, updateDraft, useDraft } from '../draft.ts';
import { APPLICANT_NAMES } from '../format.ts';
import { useHospitalId } from '../hospital.ts';
import { CHOOSE_ADDRESS_PATH, CHOOSE_PATIENT_PATH, detailPath, NEW_ADDRESS_PATH } from '../params.ts';
import '@patient/feature-kit/base.css';
import '../record-copy.css';

/** One photo to take or choose: compressed on the phone, checked, uploaded; shows the uploaded photo. */
function PhotoSlot({ kind, fileId }: { kind: RecordCopyPhotoKind; fileId: string | undefined }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = `photo-${kind}`;
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    try {
      const uploaded = await uploadPhoto(file);
      updateDraft({ photos: { ...getDraft().photos, [kind]: uploaded.fileId } });
    } catch (error) {
      if (error instanceof PhotoProblem) setProblem(error.message);
      else if (!isCancelled(error)) setProblem('上传失败，请重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <label className="rc-photo" htmlFor={inputId}>
        {fileId ? (
          <img src={fileContentPath(fileId)} alt={`已上传的${RECORD_COPY_PHOTO_NAMES[kind]}`} />
        ) : (
          <span className="rc-photo__plus" aria-hidden="true" />
        )}
        <span>{busy ? '正在上传…' : `${fileId ? '重新上传' : '上传'}${RECORD_COPY_PHOTO_NAMES[kind]}`}</span>
      </label>
      <input
        id={inputId}
        className="fk-visually-hidden"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        disabled={busy}
        onChange={(e) => {
          void choose(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {problem && (
        <p className="rc-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

/**
 * 确认申请 (/medicalRecord/applyDetail): the photos the hospital requires (ID front and back; for an agent the
 * proof of relation), delivery by courier to an address of the address book (the default first) or pickup at
 * the record room, what was chosen, the fee with postage, and 提交申请 → the order (待支付) to pay.
 */
export default function ApplyDetailPage() {
  const navigate = useNavigate();
  const hospitalId = useHospitalId();
  const draft = useDraft();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const config = useRemote(
    hospitalId ? (signal) => api.request(getRecordCopyConfig, { query: { hospitalId } }, { signal }) : null,
    hospitalId ?? '',
  );
  const addresses = useRemote((signal) => api.request(listAddresses, {}, { signal }), '');
  if (!hospitalId || !draft.patient || draft.stays.length === 0 || !draft.purpose) {
    return (
      <BadLink page message="请先选择患者、住院记录和复印用途" to={CHOOSE_PATIENT_PATH} back="重新申请" />
    );
  }
  if (config.data === null || addresses.data === null) {
    const failed = config.status === 'error' ? config : addresses.status === 'error' ? addresses : null;
    return (
      <RemoteState
        remote={failed ?? { status: 'loading', error: null, reload() {} }}
        failed="申请信息加载失败"
      />
    );
  }
  const settings = config.data;
  const kinds: RecordCopyPhotoKind[] =
    draft.applicant === 'AGENT' ? ['ID_FRONT', 'ID_BACK', 'RELATION_PROOF'] : ['ID_FRONT', 'ID_BACK'];
  const address =
    addresses.data.find((a) => a.addressId === draft.addressId) ??
    addresses.data.find((a) => a.isDefault) ??
    null;
  const parts = settings.parts.filter((p) => p.required || draft.parts.includes(p.code));
  const purpose = settings.purposes.find((p) => p.code === draft.purpose);
  const copyFen = parts.reduce((sum, p) => sum + p.priceFen, 0) * draft.copies * draft.stays.length;
  const postageFen = draft.delivery === 'EXPRESS' ? settings.postageFen : 0;

  const submit = async () => {
    const missing = kinds.find((k) => !draft.photos[k]);
    const why = missing
      ? `请上传${RECORD_COPY_PHOTO_NAMES[missing]}`
      : draft.delivery === 'EXPRESS' && !address
        ? '请选择收货地址'
        : null;
    setProblem(why);
    if (why || !draft.patient || !draft.purpose) return;
    setBusy(true);
    try {
      const order = await api.request(applyRecordCopy, {
        body: {
          hospitalId,
          cardId: draft.patient.cardId,
          applicant: draft.applicant,
          stayIds: draft.stays.map((s) => s.stayId),
          purpose: draft.purpose,
          parts: draft.parts,
          copies: draft.copies,
          delivery: draft.delivery,
          ...(draft.delivery === 'EXPRESS' && address ? { addressId: address.addressId } : {}),
          photos: kinds.map((kind) => ({ kind, fileId: draft.photos[kind] as string })),
        },
      });
      clearDraft();
      navigate(detailPath(order.orderId), { replace: true });
    } catch (error) {
      if (!isCancelled(error)) setBusy(false);
    }
  };

  return (
    <div className="fk-page fk-page--with-footer">
      <h2 className="fk-section-title">上传证件照片</h2>
      <div className="fk-card">
        <div className="rc-photos">
          {kinds.map((kind) => (
            <PhotoSlot key={kind} kind={kind} fileId={draft.photos[kind]} />
          ))}
        </div>
        <p className="fk-muted">照片仅用于本次申请的身份核验，只有您和医院病案室可以查看</p>
      </div>
      <h2 className="fk-section-title">领取方式</h2>
      <div className="fk-card">
        <ChoiceGroup
          label="领取方式"
          name="delivery"
          row
          value={draft.delivery}
          onChange={(v) => updateDraft({ delivery: v as 'EXPRESS' | 'PICKUP' })}
          options={[
            { value: 'EXPRESS', text: '快递邮寄', meta: formatYuan(settings.postageFen) },
            { value: 'PICKUP', text: '到院自取' },
          ]}
        />
        {draft.delivery === 'EXPRESS' ? (
          address ? (
            <div className="rc-row">
              <span className="rc-address">
                <span>
                  {maskName(address.name)} {maskPhone(address.phone)}
                </span>
                <span className="fk-muted">
                  {address.region.join('')}
                  {address.street}
                  {address.detail}
                </span>
              </span>
              <Link className="fk-text-button" to={CHOOSE_ADDRESS_PATH}>
                更换
              </Link>
            </div>
          ) : (
            <Link className="fk-button fk-button--block" to={NEW_ADDRESS_PATH}>
              新增收货地址
            </Link>
          )
        ) : (
          <p className="fk-muted">
            领取地点：{settings.pickup.place}（{settings.pickup.hours}），复印件备好后状态变为“待自取”
          </p>
        )}
      </div>
      <InfoList
        label="申请信息"
        rows={[
          ['患者', `${maskName(draft.patient.name)}（${APPLICANT_NAMES[draft.applicant]}）`],
          ['住院记录', draft.stays.map((s) => `${s.department} ${s.dischargedOn}出院`).join('；')],
          ['复印用途', purpose?.name ?? '—'],
          ['复印内容', parts.map((p) => p.name).join('、')],
          ['复印份数', `${draft.copies}份`],
          ['复印费', formatYuan(copyFen)],
          ['邮寄费', formatYuan(postageFen)],
        ]}
      />
      {problem && (
        <p className="rc-error" role="alert">
          {problem}
        </p>
      )}
      <div className="fk-footer">
        <button
          type="button"
          className="fk-button fk-button--primary fk-button--block"
          disabled={busy}
          onClick={submit}
        >
          {busy ? '正在提交…' : `提交申请（合计 ${formatYuan(copyFen + postageFen)}）`}
        </button>
      </div>
    </div>
  );
}
