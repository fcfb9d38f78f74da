#!/usr/bin/env bash
# The benchmark of issues 2 and 29: generates 1,000 / 100,000 / 1,000,000 / 5,000,000 /
# 10,000,000-book files on demand (about 262 bytes a book; a size the disk has no room for is
# skipped with a message) and reports, from a release build, the time from process start to the first frame
# with sections and index, peak memory, resident memory as anonymous and file pages, the first
# search, and the time of a focus move, an index jump and the jump to the last row; at
# 1,000,000 rows also live search (UI-thread time per keystroke and
# time until results are ready); the list's order after a save, updated and sorted whole; then self-sizing rows: a million rows of mixed heights and a record with one 200 KB and one 1 MB value without spaces. Figures only; nothing here passes or fails.
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=${BENCH_SIZES:-"1000 100000 1000000 5000000 10000000"}
mkdir -p bench-data
swift build -c release --product table-browser >/dev/null
bin="$(swift build -c release --show-bin-path)/table-browser"
present=""
for n in $sizes; do
  file="bench-data/books-$n.json"
  if [ ! -f "$file" ]; then
    # About 262 bytes a book, and room to spare: a size the disk cannot hold is skipped.
    need=$((n * 262 + (1 << 30)))
    avail=$(df --output=avail -B1 bench-data | tail -1 | tr -d ' ')
    if [ "$avail" -lt "$need" ]; then
      echo "== $n books: skipped, the disk has $((avail >> 20)) MiB free and the file needs about $(((n * 262) >> 20)) MiB"
      continue
    fi
    echo "(generating $n books: about $((n / 65000 + 1)) s)"
    python3 Scripts/generate-books.py "$n" "$file"
  fi
  present="$present $n"
done
for n in $present; do
  file="bench-data/books-$n.json"
  echo "== $n books ($(du -m "$file" | cut -f1) MB)"
  # A cold first run warms the page cache the way a second look at a file would.
  "$bin" benchmark --data "$file" --repetitions 1 >/dev/null
  search=""
  [ "$n" -eq 1000000 ] && search="--search"
  "$bin" benchmark --data "$file" --started-at "$(date +%s%N)" --repetitions "${BENCH_REPETITIONS:-200}" $search
done
# The same records as JSON Lines and inside an object (issue 12): the first frame of each
# beside the bare array's.
if [ -f bench-data/books-1000000.json ]; then
  [ -f bench-data/books-1000000.jsonl ] || python3 -c 'import json,sys; [sys.stdout.write(json.dumps(r, ensure_ascii=False) + "\n") for r in json.load(open("bench-data/books-1000000.json"))]' > bench-data/books-1000000.jsonl
  [ -f bench-data/books-1000000-wrapped.json ] || { printf '{"source": "generated", "books": '; cat bench-data/books-1000000.json; printf '}\n'; } > bench-data/books-1000000-wrapped.json
  for shape in books-1000000.json books-1000000.jsonl books-1000000-wrapped.json; do
    echo "== $shape"
    "$bin" benchmark --data "bench-data/$shape" --repetitions 1 >/dev/null
    "$bin" benchmark --data "bench-data/$shape" --started-at "$(date +%s%N)" --repetitions 1 | grep -E "^(first frame|peak memory)"
  done
  echo "== all-fields search at 1,000,000 rows"
  "$bin" benchmark --data bench-data/books-1000000.json --repetitions 1 --search --all-fields | grep -E "haystack|worst UI hold|peak memory after"
fi
# The first frame in a real terminal (tmux 120x40), beside visidata's when it is installed
# (pip install visidata): our list shows rows with their edit buttons; visidata says "N rows"
# once it has read them all.
if command -v tmux >/dev/null; then
  for n in $present; do
    [ "$n" -ge 1000000 ] || continue
    echo "== first frame in tmux at $n rows (issues 14 and 29)"
    programs=(table-browser "$bin --data bench-data/books-$n.json" '\[✎\]')
    if command -v vd >/dev/null; then
      programs+=(visidata "vd bench-data/books-$n.json" "$n rows")
    else
      echo "(visidata not installed: pip install visidata to compare)"
    fi
    python3 Scripts/tmux-first-frame.py --runs "${BENCH_TMUX_RUNS:-5}" "${programs[@]}"
  done
fi
# The list's order after a save (issue 40): a delete, an add, a thousand deletes and an edit,
# the order updated beside sorted whole.
for n in $present; do
  [ "$n" -ge 1000000 ] || continue
  echo "== the order after a save at $n rows (issue 40)"
  "$bin" benchmark --data "bench-data/books-$n.json" --order-update --repetitions 5
done
# Issue 40: a person at the keyboard while the app saves, sorts and loads — each key's time to
# its frame, per action, at 1M and 10M rows, on a copy (the benchmark saves, adds and deletes).
for n in $present; do
  [ "$n" -ge 1000000 ] || continue
  echo "== key latency at $n rows (issue 40)"
  cp "bench-data/books-$n.json" "bench-data/latency-$n.json"
  "$bin" benchmark --latency --data "bench-data/latency-$n.json" --size 120x40 || true
  rm -f "bench-data/latency-$n.json"
done
echo "== long values (issue 13)"
"$bin" benchmark --long-values --size 80x24 --repetitions "${BENCH_REPETITIONS_LONG:-20}"
echo "== self-sizing rows"
"$bin" benchmark --self-sizing --repetitions "${BENCH_REPETITIONS:-200}"
