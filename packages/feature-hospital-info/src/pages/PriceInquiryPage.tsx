import { api } from '@patient/api-client';
import {
  INSURANCE_CATEGORY_NAMES,
  type PriceItem,
  type PricePage,
  searchDrugPrices,
  searchServicePrices,
} from '@patient/contract';
import { LoadError, NoHospital } from '@patient/feature-kit';
import { EmptyState, Spinner } from '@patient/ui-kit';
import { formatYuan } from '@patient/validation';
import { type ReactNode, useEffect, useState } from 'react';
import { useHospitalId } from '../hospital.ts';
import '@patient/feature-kit/base.css';
import '../info.css';

const TABS = [
  { label: '药品价格', endpoint: searchDrugPrices },
  { label: '医疗服务价格', endpoint: searchServicePrices },
] as const;
const PAGE_SIZE = 20;
/** A search waits for the typing to pause this long. */
export const SEARCH_DELAY_MS = 300;

const TONES = { A: 'success', B: 'primary', SELF: 'muted' } as const;

function PriceRow({ item }: { item: PriceItem }) {
  return (
    <article className="hi-price" aria-label={item.name}>
      <div className="hi-price__head">
        <span>{item.name}</span>
        <span className="hi-price__amount">
          {formatYuan(item.price)}/{item.unit}
        </span>
      </div>
      {item.specification && <span className="hi-muted">规格：{item.specification}</span>}
      {item.manufacturer && <span className="hi-muted">厂家：{item.manufacturer}</span>}
      <span>
        <span className="fk-badge" data-tone={TONES[item.insuranceCategory]}>
          {INSURANCE_CATEGORY_NAMES[item.insuranceCategory]}
        </span>
      </span>
    </article>
  );
}

/**
 * 价格查询 (/priceInquiry): drugs or medical services (tabs), searched by name, pinyin or initials (amxl →
 * 阿莫西林) as the patient types; each with its price per unit, specification, maker and insurance class;
 * 20 at a time with 加载更多.
 */
export default function PriceInquiryPage() {
  const hospitalId = useHospitalId();
  const [tab, setTab] = useState(0);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [pages, setPages] = useState(1);
  const [state, setState] = useState<{ data: PricePage | null; items: PriceItem[]; error: unknown }>({
    data: null,
    items: [],
    error: null,
  });
  const [round, setRound] = useState(0);

  useEffect(() => {
    // Only a changed search starts again from the first page (not the first render, nor 加载更多 meanwhile).
    const next = typed.trim();
    if (next === keyword) return;
    const timer = setTimeout(() => {
      setKeyword(next);
      setPages(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, keyword]);

  useEffect(() => {
    if (!hospitalId) return;
    const controller = new AbortController();
    const query = { keyword: keyword || undefined, page: pages, pageSize: PAGE_SIZE };
    if (pages === 1) setState({ data: null, items: [], error: null });
    api.request(TABS[tab].endpoint, { params: { hospitalId }, query }, { signal: controller.signal }).then(
      (data) =>
        setState((s) => ({
          data,
          items: pages === 1 ? data.items : [...s.items, ...data.items],
          error: null,
        })),
      (error: unknown) => {
        if (!controller.signal.aborted) setState((s) => ({ ...s, error }));
      },
    );
    return () => controller.abort();
  }, [hospitalId, tab, keyword, pages, round]);

  if (!hospitalId) return <NoHospital />;
  let body: ReactNode;
  if (state.error && state.items.length === 0) {
    body = <LoadError error={state.error} text="价格信息加载失败" onRetry={() => setRound((r) => r + 1)} />;
  } else if (!state.data) {
    body = <Spinner text="正在查询价格..." />;
  } else if (state.items.length === 0) {
    body = <EmptyState text={keyword ? `没有找到“${keyword}”的价格信息` : '暂无价格信息'} paddingTop={24} />;
  } else {
    body = (
      <>
        <p className="hi-muted">共 {state.data.total} 项</p>
        <ul className="fk-list" aria-label={TABS[tab].label}>
          {state.items.map((item) => (
            <li key={item.itemId}>
              <PriceRow item={item} />
            </li>
          ))}
        </ul>
        {state.items.length < state.data.total ? (
          <button type="button" className="fk-button fk-button--block" onClick={() => setPages((p) => p + 1)}>
            加载更多
          </button>
        ) : (
          <p className="hi-muted">没有更多了</p>
        )}
      </>
    );
  }
  return (
    <div className="fk-page">
      <div className="fk-tabs" role="tablist" aria-label="价格类别">
        {TABS.map((t, i) => (
          <button
            key={t.label}
            type="button"
            role="tab"
            aria-selected={i === tab}
            className="fk-tab"
            onClick={() => {
              setTab(i);
              setPages(1);
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      <label className="fk-visually-hidden" htmlFor="price-search">
        搜索名称、拼音或首字母
      </label>
      <input
        id="price-search"
        className="hi-search"
        type="search"
        placeholder="输入名称、拼音或首字母，如 amxl"
        maxLength={20}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
      />
      <p className="hi-muted">价格以医院收费处实际结算为准；医保类别决定报销方式，具体比例以医保政策为准。</p>
      {body}
    </div>
  );
}
