import { api } from '@patient/api-client';
import { type ExpressAddress, listAddresses, removeAddress, updateAddress } from '@patient/contract';
import { RemoteState, useRemote } from '@patient/feature-kit';
import { confirm, EmptyState, toast } from '@patient/ui-kit';
import { maskPhone } from '@patient/validation';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { updateDraft } from '../draft.ts';
import { APPLY_DETAIL_PATH, addressPath, NEW_ADDRESS_PATH } from '../params.ts';
import '@patient/feature-kit/base.css';
import '../record-copy.css';

const bodyOf = (a: ExpressAddress, isDefault: boolean) => ({
  addressId: a.addressId,
  name: a.name,
  phone: a.phone,
  countyCode: a.countyCode,
  streetCode: a.streetCode,
  detail: a.detail,
  postalCode: a.postalCode,
  isDefault,
});

/**
 * 收货地址 (/placeList): my addresses, the default first (默认), each with 设为默认, 编辑 and 删除 (confirmed
 * first); 新增收货地址. Opened from an application (?choose=1), tapping an address picks it and goes back.
 */
export default function AddressListPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const choosing = params.get('choose') === '1';
  const [busy, setBusy] = useState(false);
  const addresses = useRemote((signal) => api.request(listAddresses, {}, { signal }), '');
  if (addresses.data === null) {
    return <RemoteState remote={addresses} failed="收货地址加载失败" />;
  }

  const run = async (task: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await task();
      void toast(done);
      addresses.reload();
    } catch {
      // api-client has said why
    } finally {
      setBusy(false);
    }
  };

  const remove = async (a: ExpressAddress) => {
    const sure = await confirm({
      title: '删除收货地址',
      message: `确定删除“${a.region.join('')}${a.street}${a.detail}”吗？`,
      confirmText: '删除',
      danger: true,
    });
    if (sure) await run(() => api.request(removeAddress, { params: { addressId: a.addressId } }), '已删除');
  };

  return (
    <div className="fk-page fk-page--with-footer">
      {choosing && <p className="fk-muted">请选择收货地址</p>}
      {addresses.data.length === 0 ? (
        <EmptyState text="还没有收货地址" />
      ) : (
        <ul className="fk-list" aria-label="收货地址">
          {addresses.data.map((a) => (
            <li key={a.addressId} className="fk-card rc-address">
              <span className="rc-row">
                <span>
                  {a.name} {maskPhone(a.phone)}
                </span>
                {a.isDefault && (
                  <span className="fk-badge" data-tone="primary">
                    默认
                  </span>
                )}
              </span>
              <span className="fk-muted">
                {[...a.region, a.street].filter(Boolean).join(' ')} {a.detail}
                {a.postalCode && ` · ${a.postalCode}`}
              </span>
              <span className="rc-row">
                {choosing ? (
                  <button
                    type="button"
                    className="fk-button fk-button--small fk-button--primary"
                    onClick={() => {
                      updateDraft({ addressId: a.addressId, delivery: 'EXPRESS' });
                      navigate(APPLY_DETAIL_PATH, { replace: true });
                    }}
                  >
                    寄到这里
                  </button>
                ) : a.isDefault ? (
                  <span />
                ) : (
                  <button
                    type="button"
                    className="fk-text-button"
                    disabled={busy}
                    onClick={() =>
                      void run(() => api.request(updateAddress, { body: bodyOf(a, true) }), '已设为默认地址')
                    }
                  >
                    设为默认
                  </button>
                )}
                <span>
                  <Link
                    className="fk-text-button"
                    to={addressPath(a.addressId)}
                    aria-label={`编辑${a.name}的地址`}
                  >
                    编辑
                  </Link>
                  <button
                    type="button"
                    className="fk-text-button fk-text-button--danger"
                    disabled={busy}
                    aria-label={`删除${a.name}的地址`}
                    onClick={() => void remove(a)}
                  >
                    删除
                  </button>
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="fk-footer">
        <Link className="fk-button fk-button--primary fk-button--block" to={NEW_ADDRESS_PATH}>
          新增收货地址
        </Link>
      </div>
    </div>
  );
}
