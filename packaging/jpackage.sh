#!/usr/bin/env bash
# Builds DriveLab with its own Java runtime (made by jlink, as jpackage does), in one of two forms:
#   deb        target/installer/drivelab_VERSION_ARCH.deb: /usr/lib/drivelab (launcher, jars, runtime, the engine
#              at the path packaging/polkit names), /usr/bin/drivelab, the desktop entry, the icon, the polkit
#              policy. No maintainer scripts: dpkg's triggers refresh the menu and icon caches where a desktop has
#              them, so installing and removing work the same on a server.
#   app-image  target/installer/drivelab/: the same folder, to run from anywhere without root (drivelab/drivelab).
# Needs a JDK 17+ with jmods (jlink) and, for deb, dpkg-deb and dpkg-shlibdeps (package dpkg-dev).
# Usage: packaging/jpackage.sh [deb|app-image]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
type=${1:-deb}
case "$type" in
    deb | app-image) ;;
    *) echo "usage: packaging/jpackage.sh [deb|app-image] (not '$type')" >&2; exit 2 ;;
esac
jlink="${JAVA_HOME:+$JAVA_HOME/bin/}jlink"
if ! command -v "$jlink" >/dev/null; then
    echo "jpackage.sh: no jlink; install a JDK 17 or later (sudo apt-get install openjdk-17-jdk-headless)" >&2
    exit 1
fi
if [ "$type" = deb ] && ! command -v dpkg-shlibdeps >/dev/null; then
    echo "jpackage.sh: no dpkg-shlibdeps to find the package's dependencies; sudo apt-get install dpkg-dev" >&2
    exit 1
fi

mvn -B -q -DskipTests package
# One version, the pom's (what `drivelab --version` prints); the package spells it the Debian way: a Maven
# qualifier is a pre-release (0.1.0-SNAPSHOT: 0.1.0~snapshot, which sorts before 0.1.0), and -1 the package's revision.
version="$(grep -m1 '<version>' pom.xml | sed 's:.*<version>\(.*\)</version>.*:\1:')"
deb_version="$(printf '%s' "$version" | tr '[:upper:]-' '[:lower:]~')-1"
rm -rf target/installer target/deb
mkdir -p target/installer

# The app folder: laid out like target/ so the one launcher works in both.
image=target/installer/drivelab
if [ "$type" = deb ]; then
    image=target/deb/usr/lib/drivelab
fi
mkdir -p "$image"
cp target/drivelab target/drivelab.jar target/drivelab-engine "$image/"
cp -r target/lib "$image/lib"
# SQLite's library unpacked (sqlite-jdbc would extract it into /tmp at every start), and the names of the classes a
# start loads, from which the launcher makes its class-data archive in the user's cache at the first start (an
# archive holds its jars' paths, so the one in target/ does not fit /usr/lib/drivelab).
# This machine's architecture only, as the runtime beside it: the other architectures' libraries stop dpkg-shlibdeps.
native="org/sqlite/native/Linux/$(uname -m)"
mkdir -p "$image/sqlite-native/$native"
cp target/sqlite-native/"$native"/* "$image/sqlite-native/$native/"
cp target/drivelab.classlist "$image/"
# java.se: JavaFX needs java.desktop and java.xml, SQLite java.sql, Jackson java.logging...; jdk.unsupported:
# JavaFX and SQLite use sun.misc.Unsafe.
"$jlink" --add-modules java.se,jdk.unsupported \
    --strip-debug --no-man-pages --no-header-files --output "$image/runtime"

if [ "$type" = app-image ]; then
    echo "App image in $image; start it with $image/drivelab"
    exit 0
fi

root=target/deb
mkdir -p "$root/usr/bin" "$root/usr/share/applications" "$root/usr/share/icons/hicolor/scalable/apps" \
    "$root/usr/share/polkit-1/actions" "$root/usr/share/doc/drivelab" "$root/DEBIAN"
ln -s ../lib/drivelab/drivelab "$root/usr/bin/drivelab"
install -m 644 packaging/linux/io.drivelab.DriveLab.desktop "$root/usr/share/applications/"
install -m 644 assets/icons/drivelab.svg "$root/usr/share/icons/hicolor/scalable/apps/drivelab.svg"
install -m 644 packaging/polkit/io.drivelab.engine.policy "$root/usr/share/polkit-1/actions/"
cat > "$root/usr/share/doc/drivelab/copyright" <<EOF
DriveLab $version, with an OpenJDK runtime (GPL-2.0 with Classpath exception) in /usr/lib/drivelab/runtime and
the libraries in /usr/lib/drivelab/lib under their own licences.
EOF
# The policy's exec.path must name the installed engine, or pkexec would refuse it.
policy_engine="$(sed -n 's:.*exec.path">\([^<]*\)<.*:\1:p' packaging/polkit/io.drivelab.engine.policy)"
if [ "$policy_engine" != /usr/lib/drivelab/drivelab-engine ]; then
    echo "packaging/polkit names the engine $policy_engine, the package installs /usr/lib/drivelab/drivelab-engine" >&2
    exit 1
fi

# The libraries the runtime and the engine link against, as Debian computes them; JavaFX's own libraries come
# out of its jars at run time, so the ones they need are named by hand: GTK 3 and libXtst (see ldd of
# libglassgtk3.so).
mkdir -p target/deb-shlibs/debian
printf 'Source: drivelab\n\nPackage: drivelab\nArchitecture: any\n' > target/deb-shlibs/debian/control
elves=()
while IFS= read -r -d '' f; do
    if [ "$(head -c 4 "$f" | od -An -c | tr -d ' ')" = '177ELF' ]; then
        elves+=("$PWD/$f")
    fi
done < <(find "$image" -type f \( -name '*.so' -o -perm -u+x \) -print0)
shlibs="$(cd target/deb-shlibs && dpkg-shlibdeps -O --warnings=0 -l"$OLDPWD/$image/runtime/lib" \
    -l"$OLDPWD/$image/runtime/lib/server" "${elves[@]}" | sed -n 's/^shlibs:Depends=//p')"
rm -rf target/deb-shlibs
for dep in libgtk-3-0 libxtst6; do
    case ", $shlibs," in *", $dep"[,\ ]*) ;; *) shlibs+=", $dep" ;; esac
done

cat > "$root/DEBIAN/control" <<EOF
Package: drivelab
Version: $deb_version
Architecture: $(dpkg --print-architecture)
Maintainer: DriveLab
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $shlibs
Recommends: pkexec
Section: admin
Priority: optional
Description: SSD test lab
 Measures SSDs with a direct-I/O engine (io_uring, libaio, psync) and compares
 them with published drives: a JavaFX window, and the same drivelab command
 without a display on a server.
EOF
dpkg-deb --root-owner-group -Zgzip --build "$root" \
    "target/installer/drivelab_${deb_version}_$(dpkg --print-architecture).deb"
rm -rf "$root"
echo "Package in target/installer; install it with: sudo apt-get install ./target/installer/drivelab_*.deb"
