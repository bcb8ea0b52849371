# Sourced by scripts/setup.sh and by the scripts that run cargo (play.sh, test.sh, release.sh,
# web/build.sh, shots.sh): puts rustup's folder (~/.cargo/bin, or $CARGO_HOME/bin) first on
# PATH when it exists. setup.sh may install Rust there in its own process; each script that
# runs cargo afterwards is another process and finds it through this line, before the login's
# own profile has been read again. First, so that rustup's cargo wins over an older one that
# apt put in /usr/bin.
if [ -d "${CARGO_HOME:-$HOME/.cargo}/bin" ]; then
  PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
  export PATH
fi
