# Sourced by scripts/test.sh and scripts/web-stage.sh: clippy's lints, as errors, in every build
# of our own crates. `cargo clippy` is `cargo check` with clippy-driver as the workspace's rustc
# wrapper; the same wrapper on the builds the tests need lints every target in passing (the
# tests, the examples, the binaries, the browser build for wasm32), without a second pass over
# every dependency in check mode: 5.5 minutes of a cold run on 2 cores. CLIPPY_ARGS is how
# cargo-clippy hands clippy-driver its options. The wrapper is in the builds' fingerprints, so
# every build of the test command sets it (nothing is compiled twice). clippy-driver leaves out
# MIR optimizations for our crates only (LLVM's remain): these builds are for the checks.
RUSTC_WORKSPACE_WRAPPER="$(rustc --print sysroot)/bin/clippy-driver"
[ -x "$RUSTC_WORKSPACE_WRAPPER" ] || { echo "lint-env: no clippy-driver (rustup component add clippy)" >&2; exit 1; }
export RUSTC_WORKSPACE_WRAPPER
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
