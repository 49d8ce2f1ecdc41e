import { api, isCancelled } from '@patient/api-client';
import {
  cancelCompanionCard,
  getCompanionCard,
  transferCompanionCard,
  withdrawCompanionApplication,
} from '@patient/contract';
import { BadLink, InfoList, RemoteState, StatusBanner, useRemote } from '@patient/feature-kit';
import { confirm, toast } from '@patient/ui-kit';
import { chinaDateTime, maskName } from '@patient/validation';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { relationName, statusLook } from '../format.ts';
import { effectivePath, LIST_PATH, useCardId } from '../paths.ts';
import { useStatusPoll } from '../useStatusPoll.ts';
import '@patient/feature-kit/base.css';
import '../companion.css';

/**
 * 陪护证详情 (/patientCareCard/detail/:id): the status with what it means (the reason of a rejection), the
 * patient and ward, the companion (name, ID number and phone masked), the health declaration as answered, the
 * dates; 出示二维码 when effective; 撤回申请 while waiting and 注销陪护证 when effective, each confirmed first;
 * 转交给陪护人 (changeSpecialUserIuid) while waiting or effective: the card moves to the account of the companion's
 * phone, so the page goes back to the list. While waiting for review it asks for the status only every 5 s
 * (queryChaperonageStatus; not while the page is hidden) and reloads the card when it changes.
 */
export default function DetailPage() {
  const cardId = useCardId();
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const card = useRemote(
    cardId ? (signal) => api.request(getCompanionCard, { query: { cardId } }, { signal }) : null,
    cardId ?? '',
  );
  useStatusPoll(card.data?.cardId ?? null, card.data?.status ?? null, card.reload);
  if (!cardId) return <BadLink page message="链接无效" to={LIST_PATH} back="查看我的陪护证" />;
  if (card.data === null) {
    return <RemoteState remote={card} failed="陪护证加载失败" />;
  }
  const c = card.data;

  const act = async (run: () => Promise<typeof c>, done: string) => {
    setBusy(true);
    try {
      card.set(await run());
      void toast(done);
    } catch (error) {
      if (!isCancelled(error)) card.reload();
    } finally {
      setBusy(false);
    }
  };

  const withdraw = async () => {
    const sure = await confirm({
      title: '撤回申请',
      message: '撤回后病区将不再审核这份申请，如需陪护请重新申请。确定撤回吗？',
      confirmText: '撤回',
      cancelText: '再想想',
      danger: true,
    });
    if (sure) {
      await act(
        () => api.request(withdrawCompanionApplication, { query: { cardId: c.cardId } }),
        '申请已撤回',
      );
    }
  };

  const cancel = async () => {
    const sure = await confirm({
      title: '注销陪护证',
      message: '注销后陪护证立即失效，不能再凭二维码进出病区。确定注销吗？',
      confirmText: '注销',
      cancelText: '再想想',
      danger: true,
    });
    if (sure)
      await act(() => api.request(cancelCompanionCard, { query: { cardId: c.cardId } }), '陪护证已注销');
  };

  const transfer = async () => {
    const sure = await confirm({
      title: '转交给陪护人',
      message: `陪护证将转到陪护人手机号 ${c.companion.phone} 登录的账号中，由陪护人本人出示二维码；转交后您将不再看到这张陪护证。确定转交吗？`,
      confirmText: '转交',
      cancelText: '再想想',
    });
    if (!sure) return;
    setBusy(true);
    try {
      await api.request(transferCompanionCard, { body: { cardId: c.cardId } });
      void toast('已转交给陪护人');
      navigate(LIST_PATH, { replace: true });
    } catch (error) {
      if (!isCancelled(error)) card.reload();
    } finally {
      setBusy(false);
    }
  };

  const times: [string, string][] = [
    ['申请时间', chinaDateTime(c.createdAt)],
    ...(c.reviewedAt ? [['审核时间', chinaDateTime(c.reviewedAt)] as [string, string]] : []),
    ...(c.withdrawnAt ? [['撤回时间', chinaDateTime(c.withdrawnAt)] as [string, string]] : []),
    ...(c.cancelledAt ? [['注销时间', chinaDateTime(c.cancelledAt)] as [string, string]] : []),
  ];

  return (
    <div className="fk-page">
      <StatusBanner info={statusLook(c)} label="陪护证状态" />
      {c.status === 'EFFECTIVE' && (
        <Link className="fk-button fk-button--primary fk-button--block cc-show" to={effectivePath(c.cardId)}>
          出示二维码
        </Link>
      )}
      <h2 className="fk-section-title">住院信息</h2>
      <InfoList
        label="住院信息"
        rows={[
          ['患者', maskName(c.patientName)],
          ['住院号', c.admissionNo],
          ['科室', c.department],
          ['病区床位', `${c.ward} ${c.bed}`],
        ]}
      />
      <h2 className="fk-section-title">陪护人</h2>
      <InfoList
        label="陪护人"
        rows={[
          ['姓名', maskName(c.companion.name)],
          ['身份证号', c.companion.idCard],
          ['手机号', c.companion.phone],
          ['与患者关系', relationName(c.companion.relation)],
        ]}
      />
      <h2 className="fk-section-title">健康申报</h2>
      <ul className="fk-card cc-declaration" aria-label="健康申报">
        {c.declaration.map((q) => (
          <li key={q.code}>
            <span>{q.text}</span>
            <strong>{q.answer ? '是' : '否'}</strong>
          </li>
        ))}
      </ul>
      <InfoList label="办理时间" rows={times} />
      {(c.canWithdraw || c.canCancel) && (
        <div className="fk-actions">
          {c.canWithdraw && (
            <button
              type="button"
              className="fk-button fk-button--danger fk-button--block"
              disabled={busy}
              onClick={withdraw}
            >
              撤回申请
            </button>
          )}
          {c.canCancel && (
            <button
              type="button"
              className="fk-button fk-button--danger fk-button--block"
              disabled={busy}
              onClick={cancel}
            >
              注销陪护证
            </button>
          )}
          <button type="button" className="fk-button fk-button--block" disabled={busy} onClick={transfer}>
            转交给陪护人
          </button>
        </div>
      )}
    </div>
  );
}
