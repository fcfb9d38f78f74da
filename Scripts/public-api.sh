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
#
# Unused (issue 39): a public declaration that no user of the libraries uses. The users are the
# example apps (Examples/) and the API tests (Tests/TableKitAPITests/, which hold the code of the
# DocC articles verbatim: ArticleSnippetsTests checks that), and nothing else: not the app, not
# the other tests. A `package` declaration is not counted, though
# the API tests can see it (they are in the package). "Uses" is what the compiler's index store says (Scripts/indexstore.py
# reads it from the debug build, `swift build --build-tests`, which this script runs first):
# a reference to the declaration's USR in a user's file (a call, a type named, `.case`, an
# initializer, an operator), or a requirement or class method a user's type implements or
# overrides. No name is matched as text. The compiler indexes no function's local types: a
# method of a class declared inside a test function is no use of what it implements (declare
# such a delegate beside the test). A declaration also counts as used when
#   - it implements or overrides one that counts as used, or one of another module
#     (`description`, `==`, `hash(into:)`, `init(from:)`, `<`: used through their protocol);
#   - it is the default implementation of a requirement that counts as used;
#   - it is a type, protocol or extension whose member counts as used (a type reached only
#     through its members, `.value1`, is still named by its users' code in effect);
#   - it is an enum case of an enum that counts as used: a case has its enum's access level and
#     no other, so it cannot be narrowed apart from it.
# `unused: N` is printed per module and in total; `--list` lists them (module, kind, name,
# file:line). With `--check` the script exits 1 when a public declaration is unused (for CI, once
# there are none).
set -euo pipefail
cd "$(dirname "$0")/.."

list=0
check=0
graphs=""
index=""
while [ $# -gt 0 ]; do
  case "$1" in
    --list) list=1 ;;
    --check) check=1 ;;
    --graphs) graphs="$2"; shift ;;
    --index) index="$2"; shift ;;
    *) echo "usage: $0 [--list] [--check] [--graphs DIR] [--index STORE]" >&2; exit 2 ;;
  esac
  shift
done

if [ -z "$index" ]; then
  # The users' references: the debug build writes the index store as it compiles.
  swift build --build-tests >&2
  index="$(swift build --show-bin-path)/index/store"
fi

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

python3 - "$graphs" "$list" "$index" "$check" <<'EOF'
import glob, json, os, re, sys
sys.path.insert(0, "Scripts")
import indexstore

graphs, show_list, store, check = sys.argv[1], sys.argv[2] == "1", sys.argv[3], sys.argv[4] == "1"
# Folders end in "/".
users = [os.path.realpath(folder) + "/" for folder in ("Examples", "Tests/TableKitAPITests")]
referenced, implements = indexstore.read(store, users)
total = 0
total_unused = 0

def where(symbol):
    return symbol["location"]["uri"].split("/Sources/")[-1] + ":" + str(symbol["location"]["position"]["line"] + 1)

def unused_declarations(module, public):
    """The public declarations of `module` that no user uses (the header says what counts)."""
    # A base in neither library (Swift's, Foundation's) counts as used: the standard library's
    # protocols are what its generic code calls.
    ours = ("s:8TableKit", "s:16TableKitTerminal")
    graph_relations = []
    for path in glob.glob(os.path.join(graphs, module + ".symbols.json")) + glob.glob(os.path.join(graphs, module + "@*.symbols.json")):
        graph_relations += json.load(open(path))["relationships"]
    defaults = {}
    for r in graph_relations:
        if r["kind"] == "defaultImplementationOf":
            defaults.setdefault(r["source"], set()).add(r["target"])
    used = {s["identifier"]["precise"] for s in public if s["identifier"]["precise"] in referenced}
    changed = True
    while changed:
        changed = False
        for s in public:
            usr = s["identifier"]["precise"]
            if usr in used:
                continue
            bases = implements.get(usr, set()) | defaults.get(usr, set())
            if any(b in used or b in referenced or not b.startswith(ours) for b in bases):
                used.add(usr)
                changed = True
    # A type is used when a member is: members sit under their type's path.
    used_paths = {tuple(s["pathComponents"]) for s in public if s["identifier"]["precise"] in used}
    prefixes = {path[:n] for path in used_paths for n in range(1, len(path))}
    unused = [s for s in public
              if s["identifier"]["precise"] not in used and tuple(s["pathComponents"]) not in prefixes]
    # An enum case has its enum's access and no other: it counts as used when its enum does.
    unused_paths = {tuple(s["pathComponents"]) for s in unused}
    return [s for s in unused
            if s["kind"]["identifier"] != "swift.enum.case" or tuple(s["pathComponents"][:-1]) in unused_paths]
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
    unused = unused_declarations(module, public)
    total += len(public)
    total_unused += len(unused)
    print(f"{module}: {len(public)} public declarations ({len(spi)} more behind @_spi), "
          f"{len(top)} top-level, unsorted: {len(unsorted)}, unused: {len(unused)}")
    if unsorted:
        print("  unsorted: " + ", ".join(unsorted))
    if show_list:
        for s in sorted(unused, key=lambda s: (s["location"]["uri"], s["location"]["position"]["line"])):
            print(f"  unused {module:16} {s['kind']['displayName']:18} {'.'.join(s['pathComponents']):60} {where(s)}")
print(f"total: {total} public declarations, unused: {total_unused}")
sys.exit(1 if check and total_unused else 0)
EOF
