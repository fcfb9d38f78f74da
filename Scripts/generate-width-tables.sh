#!/usr/bin/env bash
# Regenerates Sources/TableKit/Canvas/DisplayWidth+Tables.swift from this machine's wcwidth.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
gcc Scripts/width-tables.c -o "$tmp/ww"
"$tmp/ww" > "$tmp/ranges.txt"
python3 - "$tmp/ranges.txt" <<'PY'
import sys
zero, wide, cur = [], [], None
for l in open(sys.argv[1]).read().split('\n'):
    if l == 'ZERO': cur = zero
    elif l == 'WIDE': cur = wide
    elif l.strip(): cur.append(l.strip().rstrip(','))
def fmt(r):
    return '\n'.join('    ' + ', '.join(r[i:i+4]) + ',' for i in range(0, len(r), 4))
head = open('Sources/TableKit/Canvas/DisplayWidth+Tables.swift').read().split('/// Code-point ranges that occupy no column')[0]
open('Sources/TableKit/Canvas/DisplayWidth+Tables.swift', 'w').write(head +
  '/// Code-point ranges that occupy no column (combining marks, format characters).\n'
  'let zeroWidthRanges: [ClosedRange<UInt32>] = [\n' + fmt(zero) + '\n]\n\n'
  '/// Code-point ranges that occupy two columns (East Asian wide and full-width, emoji).\n'
  'let doubleWidthRanges: [ClosedRange<UInt32>] = [\n' + fmt(wide) + '\n]\n')
PY
rm -rf "$tmp"
