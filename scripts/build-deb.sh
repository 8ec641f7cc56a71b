#!/usr/bin/env bash
# make deb: folio_VERSION_amd64.deb in .build/deb/, a release build with the Swift runtime
# linked in (--static-swift-stdlib) so the server needs no toolchain. Installs /usr/bin/folio,
# /usr/share/folio (hyphenation dictionaries, the queue's SQL, the console's and the reports'
# assets), /etc/folio (conffiles, the press profiles among them), the systemd units, and makes
# the folio user and /var/lib/folio when configured.
set -euo pipefail
cd "$(dirname "$0")/.."
version="0.$(git rev-list --count HEAD 2>/dev/null || echo 0)"
out=.build/deb
root="$out/root"
rm -rf "$root" && mkdir -p "$root/DEBIAN"
swift build -c release --static-swift-stdlib --product folio >&2
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)
install -D -m 0755 "$bin/folio" "$root/usr/bin/folio"
strip --strip-unneeded "$root/usr/bin/folio"
mkdir -p "$root/usr/share/folio"
cp -r Sources/Render/Text/Dictionaries "$root/usr/share/folio/Dictionaries"
chmod 0644 "$root"/usr/share/folio/Dictionaries/*
# The queue's SQL statements, one a file (Folio_Jobs' resources in a build).
cp -r Sources/Jobs/Queue/SQL "$root/usr/share/folio/SQL"
# The console's stylesheet, script and icon (Folio_Console's resources) and the reports'
# stylesheet (Folio_Jobs'): folio serve refuses to start without them, folio run too without the latter.
cp -r Sources/Console/ConsoleAssets "$root/usr/share/folio/ConsoleAssets"
cp -r Sources/Jobs/Report/ReportAssets "$root/usr/share/folio/ReportAssets"
# Which Folio this is, for `folio --version`.
printf '%s\n' "$version" > "$root/usr/share/folio/VERSION"
chmod 0644 "$root/usr/share/folio/VERSION"
for folder in SQL ConsoleAssets ReportAssets; do
    find "$root/usr/share/folio/$folder" -type d -exec chmod 0755 {} + && find "$root/usr/share/folio/$folder" -type f -exec chmod 0644 {} +
done
mkdir -p "$root/etc/folio/destinations"
install -m 0644 packaging/debian/folio.json "$root/etc/folio/folio.json"
cp -r config/products "$root/etc/folio/products"
chmod 0644 "$root"/etc/folio/products/*
install -m 0644 packaging/debian/local.json "$root/etc/folio/destinations/local.json"
# Products name their profiles relative to the config folder: the press profiles sit beside them.
install -D -m 0644 -t "$root/etc/folio/icc" config/icc/*.icc
install -D -m 0644 packaging/systemd/folio-runner.service "$root/lib/systemd/system/folio-runner.service"
install -D -m 0644 packaging/systemd/folio-console.service "$root/lib/systemd/system/folio-console.service"
install -D -m 0644 packaging/systemd/folio-night.service "$root/lib/systemd/system/folio-night.service"
install -D -m 0644 packaging/systemd/folio-night.timer "$root/lib/systemd/system/folio-night.timer"
install -D -m 0644 packaging/debian/copyright "$root/usr/share/doc/folio/copyright"
# The guide the units' Documentation= names, and the rest of the docs, with README's links intact.
install -m 0644 README.md "$root/usr/share/doc/folio/README.md"
install -D -m 0644 -t "$root/usr/share/doc/folio/docs" docs/guide.md docs/reference.md docs/contract.md docs/design.md
printf 'folio (%s) stable; urgency=medium\n\n  * Built from the repository.\n\n -- Folio <packages@folio-books.example.com>  %s\n' \
    "$version" "$(date -R)" | gzip -9n > "$root/usr/share/doc/folio/changelog.gz"
chmod 0644 "$root/usr/share/doc/folio/changelog.gz"
(cd "$root" && find etc -type f -printf '/%p\n' | sort) > "$root/DEBIAN/conffiles"
# The maintainer scripts get what `dh_installsystemd --no-enable --no-start
# --restart-after-upgrade` would put at #DEBHELPER#, from debhelper's own snippets: units are
# not enabled on install (the console needs its token, the runner its printer, first); an
# upgrade reloads systemd and restarts the units that run (the old runner releases its jobs on
# SIGTERM, the new one takes them), removal stops them, purge forgets them.
# The units with an [Install] section; the night's service runs only from its timer.
units="folio-console.service folio-night.timer folio-runner.service"
# A oneshot night is never try-restarted (dpkg would wait for the night to end); removal stops it.
running="$units folio-night.service"
snippet() {  # NAME KEY=VALUE...: one of debhelper's autoscripts, its #KEY#s filled
    file="/usr/share/debhelper/autoscripts/$1"; shift
    [ -f "$file" ] || { echo "build-deb: $file is missing (install debhelper)" >&2; exit 1; }
    text=$(cat "$file")
    for pair in "$@"; do text=$(printf '%s\n' "$text" | sed "s|#${pair%%=*}#|${pair#*=}|g"); done
    printf '# Automatically added by build-deb.sh from debhelper'"'"'s %s\n%s\n# End automatically added section\n' "$(basename "$file")" "$text"
}
postinst_snippets=$(for unit in $units; do snippet postinst-systemd-dont-enable UNITFILE="$unit"; done
    snippet postinst-systemd-restartnostart UNITFILES="$units" RESTART_ACTION=try-restart)
prerm_snippets=$(snippet prerm-systemd-restart UNITFILES="$running")
postrm_snippets=$(snippet postrm-systemd UNITFILES="$units"; snippet postrm-systemd-reload-only UNITFILES="$running")
fill() {  # SCRIPT SNIPPETS: the script with #DEBHELPER# replaced
    awk -v snippets="$2" '$0 == "#DEBHELPER#" { print snippets; next } { print }' "packaging/debian/$1" > "$root/DEBIAN/$1"
    chmod 0755 "$root/DEBIAN/$1"
}
fill postinst "$postinst_snippets"
fill prerm "$prerm_snippets"
fill postrm "$postrm_snippets"
# The shared libraries the binary itself links (NEEDED), as the Debian packages that hold them.
needed=$(objdump -p "$root/usr/bin/folio" | awk '/NEEDED/{print $2}')
depends=$(for name in $needed; do
    lib=$(ldd "$root/usr/bin/folio" | awk -v n="$name" '$1 == n {print $3}')
    if [ -n "$lib" ]; then dpkg -S "$(readlink -f "$lib")" 2>/dev/null || dpkg -S "$lib" 2>/dev/null || true; fi
done | cut -d: -f1 | sort -u | grep -v -- '-dev$' | paste -sd, | sed 's/,/, /g')
size=$(du -sk "$root" | cut -f1)
# Every hyphenation dictionary the tests install but English's and Spanish's (depended on):
# books in other languages are hyphenated where these are installed.
dictionaries=$(grep -oE '(^|[[:space:]])hyphen-[a-z-]+' scripts/install-deps.sh | tr -d ' ' | grep -vx 'hyphen-en-us\|hyphen-es' | sort -u | paste -sd, | sed 's/,/, /g')
cat > "$root/DEBIAN/control" <<CONTROL
Package: folio
Version: $version
Architecture: amd64
Maintainer: Folio <packages@folio-books.example.com>
Installed-Size: $size
Depends: $depends, adduser, init-system-helpers (>= 1.54~), fontconfig, fonts-inter, fonts-ebgaramond, fonts-dejavu-core, fonts-noto-core, fonts-symbola, hyphen-en-us, hyphen-es
Recommends: qpdf, poppler-utils, fonts-noto-cjk, fonts-noto-color-emoji, $dictionaries
Section: misc
Priority: optional
Description: batch job runner that makes print-ready books of diary exports
 Folio reads export orders from a queue, turns each journal into a print-ready
 A5 PDF with bleed, a cover spread and an EPUB 3, verifies every file down to
 its bytes, delivers them to the printer with retry, and reports each job.
CONTROL
deb="$out/folio_${version}_amd64.deb"
dpkg-deb --root-owner-group --build "$root" "$deb" >&2
echo "$deb"
