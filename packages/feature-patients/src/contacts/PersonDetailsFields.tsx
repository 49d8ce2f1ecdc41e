import type { Region } from '@patient/contract';
import { useEffect, useRef } from 'react';
import type { Dictionary, PeopleDictionary } from './dictionaries.ts';
import { FormRow, fieldAria } from './FormRow.tsx';
import { type RegionPath, RegionPicker, splitAddress } from './RegionPicker.tsx';
import '@patient/feature-kit/base.css';
import './contacts.css';

/** Ethnic group, occupation and home address (asked by the electronic health card, optional otherwise). */
export interface PersonDetails {
  ethnicity: string;
  occupation: string;
  region: RegionPath;
  addressDetail: string;
}

export type PersonDetailsField = 'ethnicity' | 'occupation' | 'address';

export interface PersonDetailsFieldsProps {
  idPrefix: string;
  value: PersonDetails;
  onChange(patch: Partial<PersonDetails>): void;
  onBlur?(field: PersonDetailsField): void;
  errors: Partial<Record<PersonDetailsField, string>>;
  regions: Dictionary<Region[]>;
  people: Dictionary<PeopleDictionary>;
  /** The address saved so far: split into regions and detail once the regions are known. */
  savedAddress?: string | null;
  required?: boolean;
}

function DictionaryRetry({ label, onRetry }: { label: string; onRetry(): void }) {
  return (
    <span className="pt-inline-error">
      {label}加载失败
      <button type="button" className="fk-text-button" onClick={onRetry}>
        重试
      </button>
    </span>
  );
}

/** The ethnicity and occupation pickers and the address (region picker + detail). */
export function PersonDetailsFields({
  idPrefix,
  value,
  onChange,
  onBlur,
  errors,
  regions,
  people,
  savedAddress,
  required = false,
}: PersonDetailsFieldsProps) {
  const split = useRef(false);
  useEffect(() => {
    if (split.current || !regions.data || !savedAddress) return;
    split.current = true;
    if (value.region.length === 0 && value.addressDetail === savedAddress) {
      const { path, detail } = splitAddress(regions.data, savedAddress);
      onChange({ region: path, addressDetail: detail });
    }
  }, [regions.data, savedAddress, value.region.length, value.addressDetail, onChange]);

  const picker = (field: 'ethnicity' | 'occupation', label: string, options: readonly { name: string }[]) => {
    const id = `${idPrefix}-${field}`;
    const current = value[field];
    const names = options.map((o) => o.name);
    if (current && !names.includes(current)) names.unshift(current);
    return (
      <FormRow id={id} label={label} error={errors[field]} required={required}>
        {people.state === 'error' && names.length === 0 ? (
          <DictionaryRetry label={label} onRetry={people.retry} />
        ) : (
          <select
            id={id}
            className="pt-select"
            value={current}
            disabled={people.state === 'loading' && names.length === 0}
            onChange={(e) => onChange({ [field]: e.target.value })}
            onBlur={() => onBlur?.(field)}
            {...fieldAria(id, errors[field])}
          >
            <option value="">{people.state === 'loading' ? '加载中...' : `请选择${label}`}</option>
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        )}
      </FormRow>
    );
  };

  const regionId = `${idPrefix}-region`;
  const detailId = `${idPrefix}-address`;
  return (
    <>
      {picker('ethnicity', '民族', people.data?.ethnicities ?? [])}
      {picker('occupation', '职业', people.data?.occupations ?? [])}
      <FormRow id={regionId} label="所在地区" required={required}>
        {regions.data ? (
          <RegionPicker
            id={regionId}
            tree={regions.data}
            value={value.region}
            onChange={(region) => onChange({ region })}
            invalid={Boolean(errors.address)}
            describedBy={errors.address ? `${detailId}-error` : undefined}
          />
        ) : regions.state === 'error' ? (
          <DictionaryRetry label="地区" onRetry={regions.retry} />
        ) : (
          <span className="fk-muted">加载中...</span>
        )}
      </FormRow>
      <FormRow id={detailId} label="详细地址" error={errors.address} required={required}>
        <input
          id={detailId}
          className="pt-input"
          type="text"
          maxLength={100}
          autoComplete="street-address"
          placeholder="街道、门牌号等"
          value={value.addressDetail}
          onChange={(e) => onChange({ addressDetail: e.target.value })}
          onBlur={() => onBlur?.('address')}
          {...fieldAria(detailId, errors.address)}
        />
      </FormRow>
    </>
  );
}
