#!/bin/sh
# Plots solver seconds per horizon for chosen instances of a benchmark's
# horizons.csv, one line per encoding, log scale. Needs gnuplot (Debian:
# gnuplot-nox).
#
#   benchmarks/plot_horizons.sh benchmarks/results/8puzzle/horizons.csv \
#       8puzzle_depth31#1 benchmarks/results/8puzzle-31.png
set -eu
csv=$1 instance=$2 png=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
encodings=$(awk -F, -v i="$instance" 'NR > 1 && $1 == i { print $2 }' "$csv" |
            awk '!seen[$0]++')
if [ -z "$encodings" ]; then
  echo "plot_horizons.sh: no rows for instance '$instance' in $csv" >&2
  exit 1
fi
command -v gnuplot >/dev/null || {
  echo "plot_horizons.sh: needs gnuplot (third_party/install_deps.sh)" >&2
  exit 1
}
plot=""
for e in $encodings; do
  awk -F, -v i="$instance" -v e="$e" \
      'NR > 1 && $1 == i && $2 == e { print $3, ($7 > 0.0001 ? $7 : 0.0001) }' \
      "$csv" > "$tmp/$e.dat"
  plot="$plot${plot:+, }'$tmp/$e.dat' using 1:2 with linespoints title '$e'"
done
gnuplot <<GNUPLOT || { rm -f "$png"; exit 1; }
set terminal pngcairo size 800,500 noenhanced
set output '$png'
set title 'satslide: solver time per horizon, $instance'
set xlabel 'horizon (plan length asked for)'
set ylabel 'seconds (log scale)'
set logscale y
set key top left
set grid
plot $plot
GNUPLOT
echo "wrote $png"
