#!/usr/bin/env bash
# The public API of the libraries (issue 25): builds the symbol graphs of TableKit and
# TableKitTerminal and prints, per module, how many public or open declarations they have,
# how many sit behind `@_spi` (not counted as public), and how many top-level symbols the
# DocC catalog leaves unsorted. `--list` prints every counted declaration as well;
# `--graphs DIR` reads symbol graphs already dumped there instead of building.
#
# What is counted: every declaration written in the source with `public` or `open` — types,
# members, enum cases, initializers, operators, and members added to other modules' types
# (IndexPath's `row`, …) — each once. Not counted: what the compiler makes (a raw-value
# enum's `init(rawValue:)`, a memberwise init), members a type only inherits through a
# class or a protocol's default implementation (`--skip-synthesized-members`), and `@_spi`
# declarations, which are counted apart.
#
# Unsorted: a top-level symbol of a module (type, protocol, global function) that no
# ``Name`` link in the module's DocC catalog (Sources/<module>/<module>.docc/*.md) names; DocC
# would put it under an automatic "Classes", "Structures", … group. A module without a
# catalog has all its top-level symbols unsorted. Nested types are listed under their parent.
set -euo pipefail
cd "$(dirname "$0")/.."

list=0
graphs=""
while [ $# -gt 0 ]; do
  case "$1" in
    --list) list=1 ;;
    --graphs) graphs="$2"; shift ;;
    *) echo "usage: $0 [--list] [--graphs DIR]" >&2; exit 2 ;;
  esac
  shift
done

if [ -z "$graphs" ]; then
  graphs="$(swift build --show-bin-path)/../symbolgraph"
  # SwiftPM dumps every target's graph and fails on the C ones (the package's C++ standard,
  # -std=c++17, is passed to C modules too); only the two libraries' graphs are read here, so
  # the dump counts as done when both were written by this run.
  started=$(mktemp)
  trap 'rm -f "$started"' EXIT
  out=$(swift package dump-symbol-graph --minimum-access-level public --skip-synthesized-members \
      --include-spi-symbols 2>&1) || true
  for module in TableKit TableKitTerminal; do
    if [ ! "$graphs/$module.symbols.json" -nt "$started" ]; then
      echo "$out" >&2
      echo "error: the symbol graph of $module was not written" >&2
      exit 1
    fi
  done
fi

python3 - "$graphs" "$list" <<'EOF'
import glob, json, os, re, sys

graphs, show_list = sys.argv[1], sys.argv[2] == "1"
total = 0
for module in ["TableKit", "TableKitTerminal"]:
    symbols = []
    # TableKit.symbols.json, and TableKit@Swift.symbols.json etc. for extensions of other modules.
    for path in sorted(glob.glob(os.path.join(graphs, module + ".symbols.json")) +
                       glob.glob(os.path.join(graphs, module + "@*.symbols.json"))):
        symbols += json.load(open(path))["symbols"]
    declared = [s for s in symbols
                if s["accessLevel"] in ("public", "open")
                and "location" in s  # the compiler's own declarations have no place in the source
                and "::SYNTHESIZED::" not in s["identifier"]["precise"]]
    public = [s for s in declared if not s.get("spi")]
    spi = [s for s in declared if s.get("spi")]
    # Top-level symbols of this module; members of other modules' types live in Module@Other files.
    own = json.load(open(os.path.join(graphs, module + ".symbols.json")))["symbols"]
    top = sorted({s["pathComponents"][0] for s in own
                  if len(s["pathComponents"]) == 1 and s["accessLevel"] in ("public", "open") and not s.get("spi")})
    linked = set()
    for md in glob.glob(f"Sources/{module}/{module}.docc/**/*.md", recursive=True):
        linked |= set(re.findall(r"``(?:" + module + r"/)?([A-Za-z_][A-Za-z0-9_]*)", open(md).read()))
    unsorted = [t for t in top if t not in linked]
    total += len(public)
    print(f"{module}: {len(public)} public declarations ({len(spi)} more behind @_spi), "
          f"{len(top)} top-level, unsorted: {len(unsorted)}")
    if unsorted:
        print("  unsorted: " + ", ".join(unsorted))
    if show_list:
        for s in sorted(public + spi, key=lambda s: (s["location"]["uri"], s["location"]["position"]["line"])):
            where = s["location"]["uri"].split("/Sources/")[-1] + ":" + str(s["location"]["position"]["line"] + 1)
            tag = " [spi]" if s.get("spi") else ""
            print(f"  {s['accessLevel']:6} {s['kind']['displayName']:18} {'.'.join(s['pathComponents']):60} {where}{tag}")
print(f"total: {total} public declarations")
EOF
