#!/usr/bin/env bash
# Checks the deploy recipes against the binary the tests run: where a container tool works,
# the image is built and answers /health; elsewhere (this machine has no Docker daemon and no
# registry for base images), each recipe's settings are read by that binary's --check (the
# Dockerfile's build line must build it; the unit's and the image's variables must parse).
# Usage: deploy/check.sh   (after the workspace's ci build; COME_BUY_SIGNAL_BIN: another)
set -euo pipefail
cd "$(dirname "$0")/.."
target=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
bin=${COME_BUY_SIGNAL_BIN:-$target/ci/come-buy-signal}
[ -x "$bin" ] || cargo build --profile ci --locked -p come-buy-online --features server --bin come-buy-signal
grep -q -- '-p come-buy-online --features server --bin come-buy-signal' deploy/Dockerfile \
  || { echo "deploy: the Dockerfile does not build come-buy-signal as the tests do" >&2; exit 1; }
grep -q 'ENTRYPOINT \["/usr/local/bin/come-buy-signal"\]' deploy/Dockerfile \
  || { echo "deploy: the image does not run come-buy-signal" >&2; exit 1; }
# The unit's environment and command line, as systemd would give them.
mapfile -t unit_env < <(sed -n 's/^Environment=//p' deploy/come-buy-signal.service)
exec_start=$(sed -n 's/^ExecStart=//p' deploy/come-buy-signal.service)
[ "${exec_start%% *}" = /usr/local/bin/come-buy-signal ] \
  || { echo "deploy: the unit does not start come-buy-signal" >&2; exit 1; }
read -r -a unit_args <<<"${exec_start#* }"
[ "${unit_args[0]}" = /usr/local/bin/come-buy-signal ] && unit_args=()
echo "deploy: the unit's settings:"
env -i "${unit_env[@]}" "$bin" --check "${unit_args[@]}"
mapfile -t image_env < <(sed -n 's/^ENV //p' deploy/Dockerfile)
echo "deploy: the image's settings:"
env -i "${image_env[@]}" "$bin" --check
if docker info >/dev/null 2>&1; then
  docker build -q -f deploy/Dockerfile -t come-buy-signal:check .
  id=$(docker run -d -p 127.0.0.1::3536 come-buy-signal:check)
  trap 'docker rm -f "$id" >/dev/null' EXIT
  port=$(docker port "$id" 3536 | head -1 | sed 's/.*://')
  for _ in $(seq 50); do curl -fs "http://127.0.0.1:$port/health" && break; sleep 0.2; done
  echo; echo "deploy: the image built and answered /health"
else
  echo "deploy: no container daemon here: the image was not built (its recipe builds the binary checked above)"
fi
