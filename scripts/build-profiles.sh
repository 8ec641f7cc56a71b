#!/usr/bin/env bash
# Builds the CMYK print profiles the CMYK products name, in config/icc/:
#   FOGRA39.icc         FOGRA39 (ISO coated), total ink 330 %
#   GRACoL2006.icc      CGATS TR 006 (GRACoL 2006 coated #1), total ink 320 %
#   GRACoL2006-240.icc  the same condition held to 240 % total ink (IngramSpark's limit)
# No free profile of these conditions is packaged for Debian, but their measurement data is
# (icc-profiles-free, zlib licence); ArgyllCMS's colprof makes a profile from it in about a
# minute each (average error about 0.16 ΔE for FOGRA39). Built once: existing profiles are kept.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
gamut=/usr/share/color/argyll/ref/sRGB.icm

# build NAME MEASUREMENTS TOTAL-INK DESCRIPTION
build() {
  local name="$1" measurements="$2" limit="$3" description="$4"
  local profile="$root/config/icc/$name.icc"
  [ -s "$profile" ] && return 0
  local work
  work="$(mktemp -d)"
  cp "$measurements" "$work/$name.ti3"
  echo "building config/icc/$name.icc from $measurements, total ink $limit % (about a minute)"
  # Medium quality; the total ink limit (-l); black generation ramped; perceptual tables mapped
  # from the sRGB gamut (what photos mostly come in); viewing conditions: monitor in, practical
  # print out.
  (cd "$work" && colprof -qm -l"$limit" -kr -S "$gamut" -cmt -dpp -D "$description" "$name" >/dev/null)
  mkdir -p "$(dirname "$profile")"
  mv "$work/$name.icc" "$profile.partial"
  mv "$profile.partial" "$profile"
  rm -rf "$work"
}

# colprof uses one core: the three are built side by side, and any failure fails the script.
pids=()
build FOGRA39 /usr/share/color/icc/FOGRA39L.ti3 330 "Coated FOGRA39 (Folio, built from FOGRA39L.ti3)" & pids+=("$!")
build GRACoL2006 /usr/share/color/icc/TR006.ti3 320 "GRACoL 2006 coated, CGATS TR 006 (Folio, built from TR006.ti3)" & pids+=("$!")
build GRACoL2006-240 /usr/share/color/icc/TR006.ti3 240 "GRACoL 2006 coated, CGATS TR 006, 240 % total ink (Folio, built from TR006.ti3)" & pids+=("$!")
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
exit "$status"
