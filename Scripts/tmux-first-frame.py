#!/usr/bin/env python3
"""Times the first useful frame of terminal programs in a real terminal (tmux), side by side.

    python3 Scripts/tmux-first-frame.py [--runs N] [--size 120x40] LABEL 'COMMAND' 'MARKER' ...

For each LABEL, COMMAND runs in a fresh detached tmux session of the given size; the pane is
read every 5 ms until its text holds MARKER (a regular expression), and the time from starting
tmux to that moment is one sample. The peak resident memory of the pane's process so far
(VmHWM) is read at the same moment. The programs take turns run by run (A B A B …) so that
a machine that slows down slows both. Prints the median, the fastest and the slowest of each,
and each later program's median against the first's. Figures only; nothing passes or fails.
"""

import argparse
import re
import statistics
import subprocess
import sys
import time
import uuid

# A server of our own, kept up by one idle session for the whole batch: a server that exits
# when its last session ends races the next run's start.
SOCKET = "tablekit-first-frame-" + uuid.uuid4().hex[:8]


def tmux(*args, check=True):
    result = subprocess.run(["tmux", "-L", SOCKET, *args], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if check and result.returncode != 0:
        sys.exit(f"tmux {args[0]} failed: {result.stderr.strip()}")
    return result.stdout


def peak_mib(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


class ControlClient:
    """A tmux control-mode client: commands over one pipe, so reading the pane 200 times a
    second spawns no processes that would take the cores from the program being timed."""

    def __init__(self):
        self.process = subprocess.Popen(["tmux", "-L", SOCKET, "-C", "attach", "-t", "keeper"],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        # The attach itself answers with a block first: read replies until ours comes back.
        token = uuid.uuid4().hex
        self.process.stdin.write(f"display-message -p {token}\n")
        self.process.stdin.flush()
        while token not in self.read_block():
            pass

    def read_block(self):
        output, inside = [], False
        while True:
            reply = self.process.stdout.readline()
            if not reply:
                sys.exit("the tmux control client ended")
            reply = reply.rstrip("\n")
            if reply.startswith("%begin"):
                inside = True
            elif inside and (reply.startswith("%end") or reply.startswith("%error")):
                return "\n".join(output)
            elif inside:
                output.append(reply)

    def command(self, line):
        # A token after the command: its reply is the block just before the token's, even
        # when a reply of an earlier command arrives late (reading one block per command
        # could otherwise answer with a stale capture, and time a frame before it was drawn).
        token = uuid.uuid4().hex
        self.process.stdin.write(line + "\n" + f"display-message -p {token}\n")
        self.process.stdin.flush()
        blocks = []
        while True:
            block = self.read_block()
            if block == token:
                return blocks[-1] if blocks else ""
            blocks.append(block)

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=5)


def sample(client, command, marker, width, height, timeout):
    """Seconds until the pane shows `marker`, and the peak memory then (MiB), or None on timeout."""
    session = "ff-" + uuid.uuid4().hex[:8]
    started = time.perf_counter()
    tmux("new-session", "-d", "-s", session, "-x", str(width), "-y", str(height), command)
    try:
        pid = tmux("display-message", "-p", "-t", session, "#{pane_pid}").strip()
        while time.perf_counter() - started < timeout:
            if marker.search(client.command(f"capture-pane -p -t {session}")):
                return time.perf_counter() - started, peak_mib(pid)
            time.sleep(0.005)
        return None, None
    finally:
        tmux("kill-session", "-t", session, check=False)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--size", default="120x40")
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("programs", nargs="+", help="LABEL COMMAND MARKER, repeated")
    options = parser.parse_args()
    if len(options.programs) % 3:
        parser.error("programs come as LABEL COMMAND MARKER triples")
    width, height = (int(part) for part in options.size.split("x"))
    programs = [(options.programs[i], options.programs[i + 1], re.compile(options.programs[i + 2]))
                for i in range(0, len(options.programs), 3)]
    tmux("new-session", "-d", "-s", "keeper", "sleep 86400")
    client = ControlClient()
    try:
        report(client, programs, options, width, height)
    finally:
        client.close()
        tmux("kill-server", check=False)


def report(client, programs, options, width, height):
    times = {label: [] for label, _, _ in programs}
    memory = {label: [] for label, _, _ in programs}
    for _ in range(options.runs):
        for label, command, marker in programs:
            seconds, mib = sample(client, command, marker, width, height, options.timeout)
            if seconds is None:
                print(f"{label}: no {marker.pattern!r} within {options.timeout:.0f} s", file=sys.stderr)
                continue
            times[label].append(seconds)
            if mib is not None:
                memory[label].append(mib)
    first = programs[0][0]
    for label, _, _ in programs:
        if not times[label]:
            print(f"{label}: no samples")
            continue
        line = (f"{label}: first frame in tmux {options.size}, median {statistics.median(times[label]):.3f} s "
                f"(fastest {min(times[label]):.3f}, slowest {max(times[label]):.3f}, {len(times[label])} runs)")
        if memory[label]:
            line += f"; peak memory {statistics.median(memory[label]):.0f} MiB"
        if label != first and times[first]:
            line += f"; {statistics.median(times[label]) / statistics.median(times[first]):.1f}x {first}'s"
        print(line)


if __name__ == "__main__":
    main()
