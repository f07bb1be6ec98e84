#!/usr/bin/env bash
# The package as a user meets it, for real: build it (packaging/jpackage.sh deb), install it with apt-get, run
# drivelab as a non-root user (command line, no display, the window under Xvfb grouped under its desktop entry),
# validate the desktop entry, then purge it and check that no file is left behind.
# Needs root and apt (Debian, Ubuntu), Xvfb and xprop (xvfb, x11-utils), desktop-file-validate
# (desktop-file-utils); skips elsewhere. The package's dependencies are installed first and stay installed, as
# after any `apt-get remove`.
# Usage: packaging/test-package.sh [DEB]   (DEB: an already built package; default: build one)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

user=drivelab-pkgtest
entry=/usr/share/applications/io.drivelab.DriveLab.desktop

fail() {
    echo "test-package: FAIL: $*" >&2
    exit 1
}

if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    echo "test-package: skipped: needs root and apt-get"
    exit 0
fi
for tool in Xvfb xprop xwininfo desktop-file-validate; do
    command -v "$tool" >/dev/null || fail "$tool is missing (apt-get install xvfb x11-utils desktop-file-utils)"
done
if dpkg-query -W -f='${Status}' drivelab 2>/dev/null | grep -q installed; then
    fail "drivelab is already installed here; this test installs and purges it, so remove it first"
fi
if id "$user" >/dev/null 2>&1; then
    fail "user $user exists (left by an earlier run?); remove it with: userdel -r $user"
fi

work="$(mktemp -d /tmp/drivelab-pkgtest.XXXXXX)"
xvfb=""
installed=""
cleanup() {
    if [ -n "$xvfb" ]; then kill "$xvfb" 2>/dev/null || true; fi
    if [ -n "$installed" ]; then apt-get remove --purge -y -q drivelab >/dev/null 2>&1 || true; fi
    if id "$user" >/dev/null 2>&1; then userdel -r "$user" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

start=$SECONDS
deb="${1:-}"
if [ -z "$deb" ]; then
    packaging/jpackage.sh deb
    deb="$(ls target/installer/drivelab_*.deb)"
fi
[ -f "$deb" ] || fail "no package at $deb"
echo "test-package: package built in $((SECONDS - start)) s"

useradd --create-home --shell /bin/bash "$user"
# As the user, with a login's bare environment plus VARS: setpriv execs, so $! is the program's own process.
as_user() {
    setpriv --reuid="$user" --regid="$user" --init-groups -- env -i HOME="/home/$user" \
        PATH=/usr/local/bin:/usr/bin:/bin "$@"
}

# What is on the system before, without the package's dependencies (they stay after a remove, as they should).
apt-get satisfy -y -q "$(dpkg-deb -f "$deb" Depends)" >/dev/null
recommends="$(dpkg-deb -f "$deb" Recommends)"
[ -z "$recommends" ] || apt-get satisfy -y -q "$recommends" >/dev/null
# PackageKit's transaction history (its daemon, started by apt's hook over the system bus, writes it at the first
# package change it hears of) is the package manager's own, not the package's.
snapshot() {
    find /usr /opt /etc /var/lib -xdev \( -path /var/lib/dpkg -o -path /var/lib/PackageKit \) -prune -o -print | sort
}
snapshot > "$work/before"

installed=yes
# apt-get takes a file for a package name only with a slash in it.
case "$deb" in /*) ;; *) deb="./${deb#./}" ;; esac
apt-get install -y -q "$deb" || fail "apt-get install $deb"
status="$(dpkg-query -W -f='${Status}' drivelab)"
[ "$status" = "install ok installed" ] || fail "after apt-get install the package is '$status'"

[ "$(as_user sh -c 'command -v drivelab')" = /usr/bin/drivelab ] || fail "drivelab is not on the user's PATH"
version="$(as_user drivelab --version)" || fail "drivelab --version as $user: $version"
pom_version="$(grep -m1 '<version>' pom.xml | sed 's:.*<version>\(.*\)</version>.*:\1:')"
[ "$version" = "drivelab $pom_version" ] \
    || fail "drivelab --version as $user printed '$version', not the pom's $pom_version"
# The package's version is the app's in Debian's spelling (0.1.0-SNAPSHOT: 0.1.0~snapshot-1).
deb_version="$(dpkg-query -W -f='${Version}' drivelab)"
upstream="$(printf '%s' "${deb_version%-*}" | tr '~' '-')"
[ "${upstream,,}" = "${pom_version,,}" ] || fail "the package is version $deb_version, the app says $version"
echo "test-package: as $user: $version (package $deb_version)"

# The engine at the path the polkit policy lets pkexec start, root-owned, and the one the app runs (nothing is
# extracted into the user's cache).
engine="$(sed -n 's:.*exec.path">\([^<]*\)<.*:\1:p' /usr/share/polkit-1/actions/io.drivelab.engine.policy)"
[ "$(stat -c '%U:%G %a' "$engine")" = "root:root 755" ] || fail "$engine: $(stat -c '%U:%G %a' "$engine")"
engine_version="$(as_user drivelab version)" || fail "drivelab version as $user: $engine_version"
[[ "$engine_version" == *"drivelab-engine "* ]] || fail "drivelab version printed no engine: $engine_version"
extracted="$(find "/home/$user/.cache/drivelab" -name 'drivelab-engine*' 2>/dev/null)"
[ -z "$extracted" ] || fail "the app extracted an engine ($extracted) instead of running $engine"

# The first start made the class-data archive in the user's cache (in the background), and the next start maps its
# classes from it; SQLite's library is the package's, not a copy extracted into /tmp.
for _ in $(seq 600); do
    compgen -G "/home/$user/.cache/drivelab/classes-*.jsa" >/dev/null && break
    sleep 0.2
done
compgen -G "/home/$user/.cache/drivelab/classes-*.jsa" >/dev/null \
    || fail "no class-data archive in /home/$user/.cache/drivelab after the first start"
loaded="$(as_user env DRIVELAB_JAVA_OPTS='-Xlog:class+load -XshowSettings:properties' drivelab --version 2>&1)"
grep -q 'io.drivelab.Main source: shared objects file' <<<"$loaded" \
    || fail "the second start did not map its classes from the archive: $(grep -m3 io.drivelab <<<"$loaded")"
grep -q 'org.sqlite.lib.path = /usr/lib/drivelab/sqlite-native/' <<<"$loaded" \
    || fail "SQLite's library is not the package's: $(grep -m3 sqlite <<<"$loaded")"

# A server: no display, no arguments.
if as_user drivelab > "$work/nodisplay" 2>&1; then
    fail "drivelab without a display exited 0"
fi
grep -q 'drivelab --help' "$work/nodisplay" || fail "without a display: $(cat "$work/nodisplay")"
! grep -q Exception "$work/nodisplay" || fail "without a display: $(cat "$work/nodisplay")"

desktop-file-validate "$entry" || fail "desktop-file-validate $entry"
icon="$(sed -n 's/^Icon=//p' "$entry")"
[ -f "/usr/share/icons/hicolor/scalable/apps/$icon.svg" ] || fail "no icon $icon for $entry"

# The window, started as the desktop entry starts it, carries the WM_CLASS its entry names.
Xvfb -displayfd 3 -screen 0 1280x800x24 3> "$work/display" 2> "$work/xvfb.log" &
xvfb=$!
for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.1; done
display=":$(cat "$work/display")"
exec_line="$(sed -n 's/^Exec=//p' "$entry")"
# Not through as_user: $! must be the program itself, to stop it.
setpriv --reuid="$user" --regid="$user" --init-groups -- env -i HOME="/home/$user" PATH=/usr/local/bin:/usr/bin:/bin \
    DISPLAY="$display" $exec_line > "$work/gui.log" 2>&1 &
gui=$!
window=""
for _ in $(seq 240); do
    window="$(DISPLAY="$display" xwininfo -root -tree | sed -n 's/^ *\(0x[0-9a-f]*\) "DriveLab".*/\1/p' | head -1)"
    [ -n "$window" ] && break
    kill -0 "$gui" 2>/dev/null || fail "the window did not open: $(cat "$work/gui.log")"
    sleep 0.25
done
[ -n "$window" ] || fail "no DriveLab window after 60 s: $(cat "$work/gui.log")"
wm_class="$(DISPLAY="$display" xprop -id "$window" WM_CLASS | sed 's/.*= "\([^"]*\)".*/\1/')"
startup_wm_class="$(sed -n 's/^StartupWMClass=//p' "$entry")"
kill "$gui"
wait "$gui" 2>/dev/null || true
[ "$wm_class" = "$startup_wm_class" ] \
    || fail "window WM_CLASS $wm_class, desktop entry StartupWMClass $startup_wm_class"
echo "test-package: window WM_CLASS $wm_class matches the desktop entry"

apt-get remove --purge -y -q drivelab || fail "apt-get remove --purge drivelab"
installed=""
if dpkg-query -W -f='${Status}' drivelab 2>/dev/null | grep -q installed; then
    fail "after purge the package is '$(dpkg-query -W -f='${Status}' drivelab)'"
fi
snapshot > "$work/after"
# New paths that no installed package owns: what the package left behind.
cat /var/lib/dpkg/info/*.list | sort -u > "$work/owned"
comm -13 "$work/before" "$work/after" | comm -23 - "$work/owned" > "$work/left"
[ ! -s "$work/left" ] || fail "left behind after purge: $(cat "$work/left")"
gone="$(comm -23 "$work/before" "$work/after")"
[ -z "$gone" ] || fail "removed by install and purge: $gone"
echo "test-package: installed, used as $user and purged without a trace in $((SECONDS - start)) s"
