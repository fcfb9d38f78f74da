#!/usr/bin/env python3
"""A mutation campaign: does each rule the README and DocC promise have a test that fails
when the rule breaks?

Scripts/mutants.tsv lists one-line mutants (id, rule, file, original line, replacement line,
test filters). For each, in a scratch copy of the tree (.build-mutants/tree, ignored by
.gitignore's `.build-*/`, with its own .build kept between mutants so that every build is
incremental), this script replaces the line, builds the tests, runs only the mutant's
filters, restores the line, and records:

  killed      a filtered test failed (or the test run crashed or hung)
  compiler    the mutant did not build (killed by the compiler)
  survived    every filtered test passed: no test pins the rule
  stale       the original line is not in the file exactly once (edited since): update it

The original line is matched by its text, leading and trailing whitespace ignored, so the
list survives edits elsewhere in the file. The unmutated copy must pass every chosen filter
first; otherwise a failing suite would "kill" every mutant.

Every build and test run takes the machine-wide lock /tmp/build.lock, one mutant at a time,
so that other builds can run in between.

    python3 Scripts/mutants.py                 # every mutant (make mutants)
    python3 Scripts/mutants.py --only swipe-full-trailing,atomic-fsync-temp
    python3 Scripts/mutants.py --list          # the mutants, and whether each still matches
    python3 Scripts/mutants.py --portable --only portable-copy-last-chunk   # built as make test-portable

The build lock's holder is read from /proc/locks (Linux only; elsewhere it is "unknown").
"""

import argparse
import csv
import fcntl
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_LIST = ROOT / "Scripts" / "mutants.tsv"
DEFAULT_SCRATCH = ROOT / ".build-mutants" / "tree"
LOCK = "/tmp/build.lock"
COLUMNS = ["id", "rule", "file", "original", "replacement", "filters"]
BUILD_TIMEOUT = 1800
TEST_TIMEOUT = 600
# --portable: the flags of `make test-portable` (the POSIX fallbacks, TABLEKIT_PORTABLE), its own
# build folder in the scratch copy.
PORTABLE_FLAGS = ["--scratch-path", ".build/portable", "-Xswiftc", "-DTABLEKIT_PORTABLE", "-Xcc", "-DTABLEKIT_PORTABLE"]
build_flags = []


class Mutant:
    def __init__(self, row, line_number):
        self.id = row["id"].strip()
        self.rule = row["rule"].strip()
        self.file = row["file"].strip()
        self.original = row["original"].strip()
        self.replacement = row["replacement"].strip()
        self.filters = row["filters"].split()
        self.line_number = line_number


def read_list(path):
    """The mutants of the TSV file at `path` (a header row, then one mutant a line; lines
    starting with # are comments)."""
    mutants = []
    with open(path, newline="", encoding="utf-8") as handle:
        lines = [line for line in handle if line.strip() and not line.startswith("#")]
    reader = csv.DictReader(lines, delimiter="\t", quoting=csv.QUOTE_NONE)
    if reader.fieldnames != COLUMNS:
        sys.exit(f"{path}: the header must be {' '.join(COLUMNS)} (tab-separated), not {reader.fieldnames}")
    ids = set()
    for number, row in enumerate(reader, start=2):
        if None in row or any(row.get(column) is None for column in COLUMNS):
            sys.exit(f"{path}: row {number} does not have the {len(COLUMNS)} tab-separated columns")
        mutant = Mutant(row, number)
        if mutant.id in ids:
            sys.exit(f"{path}: the id {mutant.id} is used twice")
        if not mutant.filters:
            sys.exit(f"{path}: {mutant.id} names no test filter")
        ids.add(mutant.id)
        mutants.append(mutant)
    return mutants


def locate(text, original):
    """The indices of the lines of `text` equal to `original`, whitespace around ignored."""
    return [index for index, line in enumerate(text.split("\n")) if line.strip() == original]


def mutated(text, index, replacement):
    """`text` with line `index` replaced by `replacement`, at the same indentation."""
    lines = text.split("\n")
    indent = lines[index][: len(lines[index]) - len(lines[index].lstrip())]
    lines[index] = indent + replacement
    return "\n".join(lines)


def sync_tree(scratch):
    """Copies the work tree as it is (tracked and new files, as git sees them, committed or
    not) into `scratch`, and removes what the tree no longer has, keeping the copy's .build:
    files that did not change are not touched, so the next build is incremental (a C header
    that changed touches the Swift files that import its module, see touch_importers)."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            check=True, capture_output=True).stdout.decode("utf-8").split("\0")
    wanted = {name for name in listed if name and (ROOT / name).is_file()}
    for name in sorted(wanted):
        source, target = ROOT / name, scratch / name
        data = source.read_bytes()
        if target.is_file() and target.read_bytes() == data:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        shutil.copymode(source, target)
        # A header edited since the last copy: its importers are rebuilt too.
        touch_importers(scratch, name)
    for path in scratch.rglob("*"):
        relative = path.relative_to(scratch).as_posix()
        if relative.split("/")[0].startswith((".build", ".swiftpm")):
            continue
        if path.is_file() and relative not in wanted:
            path.unlink()


def run(command, cwd, timeout, log):
    """Runs `command` in its own process group; returns (exit status or "timeout", output)."""
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               errors="replace", start_new_session=True)
    try:
        output, _ = process.communicate(timeout=timeout)
        status = process.returncode
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
        status = "timeout"
    log.write(f"$ {' '.join(command)}\n{output}\n[status {status}]\n")
    log.flush()
    return status, output


def lock_holders():
    """Who holds the build lock, from /proc/locks: a process that is gone means a child that
    inherited the lock's descriptor (from `flock CMD`) still holds it."""
    try:
        inode = os.stat(LOCK).st_ino
        with open("/proc/locks", encoding="utf-8") as handle:
            pids = [line.split()[4] for line in handle
                    if "->" not in line and len(line.split()) > 5 and line.split()[5].endswith(f":{inode}")]
    except (OSError, IndexError):
        return "holder unknown"
    described = []
    for pid in pids:
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
        except OSError:
            command = "gone: a child of it holds the lock"
        described.append(f"pid {pid}: {command[:80]}")
    return "; ".join(described) or "holder unknown"


def touch_importers(scratch, mutated_file):
    """A mutated C header (Sources/<Module>/…/x.h): touches the Swift files that import
    <Module>, because SwiftPM does not rebuild them when only the header changed, and its
    static inline functions are compiled into their objects — the mutant would otherwise go
    untested (and "survive"), and the restored header would not be rebuilt either."""
    parts = Path(mutated_file).parts
    if not mutated_file.endswith(".h") or len(parts) < 3 or parts[0] != "Sources":
        return
    importing = re.compile(rf"^\s*import\s+{re.escape(parts[1])}\s*$", re.MULTILINE)
    for path in (scratch / "Sources").rglob("*.swift"):
        if importing.search(path.read_text(encoding="utf-8", errors="replace")):
            path.touch()


def build_and_test(scratch, filters, log):
    """Builds the tests and runs `filters`, holding the machine-wide build lock for both:
    "built-failed", "failed", "passed" or "timeout"."""
    # Python does not pass the lock's descriptor to the commands it runs, so a process a test
    # leaves behind (a tmux server) cannot keep the lock after the test.
    with open(LOCK, "a") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            print(f"  waiting for {LOCK} ({lock_holders()}) …", flush=True)
            fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            status, _ = run(["swift", "build", "--build-tests"] + build_flags, scratch, BUILD_TIMEOUT, log)
            if status != 0:
                return "build-failed"
            command = ["swift", "test", "--skip-build"] + build_flags
            for test_filter in filters:
                command += ["--filter", test_filter]
            status, output = run(command, scratch, TEST_TIMEOUT, log)
            if status == "timeout":
                return "timeout"
            counts = [int(count) for count in re.findall(r"(?:Test run with|Executed) (\d+) tests?", output)]
            if status == 0 and sum(counts) == 0:
                return "no-tests"
            return "passed" if status == 0 else "failed"
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", help="comma-separated ids to run (default: all)")
    parser.add_argument("--mutants", type=Path, default=DEFAULT_LIST, help="the list (default Scripts/mutants.tsv)")
    parser.add_argument("--scratch", type=Path, default=DEFAULT_SCRATCH, help="the scratch copy (default .build-mutants/tree)")
    parser.add_argument("--list", action="store_true", help="print the mutants and whether each matches, and stop")
    parser.add_argument("--skip-baseline", action="store_true", help="trust that the unmutated copy passes the filters")
    parser.add_argument("--portable", action="store_true", help="build and test as make test-portable does (TABLEKIT_PORTABLE)")
    arguments = parser.parse_args()
    if arguments.portable:
        build_flags.extend(PORTABLE_FLAGS)

    mutants = read_list(arguments.mutants)
    if arguments.only:
        wanted = {item.strip() for item in arguments.only.split(",") if item.strip()}
        unknown = wanted - {mutant.id for mutant in mutants}
        if unknown:
            sys.exit(f"no such mutant: {', '.join(sorted(unknown))}")
        mutants = [mutant for mutant in mutants if mutant.id in wanted]

    if arguments.list:
        for mutant in mutants:
            path = ROOT / mutant.file
            matches = len(locate(path.read_text(encoding="utf-8"), mutant.original)) if path.exists() else 0
            state = "ok" if matches == 1 else ("stale" if matches == 0 else f"ambiguous ({matches})")
            print(f"{mutant.id:32} {state:10} {mutant.file}  — {mutant.rule}")
        return

    scratch = arguments.scratch.resolve()
    sync_tree(scratch)
    log_path = scratch.parent / "mutants.log"
    started = time.monotonic()
    results = []
    with open(log_path, "w", encoding="utf-8") as log:
        # Stale mutants first: they are reported, never silently skipped.
        runnable = []
        for mutant in mutants:
            path = scratch / mutant.file
            matches = locate(path.read_text(encoding="utf-8"), mutant.original) if path.exists() else []
            if len(matches) != 1:
                reason = "file missing" if not path.exists() else (
                    "line not found" if not matches else f"line found {len(matches)} times")
                results.append((mutant, "stale", reason, 0.0))
            else:
                runnable.append((mutant, matches[0]))

        if runnable and not arguments.skip_baseline:
            filters = sorted({test_filter for mutant, _ in runnable for test_filter in mutant.filters})
            print(f"baseline: the unmutated copy against {len(filters)} filters …", flush=True)
            outcome = build_and_test(scratch, filters, log)
            if outcome != "passed":
                sys.exit(f"the unmutated tree does not pass the chosen filters ({outcome}); see {log_path}")
            print(f"baseline passed ({time.monotonic() - started:.0f} s)", flush=True)

        for number, (mutant, index) in enumerate(runnable, start=1):
            path = scratch / mutant.file
            original_text = path.read_text(encoding="utf-8")
            mutant_start = time.monotonic()
            log.write(f"\n==== {mutant.id}: {mutant.rule}\n")
            try:
                path.write_text(mutated(original_text, index, mutant.replacement), encoding="utf-8")
                touch_importers(scratch, mutant.file)
                outcome = build_and_test(scratch, mutant.filters, log)
            finally:
                path.write_text(original_text, encoding="utf-8")
                touch_importers(scratch, mutant.file)
            verdict, detail = {
                "failed": ("killed", "a test failed"),
                "timeout": ("killed", "the tests hung (timeout)"),
                "build-failed": ("compiler", "did not build"),
                "passed": ("survived", "every test passed"),
                "no-tests": ("survived", "the filters matched no test"),
            }[outcome]
            elapsed = time.monotonic() - mutant_start
            results.append((mutant, verdict, detail, elapsed))
            print(f"[{number}/{len(runnable)}] {verdict:9} {mutant.id} ({elapsed:.0f} s)", flush=True)

    print()
    print(f"{'id':32} {'result':9} {'time':>6}  rule")
    for mutant, verdict, detail, elapsed in results:
        note = f" ({detail})" if verdict == "stale" else ""
        print(f"{mutant.id:32} {verdict:9} {elapsed:5.0f}s  {mutant.rule}{note}")
    counted = [result for result in results if result[1] != "stale"]
    killed = [result for result in counted if result[1] in ("killed", "compiler")]
    survived = [result[0].id for result in counted if result[1] == "survived"]
    stale = [result[0].id for result in results if result[1] == "stale"]
    rate = 100.0 * len(killed) / len(counted) if counted else 0.0
    print()
    print(f"killed {len(killed)} of {len(counted)} ({rate:.1f} %), "
          f"{sum(1 for result in counted if result[1] == 'compiler')} of them by the compiler; "
          f"survived {len(survived)}; stale {len(stale)}; {time.monotonic() - started:.0f} s in all")
    if survived:
        print("survived: " + ", ".join(survived))
    if stale:
        print("stale: " + ", ".join(stale))
    print(f"log: {log_path}")
    sys.exit(1 if survived or stale else 0)


if __name__ == "__main__":
    main()
