#!/usr/bin/env bash
# Installs what the project needs on a fresh machine (Node 20 and npm are present): pnpm, Debian's Chromium
# and Chinese fonts for the browser tests, Debian's PostgreSQL for the service's tests and the bench, Debian's
# nginx for the release's browser test, then the workspace's dependencies. Safe to run again.
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

# PostgreSQL for the hospital-service's `postgres` test project and the bench (a throw-away cluster each time,
# packages/hospital-service/src/test/pg-cluster.ts; no service is started or enabled here).
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && ! command -v initdb >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "setup: installing postgresql"
    apt-get update -qq >/dev/null
    # policy-rc.d: the package must not start (or leave running) its own cluster; the tests start theirs.
    policy_set=0
    if [ ! -e /usr/sbin/policy-rc.d ]; then
      printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && policy_set=1
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    if [ "$policy_set" = 1 ]; then rm -f /usr/sbin/policy-rc.d; fi
  else
    echo "setup: please install PostgreSQL (Debian: apt-get install postgresql) for the service's postgres tests" >&2
  fi
fi

# nginx for the release's web server configuration: the browser suite serves one hospital's release artifact
# through its generated nginx.conf (e2e/tests/release.default.spec.ts), as an unprivileged process in a temp
# folder. The brotli_static module serves the release's .br copies; nginx itself is never started or enabled.
if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "setup: installing nginx"
    apt-get update -qq >/dev/null
    policy_set=0
    if [ ! -e /usr/sbin/policy-rc.d ]; then
      printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && policy_set=1
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx libnginx-mod-http-brotli-static >/dev/null
    if [ "$policy_set" = 1 ]; then rm -f /usr/sbin/policy-rc.d; fi
  else
    echo "setup: please install nginx and libnginx-mod-http-brotli-static (Debian) for the release's browser test" >&2
  fi
fi

pnpm install --frozen-lockfile
