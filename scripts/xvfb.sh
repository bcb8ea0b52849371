# Sourced by the scripts that run the game under Xvfb (no GPU, no screen needed).
# start_xvfb FIRST WxH: starts an X server on the first free display number from FIRST, at
# WxH, waits until it is ready, sets `xvfb` to its pid and exports DISPLAY and
# XDG_RUNTIME_DIR. The caller stops it (trap 'kill $xvfb' EXIT).
start_xvfb() {
  local n=$1 size=$2
  while [ -e "/tmp/.X$n-lock" ] || [ -e "/tmp/.X11-unix/X$n" ]; do n=$((n + 1)); done
  Xvfb ":$n" -screen 0 "${size}x24" -nolisten tcp >/dev/null 2>&1 &
  xvfb=$!
  # (As long as it runs: on a busy machine its start may take far more than a few seconds; one
  # that ends has failed, and ten minutes is the last resort.)
  for _ in $(seq 3000); do
    [ -e "/tmp/.X11-unix/X$n" ] && break
    kill -0 "$xvfb" 2>/dev/null || break
    sleep 0.2
  done
  [ -e "/tmp/.X11-unix/X$n" ] || { echo "Xvfb did not start on :$n" >&2; kill "$xvfb" 2>/dev/null; return 1; }
  export DISPLAY=":$n" XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
}
