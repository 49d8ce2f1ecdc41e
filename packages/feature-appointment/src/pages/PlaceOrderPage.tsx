import { api } from '@patient/api-client';
import {
  type AppointmentOrder,
  type Contact,
  getOrder,
  listMedicalCards,
  type MedicalCard,
  placeOrder,
} from '@patient/contract';
import {
  LoadError,
  PayFooter,
  PaymentNotice,
  type Remote,
  RemotePage,
  relationLabel,
  useContacts,
  useRemote,
} from '@patient/feature-kit';
import { EmptyState, Spinner, withLoading } from '@patient/ui-kit';
import { formatYuan, maskName } from '@patient/validation';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useHoldCountdown } from '../orders/countdown.ts';
import { cardTail } from '../orders/format.ts';
import { useReleaseHoldOnLeave } from '../orders/holdRelease.ts';
import {
  CancelRuleNote,
  FeeCard,
  type Fees,
  type PayWith,
  payWithInsurance,
  SettlementChoice,
  useFees,
  VisitInfo,
} from '../orders/OrderParts.tsx';
import {
  chooseAnotherSlotPath,
  isOrderId,
  ORDER_LIST_PATH,
  orderDetailPath,
  placeOrderPath,
} from '../orders/paths.ts';
import { HELD_STATUSES, ORDER_STATUS, statusInfo } from '../orders/status.ts';
import { type OrderPayment, useOrderPayment } from '../orders/usePayment.ts';
import { BadLink, ChoiceGroup, InfoList, StatusBanner } from '../orders/views.tsx';
import '@patient/feature-kit/base.css';
import '../orders/orders.css';

const CARD_TYPES: Record<string, string> = {
  HOSPITAL_CARD: '就诊卡',
  INSURANCE_CARD: '医保卡',
  HEALTH_CARD: '电子健康卡',
};

export const PLACE_ORDER_MESSAGES = {
  badLink: '页面链接中的订单号有误，请从预约记录重新进入',
  noContact: '请先添加就诊人',
  noCard: '请选择就诊卡',
  noCardYet: '该就诊人在本院还没有就诊卡，请先添加',
  feesNotReady: '费用未能加载，请点击上方“重新加载”后再提交',
} as const;

/** The card a contact uses unless they pick another: their default card, or their only one. */
export function preselectedCard(cards: readonly MedicalCard[]): MedicalCard | null {
  return cards.find((c) => c.isDefault) ?? (cards.length === 1 ? cards[0] : null);
}

const addCardPath = (contact: Contact, hospitalId: string) =>
  `/addContactCard/${[contact.contactId, hospitalId, contact.contactDO.documentNumber, contact.contactDO.name]
    .map(encodeURIComponent)
    .join('/')}`;

/**
 * 确认预约 (/placeOrder/:orderId): the held slot with its countdown, the contact (default first) and one of
 * their cards at this hospital, the fees; confirming places the order and opens the payment. Leaving before
 * the order is placed releases the slot (see useReleaseHoldOnLeave).
 */
export default function PlaceOrderPage() {
  const { orderId: raw } = useParams();
  const orderId = isOrderId(raw) ? raw : null;
  const order = useRemote(
    orderId ? (signal) => api.request(getOrder, { params: { orderId } }, { signal }) : null,
    orderId ?? '',
  );
  const keepHold = useReleaseHoldOnLeave(orderId, order.data?.status, order.data?.hospitalId);
  const payment = useOrderPayment(orderId, orderId ? placeOrderPath(orderId) : '/', order.data?.hospitalId);

  if (!orderId) return <BadLink message={PLACE_ORDER_MESSAGES.badLink} />;
  if (!order.data) {
    return <RemotePage remote={order} loading="正在加载预约信息..." failed="预约信息加载失败" />;
  }
  return <PlaceOrderView order={order} payment={payment} keepHold={keepHold} />;
}

interface ViewProps {
  order: Remote<AppointmentOrder>;
  payment: OrderPayment;
  keepHold(): void;
}

function PlaceOrderView({ order: remote, payment, keepHold }: ViewProps) {
  const order = remote.data!;
  const navigate = useNavigate();
  const held = HELD_STATUSES.includes(order.status);
  const countdown = useHoldCountdown(held ? order.holdExpiresAt : null);
  const expired = order.status === 'EXPIRED' || (held && countdown.expired);
  const fees = useFees(order, held && !expired);
  const { reload } = remote;

  // The service expires the hold on its own clock: ask it when ours runs out.
  useEffect(() => {
    if (held && countdown.expired) reload();
  }, [held, countdown.expired, reload]);

  // A paid order has nothing left to do here (unless a payment is being confirmed: it goes to the success page).
  const paid = order.status === 'BOOKED' || order.status === 'VISITED';
  useEffect(() => {
    if (paid && (payment.phase === 'idle' || payment.phase === 'cancelled'))
      navigate(orderDetailPath(order.orderId), { replace: true });
  }, [paid, payment.phase, navigate, order.orderId]);

  if (expired) {
    return (
      <div className="fk-page">
        <StatusBanner info={ORDER_STATUS.EXPIRED} />
        <EmptyState text="号源保留时间已到，本次预约未完成，号源已释放" paddingTop={8}>
          <div className="fk-actions">
            <Link className="fk-button fk-button--primary" to={chooseAnotherSlotPath(order.schedule)} replace>
              重新选择时段
            </Link>
            <Link className="fk-button" to={ORDER_LIST_PATH} replace>
              查看我的预约
            </Link>
          </div>
        </EmptyState>
      </div>
    );
  }

  if (!held) {
    return (
      <div className="fk-page">
        <StatusBanner info={statusInfo(order.status)} />
        <VisitInfo order={order} />
        <PaymentNotice payment={payment} onRefresh={() => void payment.refresh()} />
        <div className="fk-actions">
          <Link className="fk-button fk-button--primary" to={orderDetailPath(order.orderId)} replace>
            查看预约详情
          </Link>
          {statusInfo(order.status).next === 'rebook' && !paid && (
            <Link className="fk-button" to={chooseAnotherSlotPath(order.schedule)} replace>
              重新选择时段
            </Link>
          )}
        </div>
      </div>
    );
  }

  const banner = (
    <StatusBanner info={ORDER_STATUS[order.status === 'LOCKED' ? 'LOCKED' : 'PENDING_PAYMENT']}>
      {countdown.active && (
        <span className="ao-countdown" role="timer" aria-label="剩余保留时间">
          剩余 {countdown.text}
        </span>
      )}
    </StatusBanner>
  );

  return (
    <div className="fk-page fk-page--with-footer">
      {banner}
      <VisitInfo order={order} />
      <CancelRuleNote order={order} />
      {order.status === 'LOCKED' ? (
        <ChoosePatient order={remote} fees={fees} payment={payment} keepHold={keepHold} />
      ) : (
        <PlacedOrder order={order} fees={fees} payment={payment} />
      )}
    </div>
  );
}

function Total({ fees }: { fees: Remote<Fees> }) {
  return (
    <span className="ao-total">
      需支付 <strong className="ao-amount__figure">{fees.data ? formatYuan(fees.data.selfPays) : '—'}</strong>
    </span>
  );
}

/** The order is placed (PENDING_PAYMENT): who it is for, the fees, and paying. */
function PlacedOrder({
  order,
  fees,
  payment,
}: {
  order: AppointmentOrder;
  fees: Remote<Fees>;
  payment: OrderPayment;
}) {
  const navigate = useNavigate();
  const [payWith, setPayWith] = useState<PayWith>(() =>
    fees.data && fees.data.insurancePays > 0 ? 'MEDICAL' : 'SELF',
  );
  const [leaving, setLeaving] = useState(false);
  const onPay = async () => {
    if (payWith === 'SELF' || !order.contactId) return payment.pay();
    setLeaving(true);
    try {
      await payWithInsurance(order, order.contactId, navigate);
    } catch {
      // api-client has shown why
    } finally {
      setLeaving(false);
    }
  };
  return (
    <>
      <InfoList
        label="就诊人"
        rows={[
          ['就诊人', order.patientName ? maskName(order.patientName) : '—'],
          ['就诊卡', cardTail(order.medicalCardNo)],
        ]}
      />
      <h2 className="fk-section-title">费用</h2>
      <FeeCard fees={fees} />
      <h2 className="fk-section-title">支付方式</h2>
      <SettlementChoice value={payWith} onChange={setPayWith} />
      <PaymentNotice payment={payment} onRefresh={() => void payment.refresh()} />
      <PayFooter
        payment={payment}
        label={payWith === 'MEDICAL' ? '医保支付' : '去支付'}
        disabled={leaving}
        onPay={() => void onPay()}
      >
        <Total fees={fees} />
      </PayFooter>
    </>
  );
}

/** The order is not placed yet (LOCKED): choose the contact and card, see the fees, confirm and pay. */
function ChoosePatient({
  order: remote,
  fees,
  payment,
  keepHold,
}: {
  order: Remote<AppointmentOrder>;
  fees: Remote<Fees>;
  payment: OrderPayment;
  keepHold(): void;
}) {
  const order = remote.data!;
  const navigate = useNavigate();
  const people = useContacts();
  const [contactId, setContactId] = useState<string | null>(null);
  const contact = people.contacts.find((c) => c.contactId === contactId) ?? people.contacts[0] ?? null;
  const cards = useRemote(
    contact
      ? (signal) =>
          api.request(
            listMedicalCards,
            { params: { contactId: contact.contactId }, query: { hospitalId: order.hospitalId } },
            { signal },
          )
      : null,
    contact?.contactId ?? '',
  );
  // Only this contact's cards at this hospital (the list of the previous contact may still be on screen).
  const cardList = (cards.data ?? []).filter(
    (c) => c.contactId === contact?.contactId && c.hospitalId === order.hospitalId,
  );
  const [cardId, setCardId] = useState<string | null>(null);
  const card = cardList.find((c) => c.cardId === cardId) ?? preselectedCard(cardList);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [payWith, setPayWith] = useState<PayWith>('SELF');

  const detour = (path: string) => {
    keepHold();
    navigate(path);
  };

  const chooseContact = (id: string) => {
    setContactId(id);
    setCardId(null);
    setProblem(null);
  };

  const onConfirm = async () => {
    if (busy) return;
    if (!contact) return setProblem(PLACE_ORDER_MESSAGES.noContact);
    if (!card)
      return setProblem(cardList.length > 0 ? PLACE_ORDER_MESSAGES.noCard : PLACE_ORDER_MESSAGES.noCardYet);
    if (!fees.data) return setProblem(PLACE_ORDER_MESSAGES.feesNotReady);
    setProblem(null);
    setBusy(true);
    try {
      const placed = await withLoading(
        () =>
          api.request(placeOrder, {
            params: { orderId: order.orderId },
            body: { contactId: contact.contactId, cardId: card.cardId },
          }),
        '正在提交预约...',
      );
      remote.set(placed);
      if (payWith === 'MEDICAL') await payWithInsurance(placed, contact.contactId, navigate);
      else await payment.pay();
    } catch {
      // api-client has shown why; the choices stay as they were
    } finally {
      setBusy(false);
    }
  };

  let contactSection: ReactNode;
  if (people.state === 'loading') contactSection = <Spinner text="正在加载就诊人..." />;
  else if (people.state === 'error')
    contactSection = <LoadError error={people.error} text="就诊人加载失败" onRetry={people.retry} />;
  else if (!contact)
    contactSection = (
      <EmptyState text="还没有就诊人，添加后即可预约" paddingTop={8}>
        <button
          type="button"
          className="fk-button fk-button--primary fk-button--inline"
          onClick={() => detour('/contactDetail/new')}
        >
          添加就诊人
        </button>
      </EmptyState>
    );
  else
    contactSection = (
      <div className="fk-card">
        <ChoiceGroup
          label="选择就诊人"
          name="contact"
          row
          value={contact.contactId}
          onChange={(id) => chooseContact(id)}
          options={people.contacts.map((c) => ({
            value: c.contactId,
            text: maskName(c.contactDO.name),
            meta: relationLabel(c.contactDO.relation),
          }))}
        />
      </div>
    );

  let cardSection: ReactNode = null;
  if (contact) {
    if (cards.data === null && cards.status === 'error')
      cardSection = <LoadError error={cards.error} text="就诊卡加载失败" onRetry={cards.reload} />;
    else if (cards.data === null) cardSection = <Spinner text="正在加载就诊卡..." />;
    else if (cardList.length === 0)
      cardSection = (
        <EmptyState
          text={`${maskName(contact.contactDO.name)}在本院还没有就诊卡，添加后即可预约`}
          paddingTop={8}
        >
          <button
            type="button"
            className="fk-button fk-button--primary fk-button--inline"
            onClick={() => detour(addCardPath(contact, order.hospitalId))}
          >
            添加就诊卡
          </button>
        </EmptyState>
      );
    else
      cardSection = (
        <div className="fk-card">
          <ChoiceGroup
            label="选择就诊卡"
            name="card"
            value={card?.cardId ?? null}
            onChange={(id) => {
              setCardId(id);
              setProblem(null);
            }}
            options={cardList.map((c) => ({
              value: c.cardId,
              text: `${CARD_TYPES[c.type] ?? '就诊卡'} ${cardTail(c.medicalCardNo)}`,
              meta: c.isDefault ? '默认' : undefined,
            }))}
          />
        </div>
      );
  }

  // Nothing to confirm before the patient has seen who it is for and what it costs (a click while the cards
  // load would wrongly say there are none); a failed load offers its retry above.
  const feesPending = fees.data === null && fees.status !== 'error';
  const cardsPending = contact !== null && cards.status === 'loading' && cardList.length === 0;
  const waitingText =
    people.state === 'loading'
      ? '正在加载就诊人...'
      : cardsPending
        ? '正在加载就诊卡...'
        : feesPending
          ? '正在计算费用...'
          : null;
  return (
    <>
      <h2 className="fk-section-title">就诊人</h2>
      {contactSection}
      {contact && (
        <>
          <h2 className="fk-section-title">就诊卡</h2>
          {cardSection}
        </>
      )}
      <h2 className="fk-section-title">费用</h2>
      <FeeCard fees={fees} />
      <h2 className="fk-section-title">支付方式</h2>
      <SettlementChoice value={payWith} onChange={setPayWith} />
      <p className="fk-muted">离开本页将释放为您保留的号源；添加就诊人或就诊卡后返回可继续预约。</p>
      {problem && (
        <p className="ao-error" role="alert">
          {problem}
        </p>
      )}
      <PaymentNotice payment={payment} onRefresh={() => void payment.refresh()} />
      <PayFooter
        payment={payment}
        label="确认预约并支付"
        working={busy ? '正在提交...' : waitingText}
        onPay={onConfirm}
      >
        <Total fees={fees} />
      </PayFooter>
    </>
  );
}
