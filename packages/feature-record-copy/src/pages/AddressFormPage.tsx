import { api, isCancelled } from '@patient/api-client';
import {
  addAddress,
  type ExpressAddress,
  getAddress,
  getProvincesCitiesCounties,
  getStreetsVillages,
  type Region,
  updateAddress,
} from '@patient/contract';
import { BadLink, LoadError, NoHospital, type Remote, useRemote } from '@patient/feature-kit';
import { Spinner, toast } from '@patient/ui-kit';
import { type AddressField, validateAddressForm } from '@patient/validation';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useHospitalId } from '../hospital.ts';
import { ADDRESSES_PATH } from '../params.ts';
import '@patient/feature-kit/base.css';
import '../record-copy.css';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The province, city and county codes leading to a county (a municipality's district has no city level). */
function pathTo(regions: readonly Region[], code: string): string[] {
  for (const r of regions) {
    if (r.code === code) return [r.code];
    if (r.children) {
      const below = pathTo(r.children, code);
      if (below.length > 0) return [r.code, ...below];
    }
  }
  return [];
}

/** 所在地区: province, then city, then county (where the tree has them), from the region enumerations. */
function RegionPicker({
  regions,
  value,
  onChange,
  invalid,
}: {
  regions: readonly Region[];
  value: string[];
  onChange(codes: string[]): void;
  invalid: boolean;
}) {
  const levels: { label: string; options: readonly Region[] }[] = [];
  let options: readonly Region[] | undefined = regions;
  for (let i = 0; options && options.length > 0 && i < 3; i++) {
    levels.push({ label: ['省份', '城市', '区县'][i], options });
    options = options.find((r) => r.code === value[i])?.children;
  }
  return (
    <fieldset className="rc-region" aria-labelledby="area-label">
      {levels.map((level, i) => (
        <select
          key={level.label}
          aria-label={level.label}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? 'area-error' : undefined}
          value={value[i] ?? ''}
          onChange={(e) => onChange([...value.slice(0, i), e.target.value].filter(Boolean))}
        >
          <option value="">请选择</option>
          {level.options.map((r) => (
            <option key={r.code} value={r.code}>
              {r.name}
            </option>
          ))}
        </select>
      ))}
    </fieldset>
  );
}

type Streets = { code: string; name: string }[];

/**
 * 街道/乡镇 of the chosen county (getStreetsVillagesInfo). A county without the list shows nothing (the street
 * goes into 详细地址); a failed load says so with 重试 and does not hold the form up.
 */
function StreetPicker({
  streets,
  value,
  onChange,
  error,
}: {
  streets: Remote<Streets>;
  value: string;
  onChange(code: string): void;
  error: string | undefined;
}) {
  if (streets.status === 'error') {
    return (
      <p className="rc-error" role="alert">
        街道/乡镇加载失败，可在详细地址中填写街道{' '}
        <button type="button" className="fk-text-button" onClick={streets.reload}>
          重试
        </button>
      </p>
    );
  }
  if (streets.data === null) {
    return (
      <select aria-label="街道/乡镇" disabled className="rc-street">
        <option>正在加载街道…</option>
      </select>
    );
  }
  if (streets.data.length === 0) return null;
  return (
    <>
      <select
        aria-label="街道/乡镇"
        className="rc-street"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'street-error' : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">请选择街道/乡镇</option>
        {streets.data.map((s) => (
          <option key={s.code} value={s.code}>
            {s.name}
          </option>
        ))}
      </select>
      {error && (
        <p id="street-error" className="rc-error">
          {error}
        </p>
      )}
    </>
  );
}

interface FormValues {
  name: string;
  phone: string;
  codes: string[];
  streetCode: string;
  detail: string;
  postalCode: string;
  isDefault: boolean;
}

function AddressForm({
  hospitalId,
  regions,
  existing,
}: {
  hospitalId: string;
  regions: readonly Region[];
  existing: ExpressAddress | null;
}) {
  const navigate = useNavigate();
  const [values, setValues] = useState<FormValues>(() => ({
    name: existing?.name ?? '',
    phone: existing?.phone ?? '',
    codes: existing ? pathTo(regions, existing.countyCode) : [],
    streetCode: existing?.streetCode ?? '',
    detail: existing?.detail ?? '',
    postalCode: existing?.postalCode ?? '',
    isDefault: existing?.isDefault ?? false,
  }));
  const [errors, setErrors] = useState<Partial<Record<AddressField, string>>>({});
  const [streetError, setStreetError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<FormValues>) => setValues((v) => ({ ...v, ...change }));

  /** A county is chosen when the last picked region has no children. */
  const county = (() => {
    let options: readonly Region[] | undefined = regions;
    let last: Region | undefined;
    for (const code of values.codes) {
      last = options?.find((r) => r.code === code);
      options = last?.children;
    }
    return last && !last.children?.length ? last.code : '';
  })();
  const streets = useRemote<Streets>(
    county
      ? (signal) =>
          api.request(
            getStreetsVillages,
            { params: { hospitalId }, query: { countyCode: county } },
            { signal, silent: true },
          )
      : null,
    `${hospitalId}/${county}`,
  );
  const streetRequired = county !== '' && (streets.data?.length ?? 0) > 0;

  const save = async () => {
    const checked = validateAddressForm({ ...values, area: county });
    setErrors(checked.errors);
    const missingStreet =
      !checked.errors.area && streetRequired && !streets.data?.some((s) => s.code === values.streetCode);
    setStreetError(missingStreet ? '请选择街道/乡镇' : undefined);
    if (!checked.valid || missingStreet) return;
    setBusy(true);
    const body = {
      name: values.name.trim(),
      phone: values.phone.trim(),
      countyCode: county,
      streetCode: values.streetCode,
      detail: values.detail.trim(),
      postalCode: values.postalCode.trim(),
      isDefault: values.isDefault,
    };
    try {
      if (existing) await api.request(updateAddress, { body: { ...body, addressId: existing.addressId } });
      else await api.request(addAddress, { body });
      void toast('已保存');
      // Back where the form was opened from (the list, or the application choosing an address).
      if (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) navigate(-1);
      else navigate(ADDRESSES_PATH, { replace: true });
    } catch (error) {
      if (!isCancelled(error)) setBusy(false);
    }
  };

  const field = (
    key: 'name' | 'phone' | 'detail' | 'postalCode',
    label: string,
    input: { placeholder: string; inputMode?: 'numeric' | 'tel'; maxLength: number },
  ) => (
    <div className="rc-field">
      <label htmlFor={`address-${key}`}>{label}</label>
      <input
        id={`address-${key}`}
        value={values[key]}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${key}-error` : undefined}
        onChange={(e) => set({ [key]: e.target.value })}
        {...input}
      />
      {errors[key] && (
        <p id={`${key}-error`} className="rc-error">
          {errors[key]}
        </p>
      )}
    </div>
  );

  return (
    <div className="fk-page fk-page--with-footer">
      <div className="fk-card">
        {field('name', '收货人', { placeholder: '请输入收货人姓名', maxLength: 40 })}
        {field('phone', '手机号码', { placeholder: '请输入收货人手机号码', inputMode: 'tel', maxLength: 11 })}
        <div className="rc-field">
          <span id="area-label" className="fk-muted">
            所在地区
          </span>
          <RegionPicker
            regions={regions}
            value={values.codes}
            onChange={(codes) => set({ codes, streetCode: '' })}
            invalid={!!errors.area}
          />
          {errors.area && (
            <p id="area-error" className="rc-error">
              {errors.area}
            </p>
          )}
          {county && (
            <StreetPicker
              streets={streets}
              value={values.streetCode}
              onChange={(streetCode) => {
                set({ streetCode });
                setStreetError(undefined);
              }}
              error={streetError}
            />
          )}
        </div>
        {field('detail', '详细地址', { placeholder: '街道、楼栋、门牌号', maxLength: 120 })}
        {field('postalCode', '邮政编码', {
          placeholder: '选填，6位数字',
          inputMode: 'numeric',
          maxLength: 6,
        })}
        <label className="rc-check">
          <input
            type="checkbox"
            checked={values.isDefault}
            onChange={(e) => set({ isDefault: e.target.checked })}
          />
          <span className="rc-check__body">设为默认地址</span>
        </label>
      </div>
      <div className="fk-footer">
        <button
          type="button"
          className="fk-button fk-button--primary fk-button--block"
          disabled={busy}
          onClick={() => void save()}
        >
          {busy ? '正在保存…' : '保存'}
        </button>
      </div>
    </div>
  );
}

/**
 * 新增 / 编辑收货地址 (/placeDetail/:detailId, `new` for a new one): 收货人, 手机号码, 所在地区 (province, city,
 * county from the region enumerations, then the county's 街道/乡镇 where it has them: required then), 详细地址, 邮政编码 (optional), 设为默认; the 001 §5 messages beside the
 * fields (@patient/validation).
 */
export default function AddressFormPage() {
  const { detailId = '' } = useParams();
  const hospitalId = useHospitalId();
  const isNew = detailId === 'new';
  const valid = isNew || ID.test(detailId);
  const regions = useRemote(
    hospitalId
      ? (signal) => api.request(getProvincesCitiesCounties, { params: { hospitalId } }, { signal })
      : null,
    hospitalId ?? '',
  );
  const existing = useRemote(
    valid && !isNew
      ? (signal) => api.request(getAddress, { params: { addressId: detailId } }, { signal })
      : null,
    detailId,
  );
  if (!valid) return <BadLink page message="链接无效" to={ADDRESSES_PATH} back="查看收货地址" />;
  if (!hospitalId) return <NoHospital />;
  const failed =
    regions.status === 'error' ? regions : !isNew && existing.status === 'error' ? existing : null;
  if (failed) return <LoadError error={failed.error} text="地址信息加载失败" onRetry={failed.reload} />;
  if (regions.data === null || (!isNew && existing.data === null)) return <Spinner text="正在加载..." />;
  return (
    <AddressForm
      key={detailId}
      hospitalId={hospitalId}
      regions={regions.data}
      existing={isNew ? null : existing.data}
    />
  );
}
