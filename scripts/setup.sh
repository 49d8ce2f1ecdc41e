#!/usr/bin/env bash
# Installs what the project needs on a fresh machine (Node 20 and npm are present): pnpm, Debian's Chromium
# and Chinese fonts for the browser tests, then the workspace's dependencies. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v pnpm >/dev/null 2>&1; then
  echo "setup: installing pnpm 10 (corepack's download fails its signature check here)"
  npm install -g pnpm@10 >/dev/null
fi

if [ ! -x /usr/bin/chromium ] || ! fc-list 2>/dev/null | grep -qi 'Noto Sans CJK'; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "setup: installing chromium and fonts-noto-cjk"
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk >/dev/null
  else
    echo "setup: please install Chromium (/usr/bin/chromium) and fonts-noto-cjk for the browser tests" >&2
  fi
fi

pnpm install --frozen-lockfile
