import { api } from '@patient/api-client';
import {
  listMedicalCards,
  listOfficeCharges,
  type OutpatientOrder,
  orderUniformly,
  queryPatientInfoByCardNo,
} from '@patient/contract';
import {
  ChoiceGroup,
  ContactPicker,
  ContactsPending,
  NoHospital,
  RemoteState,
  StatusBadge,
  useContacts,
  useRemote,
} from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { groupOrders, ORDER_LOOKS, totalOf, yuan } from '../format.ts';
import { useHospitalId } from '../hospital.ts';
import { orderDetailPath, outpatientPayPath } from '../paths.ts';
import '@patient/feature-kit/base.css';
import '../fees.css';

const CARD_NAMES = {
  HOSPITAL_CARD: '院内就诊卡',
  INSURANCE_CARD: '医保卡',
  HEALTH_CARD: '电子健康卡',
} as const;

function OrderCard({
  order,
  checked,
  onToggle,
}: {
  order: OutpatientOrder;
  checked: boolean;
  onToggle(): void;
}) {
  const locked = order.status === 'LOCKED';
  return (
    <article className="fe-order" aria-label={order.title}>
      <div className="fe-order__head">
        <label className="fe-order__check">
          <input type="checkbox" checked={checked} disabled={locked} onChange={onToggle} />
          {order.title}
        </label>
        <span className="fe-order__amount">{yuan(order.amount)}</span>
      </div>
      <p className="fe-meta">
        {order.department} · {order.doctor} · 共 {order.items.length} 项
        {order.insuranceCovered ? ' · 医保可报' : ' · 自费'}
      </p>
      <div className="fe-order__head">
        {locked ? (
          <span>
            <StatusBadge info={ORDER_LOOKS.LOCKED} />{' '}
            {order.chargeId && (
              <Link className="fk-link" to={outpatientPayPath(order.chargeId, 0)}>
                继续支付
              </Link>
            )}
          </span>
        ) : (
          <span />
        )}
        <Link className="fk-link" to={orderDetailPath(order.orderId)}>
          查看明细
        </Link>
      </div>
    </article>
  );
}

/**
 * 门诊缴费 (/outpatientFee/list): a contact and a card, the visit's unpaid orders grouped 西药、检查、检验、治疗 with
 * their subtotals; the patient ticks several (all by default) and pays them together (orderUniformly: one
 * charge, locked at the HIS while paying). `?cardNo=` (a card scanned at a terminal) picks its contact.
 */
export default function OutpatientListPage() {
  const navigate = useNavigate();
  const hospitalId = useHospitalId();
  const people = useContacts();
  const [params] = useSearchParams();
  const [picked, setPicked] = useState<string | null>(null);
  const [card, setCard] = useState<string | null>(params.get('cardNo'));
  // What the patient un-ticked, for the list it was un-ticked in: a new list starts all ticked again.
  const [unticked, setUnticked] = useState<{ list: unknown; ids: ReadonlySet<string> }>({
    list: null,
    ids: new Set(),
  });
  const [busy, setBusy] = useState(false);
  const contact = people.contacts.find((c) => c.contactId === picked) ?? people.contacts[0] ?? null;
  const cardNo = params.get('cardNo');

  useEffect(() => {
    if (!cardNo || !hospitalId) return;
    api
      .request(queryPatientInfoByCardNo, { query: { hospitalId, cardNo } })
      .then((found) => setPicked(found.contactId))
      .catch(() => setCard(null));
  }, [cardNo, hospitalId]);

  const cards = useRemote(
    contact && hospitalId
      ? (signal) =>
          api.request(
            listMedicalCards,
            { params: { contactId: contact.contactId }, query: { hospitalId } },
            { signal },
          )
      : null,
    `${hospitalId}/${contact?.contactId}`,
  );
  const cardList = cards.data ?? [];
  const currentCard =
    cardList.find((c) => c.medicalCardNo === card) ??
    cardList.find((c) => c.isDefault) ??
    cardList[0] ??
    null;

  const orders = useRemote(
    contact && hospitalId && cards.status !== 'loading'
      ? (signal) =>
          api.request(
            listOfficeCharges,
            {
              params: { hospitalId },
              body: {
                contactId: contact.contactId,
                ...(currentCard ? { medicalCardNo: currentCard.medicalCardNo } : {}),
              },
            },
            { signal },
          )
      : null,
    `${hospitalId}/${contact?.contactId}/${currentCard?.medicalCardNo ?? ''}`,
  );

  if (!hospitalId) return <NoHospital />;
  if (people.state !== 'ready' || !contact) {
    return <ContactsPending people={people} text="添加就诊人后即可查询待缴费用" />;
  }

  const list = orders.data ?? [];
  // Everything payable is ticked when the list arrives (patients usually pay the whole visit).
  const skipped = unticked.list === orders.data ? unticked.ids : new Set<string>();
  const chosen = new Set(
    list.filter((o) => o.status === 'UNPAID' && !skipped.has(o.orderId)).map((o) => o.orderId),
  );
  const total = totalOf(list, chosen);
  const toggle = (orderId: string) => {
    const next = new Set(skipped);
    if (next.has(orderId)) next.delete(orderId);
    else next.add(orderId);
    setUnticked({ list: orders.data, ids: next });
  };

  const pay = async () => {
    if (chosen.size === 0) return;
    setBusy(true);
    try {
      const charge = await api.request(orderUniformly, {
        body: { hospitalId, contactId: contact.contactId, orderIds: [...chosen] },
      });
      navigate(outpatientPayPath(charge.chargeId, charge.total));
    } catch {
      // api-client has shown why (paid meanwhile…); the list is asked again
      orders.reload();
    } finally {
      setBusy(false);
    }
  };

  let body: ReactNode;
  if (orders.data === null) {
    body = (
      <RemoteState remote={orders} loading="正在查询待缴费用..." failed="待缴费用加载失败" paddingTop={24} />
    );
  } else if (list.length === 0) {
    body = (
      <EmptyState text="暂无待缴费用" paddingTop={24}>
        <p className="fk-muted">医生开具处方或检查检验单后，可在这里缴费</p>
      </EmptyState>
    );
  } else {
    body = groupOrders(list).map((group) => (
      <section key={group.category} className="fe-group" aria-label={group.name}>
        <h2 className="fe-group__head">
          <span>{group.name}</span>
          <span>小计 {yuan(group.subtotal)}</span>
        </h2>
        {group.orders.map((order) => (
          <OrderCard
            key={order.orderId}
            order={order}
            checked={chosen.has(order.orderId)}
            onToggle={() => toggle(order.orderId)}
          />
        ))}
      </section>
    ));
  }

  return (
    <div className="fk-page fk-page--with-footer">
      <ContactPicker
        contacts={people.contacts}
        value={contact.contactId}
        onChange={(id) => {
          setPicked(id);
          setCard(null);
        }}
      />
      {cardList.length > 0 && (
        <div className="fk-card">
          <ChoiceGroup
            label="选择就诊卡"
            name="card"
            row
            small
            value={currentCard?.medicalCardNo ?? null}
            onChange={setCard}
            options={cardList.map((c) => ({
              value: c.medicalCardNo,
              text: `${CARD_NAMES[c.type]} 尾号${c.medicalCardNo.slice(-4)}`,
            }))}
          />
        </div>
      )}
      <div className="fk-actions">
        <Link className="fk-link" to="/outpatientFee/payList">
          缴费记录
        </Link>
      </div>
      {body}
      {list.length > 0 && (
        <div className="fk-footer">
          <span className="fe-total">
            已选 {chosen.size} 项，合计 <strong>{yuan(total)}</strong>
          </span>
          <button
            type="button"
            className="fk-button fk-button--primary"
            disabled={busy || chosen.size === 0}
            onClick={() => void pay()}
          >
            {busy ? '正在锁定处方...' : '合并缴费'}
          </button>
        </div>
      )}
    </div>
  );
}
