#!/usr/bin/env bash
# The consumer smoke test: pack this package as npm would publish it, install the tarball into a new
# app beside peer versions other than this repository's lockfile (sequelize one patch below, Express 5),
# compile that app under strict TypeScript (node16, bundler, node10 resolution, and with no ambient
# @types), run it, and check includes, pagination, a 404 and a 400 over HTTP.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="$(mktemp -d)"
[ -n "${KEEP_CONSUMER:-}" ] && echo "consumer: working in $work" || trap 'rm -rf "$work"' EXIT

echo "consumer: packing"
tarball="$(cd "$root" && npm pack --silent --pack-destination "$work" | tail -n 1)"
tar -tzf "$work/$tarball" > "$work/files.txt"
if grep -E '^package/(dist/(example|test|bench)|src/|example/|test/)|\.map$' "$work/files.txt"; then
  echo "consumer: the tarball ships files it should not (above)"; exit 1
fi
for required in package/dist/src/index.js package/dist/src/index.d.ts package/dist/decorators/index.d.ts package/bin/rc-api.js package/config/api.ts package/LICENSE package/CHANGELOG.md package/README.md; do
  grep -qx "$required" "$work/files.txt" || { echo "consumer: the tarball lacks $required"; exit 1; }
done

app="$work/app"
cp -r "$here/app" "$app"
cd "$app"
# sqlite3 is the app's own database driver, not a peer of the library: linked from this checkout,
# where it is built already, rather than compiled from source a second time.
cat > package.json <<JSON
{
  "name": "consumer-app",
  "private": true,
  "dependencies": {
    "routing-controllers-api": "file:$work/$tarball",
    "routing-controllers": "0.11.3",
    "sequelize": "6.37.7",
    "sequelize-typescript": "2.1.6",
    "express": "5.3.0",
    "class-validator": "0.14.4",
    "class-transformer": "0.5.1",
    "typedi": "0.10.0",
    "reflect-metadata": "0.2.2",
    "sqlite3": "file:$root/node_modules/sqlite3"
  },
  "devDependencies": {
    "typescript": "5.9.3",
    "@types/node": "^20.11.0",
    "@types/express": "5.0.4",
    "@types/validator": "13.15.10"
  }
}
JSON
echo "consumer: installing the tarball with sequelize 6.37.7 and Express 5"
npm install --no-audit --no-fund --loglevel=error > "$work/install.log" 2>&1 || { cat "$work/install.log"; exit 1; }

copies="$(npm ls sequelize --all --parseable 2>/dev/null | grep -c 'node_modules/sequelize$' || true)"
[ "$copies" = "1" ] || { npm ls sequelize --all; echo "consumer: expected one copy of sequelize, found $copies"; exit 1; }
[ "$(node -p "require('sequelize/package.json').version")" = "6.37.7" ] || { echo "consumer: sequelize is not the app's 6.37.7"; exit 1; }

for config in tsconfig.json tsconfig.bundler.json tsconfig.node10.json tsconfig.notypes.json; do
  echo "consumer: tsc -p $config"
  npx tsc -p "$config"
done
# TypeScript 7 (no ambient @types by default), nodenext resolution.
npm install --prefix "$work/ts7" --no-audit --no-fund --loglevel=error typescript@7.0.2 > /dev/null
echo "consumer: TypeScript $("$work/ts7/node_modules/.bin/tsc" --version | tr -d '\n'), tsc -p tsconfig.ts7.json"
"$work/ts7/node_modules/.bin/tsc" -p tsconfig.ts7.json
# The installed command line: its version, and a config file the compiled app then loads.
version="$(npx rc-api --version)"
[ "$version" = "$(node -p "require('routing-controllers-api/package.json').version")" ] || { echo "consumer: rc-api --version said $version"; exit 1; }
npx rc-api publish:config --format js
node -e "const c = require('./config/api.js'); if (c.include.maxResources !== 5000) process.exit(1)"
node dist/main.js
