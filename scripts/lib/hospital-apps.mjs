// The hospital apps of the workspace: every folder of apps/ with a package.json, in name order. The browser
// suite, `pnpm bench` and the static server all take the list (and so the port order) from here, so a new
// hospital is covered without editing them.
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const APPS_DIR = fileURLToPath(new URL('../../apps/', import.meta.url));

/** @returns {string[]} the hospital keys, sorted */
export function hospitalKeys() {
  return readdirSync(APPS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(`${APPS_DIR}${entry.name}/package.json`))
    .map((entry) => entry.name)
    .sort();
}
