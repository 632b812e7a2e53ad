#!/usr/bin/env bash
# Runs a command against a private PostgreSQL cluster: initdb in a temporary directory, started on a
# free loopback port with its socket in that directory (no system service, no fixed port), stopped
# and removed when the command ends, also when it fails. The command sees TEST_DATABASE_URL.
#   bash test/postgres/run.sh npx mocha test/functional
# Needs Debian's postgresql package (apt-get install postgresql); run as root, the cluster runs as
# the postgres user.
set -euo pipefail
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
[ -x "$bin/initdb" ] || { echo "postgres: no PostgreSQL server found (apt-get install postgresql)"; exit 1; }
dir="$(mktemp -d)"
as_owner() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$dir"
stop() {
  as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate stop > /dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT
port="$(node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")"
as_owner "$bin/initdb" -D "$dir/data" -U postgres -A trust --no-sync > "$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log"; exit 1; }
as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start > /dev/null \
  || { cat "$dir/server.log"; exit 1; }
echo "postgres: private cluster on 127.0.0.1:$port ($("$bin/postgres" --version))"
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
"$@"
