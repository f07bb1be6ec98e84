#!/usr/bin/env bash
# Builds a Linux installer (deb by default) with jpackage: the jar, its libraries, the native engine, the desktop
# entry, the icon and the polkit policy. Needs a JDK with jpackage (17+) and, for deb, dpkg-deb and fakeroot.
# Usage: packaging/jpackage.sh [deb|rpm|app-image]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
type=${1:-deb}
mvn -B -q -DskipTests package
staging=target/jpackage-input
rm -rf "$staging" target/installer
mkdir -p "$staging"
cp target/drivelab.jar "$staging/"
cp target/lib/*.jar "$staging/"
# The engine travels inside the jar too; a copy beside it lets pkexec's policy name a fixed path.
cp target/drivelab-engine "$staging/"
args=(--name drivelab --app-version "$(grep -m1 '<version>' pom.xml | sed 's/.*<version>\([0-9.]*\).*/\1/')"
      --input "$staging" --main-jar drivelab.jar --main-class io.drivelab.Main
      --description "SSD test lab" --vendor "DriveLab" --dest target/installer --type "$type")
if [ "$type" != app-image ]; then
    args+=(--linux-shortcut --linux-menu-group System --resource-dir packaging/linux)
fi
jpackage "${args[@]}"
echo "Installer in target/installer. Install packaging/polkit/io.drivelab.engine.policy into"
echo "/usr/share/polkit-1/actions/ so that raw devices can be opened through pkexec."
