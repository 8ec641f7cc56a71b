#!/usr/bin/env bash
# Builds config/icc/FOGRA39.icc, the CMYK print profile of the FOGRA39 products. No free
# FOGRA39 profile is packaged for Debian, but its measurement data is (icc-profiles-free,
# zlib licence); ArgyllCMS's colprof makes a profile from it in about a minute (average
# error about 0.16 ΔE). Built once: an existing profile is kept.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
profile="$root/config/icc/FOGRA39.icc"
[ -s "$profile" ] && exit 0

measurements=/usr/share/color/icc/FOGRA39L.ti3
gamut=/usr/share/color/argyll/ref/sRGB.icm
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$measurements" "$work/FOGRA39.ti3"
echo "building config/icc/FOGRA39.icc from $measurements (about a minute)"
# Medium quality; total ink 330 % (FOGRA39's press); black generation ramped; perceptual
# tables mapped from the sRGB gamut (what photos mostly come in); viewing conditions: monitor
# in, practical print out.
(cd "$work" && colprof -qm -l330 -kr -S "$gamut" -cmt -dpp \
  -D "Coated FOGRA39 (Folio, built from FOGRA39L.ti3)" FOGRA39 >/dev/null)
mkdir -p "$(dirname "$profile")"
mv "$work/FOGRA39.icc" "$profile.partial"
mv "$profile.partial" "$profile"
