import type { Region } from '@patient/contract';
import './contacts.css';

const LEVELS = ['省份', '城市', '区县'] as const;

/** The chosen regions, top down (codes); shorter while the patient is still choosing. */
export type RegionPath = string[];

/** The regions of `path`, top down, as far as they exist in `tree`. */
export function regionsOf(tree: readonly Region[], path: RegionPath): Region[] {
  const found: Region[] = [];
  let level: readonly Region[] | undefined = tree;
  for (const code of path) {
    const region: Region | undefined = level?.find((r) => r.code === code);
    if (!region) break;
    found.push(region);
    level = region.children;
  }
  return found;
}

/** Whether `path` ends at a region without children (a county, or a province/city with no subdivisions). */
export function isCompleteRegion(tree: readonly Region[], path: RegionPath): boolean {
  const regions = regionsOf(tree, path);
  const last = regions[regions.length - 1];
  return regions.length === path.length && last !== undefined && !last.children?.length;
}

/** One address line: region names then the detail, e.g. '浙江省台州市路桥区 银安街1号'. */
export function joinAddress(tree: readonly Region[], path: RegionPath, detail: string): string {
  const names = regionsOf(tree, path)
    .map((r) => r.name)
    .join('');
  return [names, detail.trim()].filter(Boolean).join(' ');
}

/**
 * Reads an address written by {@link joinAddress} back into a region path and a detail, by matching the
 * region names at its start. An address that does not start with known regions is all detail.
 */
export function splitAddress(tree: readonly Region[], address: string): { path: RegionPath; detail: string } {
  const path: RegionPath = [];
  let rest = address.trim();
  let level: readonly Region[] | undefined = tree;
  while (level?.length) {
    const region: Region | undefined = level.find((r) => rest.startsWith(r.name));
    if (!region) break;
    path.push(region.code);
    rest = rest.slice(region.name.length).trimStart();
    level = region.children;
  }
  return { path, detail: rest };
}

export interface RegionPickerProps {
  /** id of the first select (for its label). */
  id: string;
  tree: readonly Region[];
  value: RegionPath;
  onChange(path: RegionPath): void;
  invalid?: boolean;
  describedBy?: string;
}

/** Province, city and county as three native selects (the phone's own wheel picker; light on slow phones). */
export function RegionPicker({ id, tree, value, onChange, invalid, describedBy }: RegionPickerProps) {
  const chosen = regionsOf(tree, value);
  const columns: { options: readonly Region[]; selected: string }[] = [];
  let options: readonly Region[] | undefined = tree;
  for (let depth = 0; depth < LEVELS.length && options?.length; depth++) {
    columns.push({ options, selected: chosen[depth]?.code ?? '' });
    options = chosen[depth]?.children;
  }
  return (
    <span className="pt-region">
      {columns.map((column, depth) => (
        <select
          key={LEVELS[depth]}
          id={depth === 0 ? id : undefined}
          aria-label={LEVELS[depth]}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className="pt-select"
          value={column.selected}
          onChange={(e) => {
            const code = e.target.value;
            const head = chosen.slice(0, depth).map((r) => r.code);
            onChange(code ? [...head, code] : head);
          }}
        >
          <option value="">{`选择${LEVELS[depth]}`}</option>
          {column.options.map((region) => (
            <option key={region.code} value={region.code}>
              {region.name}
            </option>
          ))}
        </select>
      ))}
    </span>
  );
}
