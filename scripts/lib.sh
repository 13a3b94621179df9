# Shared steps of scripts/serve and scripts/test. Source it; do not run it.
# Every step checks what exists first, so a second run reuses the apt packages, the venv and
# the installed project instead of redoing them.

PROJECT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$PROJECT_DIR/.venv"
export PIP_DISABLE_PIP_VERSION_CHECK=1 PYTHONDONTWRITEBYTECODE=1

say() { printf '\n==> %s  [%s]\n' "$*" "$(date +%T)"; }

# Run a command as root: directly when we are root, through sudo otherwise.
as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# apt_install PKG...: install the Debian packages that are not installed yet (none: no apt call).
apt_install() {
    local missing=() pkg
    for pkg in "$@"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" \
            || missing+=("$pkg")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    say "Installing Debian packages: ${missing[*]}"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        "${missing[@]}" </dev/null
}

# ensure_venv EXTRAS: create .venv if needed and pip-install the project with EXTRAS ("" or
# "test"); skipped when pyproject.toml has not changed since the last install with those extras.
ensure_venv() {
    local extras="$1" spec="." stamp stamp_file
    [ -n "$extras" ] && spec=".[$extras]"
    if [ ! -x "$VENV/bin/python" ]; then
        say "Creating the virtualenv in .venv"
        /usr/bin/env python3 -m venv "$VENV"
    fi
    # shellcheck disable=SC1091
    . "$VENV/bin/activate"
    stamp="$(sha256sum "$PROJECT_DIR/pyproject.toml" | cut -d' ' -f1)"
    stamp_file="$VENV/.starledger-installed-${extras:-base}"
    if [ "$(cat "$stamp_file" 2>/dev/null)" != "$stamp" ]; then
        say "Installing Starledger and its dependencies ($spec)"
        install_with_uv "$extras" "$spec" || install_with_pip "$extras" "$spec"
        echo "$stamp" >"$stamp_file"
    fi
}

# uv (Astral's installer, from PyPI) installs the same packages as pip in about 6 s instead of
# pip's ~27 s on a fresh clone. It reads no pip.conf, so a configured index is passed on; when uv
# cannot be installed or fails, pip does the work as before.
install_with_uv() {
    local extras="$1" spec="$2" options=(-q --python "$VENV/bin/python") configured
    python -m pip install -q uv >/dev/null 2>&1 || return 1
    configured="$(python -m pip config get global.index-url 2>/dev/null || true)"
    [ -n "$configured" ] && options+=(--index-url "$configured")
    # The test run compiles only what it imports (it keeps bytecode: scripts/test); the site's
    # server starts faster with everything compiled, as pip does by default.
    [ "$extras" = test ] || options+=(--compile-bytecode)
    (cd "$PROJECT_DIR" && python -m uv pip install "${options[@]}" -e "$spec") \
        || { echo "uv could not install the packages; pip will." >&2; return 1; }
}

install_with_pip() {
    local extras="$1" spec="$2" compile=()
    # Editable installs from pyproject.toml need pip 21.3; a newer venv's own pip is kept.
    python -c 'import pip, sys; sys.exit(tuple(map(int, pip.__version__.split(".")[:2])) < (21, 3))' \
        || python -m pip install -q --upgrade pip
    [ "$extras" = test ] && compile=(--no-compile)
    (cd "$PROJECT_DIR" && python -m pip install -q "${compile[@]}" -e "$spec")
}

# compile_messages: build the .mo catalogues (project locale/ and every app's locale/).
compile_messages() {
    say "Compiling translations"
    (cd "$PROJECT_DIR" && python manage.py compilemessages -v0 \
        --ignore=.venv --ignore=node_modules --ignore=staticfiles)
}
