#!/usr/bin/env python3
"""Two real instances of table-browser writing at once, under tmux: no edit is ever lost.

Usage: Scripts/two-writers.py [--binary PATH] [--sizes 1K,1M,26M,100M] [--offsets 0,10,50,100,200,400]
                              [--trials N] [--toggles N] [--kills N] [--kill-size 26M] [--kill-within 1.5]
                              [--others N] [--other-size 26M] [--other-within 0.06] [--other-write rename|inplace]
                              [--seed S]

For each file size and offset (milliseconds), a trial starts two instances on one --data
file of that size; each opens a different record's form, types a marker of its own into the
title, then Ctrl-S goes to the first and, OFFSET ms later, to the second. Each instance then
either closes its form (saved) or shows "Not Saved" with its form still holding the marker
(refused, edit kept). The file must then hold every saved instance's marker; a saved marker
that is missing is a LOST edit. A refused instance is then made to Reload and Re-apply (r,
Enter, Ctrl-S), after which the file must hold both markers.

--toggles N: two instances on one state file star N games each on the Games tab, their keys
interleaved; at the end the state file must hold all 2N stars.

--others N: an instance saves a file of --other-size while another program (this script,
which takes no lock of ours) writes the same file in the save's last moments: it waits for
the save's temporary file to reach its full size (the copy done; the flush and the check of
the bytes under way), then, at a random moment within --other-within seconds, puts its own
bytes there (--other-write rename: a file of its own renamed over it, as editors save;
inplace: bytes written into the file itself). Either the instance shows "Not Saved" and the
file holds the other program's bytes exactly (refused, the edit kept), or it saved and the
file holds the other program's bytes after its own (the other program wrote last); an
instance that saved over the other program's write, which is then gone, LOST it (issue 40).

--kills N: an instance saving a file of --kill-size is killed (SIGKILL) at a random moment
within --kill-within seconds of its Ctrl-S (before, during or after the save); a new start
must find the file whole (the old bytes or the new) and no temporary file beside it.

Prints one line per trial and the totals; exits 1 if any edit was lost, any file was not
whole, or any temporary file remained. The end-to-end test runs a small matrix of it with the
debug build; the closing figures come from a release build: `make build` first.
"""
import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WIDTH, HEIGHT = 100, 30


def parse_size(text):
    units = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    return int(float(text[:-1]) * units[text[-1].upper()]) if text[-1].upper() in units else int(text)


class Tmux:
    """A private tmux server; each instance runs in a window of its own, as the pane's process."""

    def __init__(self, folder, environment):
        self.socket = f"two-writers-{os.getpid()}"
        self.folder = folder
        self.environment = environment
        self.run("start-server", ";", "set-option", "-g", "status", "off", ";", "set-option", "-g", "escape-time", "0",
                 ";", "new-session", "-d", "-s", "idle", "-x", str(WIDTH), "-y", str(HEIGHT), "sleep 100000")

    def run(self, *arguments, check=True):
        return subprocess.run(["tmux", "-L", self.socket, *arguments], capture_output=True, text=True, check=check).stdout

    def start(self, name, command):
        assignments = " ".join(f"{key}='{value}'" for key, value in sorted(self.environment.items()))
        self.run("new-window", "-d", "-t", "idle", "-n", name, f"exec env -i {assignments} {command}")
        self.run("set-option", "-w", "-t", f"idle:{name}", "remain-on-exit", "on")

    def pid(self, name):
        return int(self.run("display-message", "-p", "-t", f"idle:{name}", "#{pane_pid}").strip())

    def dead(self, name):
        return self.run("display-message", "-p", "-t", f"idle:{name}", "#{pane_dead}").strip() == "1"

    def screen(self, name):
        return self.run("capture-pane", "-p", "-t", f"idle:{name}", check=False)

    def keys(self, name, *keys):
        self.run("send-keys", "-t", f"idle:{name}", *keys)

    def text(self, name, text):
        self.run("send-keys", "-t", f"idle:{name}", "-l", text)

    def close(self, name):
        self.run("kill-window", "-t", f"idle:{name}", check=False)

    def quit(self, *names):
        """q to each instance; their windows go once they have ended (or after 10 s)."""
        for name in names:
            self.keys(name, "q")
        for name in names:
            deadline = time.monotonic() + 10
            while not self.dead(name) and time.monotonic() < deadline:
                time.sleep(0.02)
            self.close(name)

    def wait(self, name, what, predicate, timeout=60):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.screen(name)
            if predicate(screen):
                return screen
            time.sleep(0.02)
        raise TimeoutError(f"{name}: {what} did not come in {timeout} s; the screen:\n{self.screen(name)}")

    def kill_server(self):
        self.run("kill-server", check=False)


def write_data(path, size):
    """Records titled Record 000001, … padded with a note until the file has about `size` bytes."""
    note = "n" * 200
    count = max(4, size // 260)
    with open(path, "w", encoding="utf-8") as file:
        file.write("[\n")
        for index in range(count):
            file.write(json.dumps({"title": f"Record {index:06d}", "n": index, "note": note}))
            file.write(",\n" if index < count - 1 else "\n")
        file.write("]\n")


def in_list(screen):
    # The form goes as soon as its save starts; the list's prompt says "Saving to …" until
    # the save has landed (a failure brings the form back with "Not Saved").
    return "Record 0000" in screen and "Edit “" not in screen and "Not Saved" not in screen and "Saving to" not in screen


def trial(tmux, binary, data, offset_ms, number):
    """One trial: returns (saved, refused_kept, lost, reapplied, both edits in the file)."""
    # A wait fails after a minute and a second a megabyte: a failing run ends (and its
    # instances with it) well before the end-to-end test's own deadline.
    patience = 60 + os.path.getsize(data) / (1 << 20)
    markers = {"a": f" A{number}x", "b": f" B{number}x"}
    for name in "ab":
        tmux.start(name, f"{binary} --no-animation --data {data}")
    for name in "ab":
        tmux.wait(name, "the list", in_list)
    # a edits the first record, b the second.
    tmux.keys("a", "e")
    tmux.keys("b", "j")
    time.sleep(0.05)
    tmux.keys("b", "e")
    for name in "ab":
        tmux.wait(name, "the form", lambda s: "Edit “Record" in s)
        tmux.keys(name, "C-e")
        tmux.text(name, markers[name])
        tmux.wait(name, "the marker typed", lambda s, m=markers[name]: m.strip() in s)
    tmux.keys("a", "C-s")
    time.sleep(offset_ms / 1000)
    tmux.keys("b", "C-s")
    outcome = {}
    for name in "ab":
        screen = tmux.wait(name, "the save's end", lambda s: in_list(s) or "Not Saved" in s, timeout=patience)
        if "Not Saved" in screen:
            # The alert covers part of the form: Esc (OK) shows the form whole.
            tmux.keys(name, "Escape")
            form = tmux.wait(name, "the form again", lambda s: "Not Saved" not in s)
            outcome[name] = "refused-kept" if markers[name].strip() in form else "refused-LOST"
        else:
            outcome[name] = "saved"
    with open(data, encoding="utf-8") as file:
        text = file.read()
    json.loads(text)
    lost = sum(1 for name in "ab" if outcome[name] == "saved" and markers[name].strip() not in text)
    lost += sum(1 for name in "ab" if outcome[name] == "refused-LOST")
    reapplied = 0
    for name in "ab":
        if outcome[name] == "refused-kept":
            tmux.keys(name, "C-s")
            tmux.wait(name, "the refusal again", lambda s: "Not Saved" in s, timeout=patience)
            tmux.keys(name, "r")
            tmux.wait(name, "Reloaded", lambda s: "Reloaded" in s, timeout=patience)
            tmux.keys(name, "Enter")
            time.sleep(0.05)
            tmux.keys(name, "C-s")
            tmux.wait(name, "the re-applied save", in_list, timeout=patience)
            with open(data, encoding="utf-8") as file:
                text = file.read()
            if markers[name].strip() in text:
                reapplied += 1
    both = all(markers[name].strip() in text for name in "ab")
    tmux.quit(*"ab")
    saved = sum(1 for value in outcome.values() if value == "saved")
    refused = sum(1 for value in outcome.values() if value == "refused-kept")
    return saved, refused, lost, reapplied, both


def toggles(tmux, binary, data, count):
    """Two instances star `count` games each, interleaved; returns (stars expected, stars saved)."""
    for name in "ab":
        tmux.start(name, f"{binary} --no-animation --data {data}")
        tmux.wait(name, "the list", in_list)
        tmux.keys(name, "3")
        tmux.wait(name, "the Games tab", lambda s: "Wishlist:" in s)
    # b starts `count` rows further down, so the two star different games.
    for _ in range(count):
        tmux.keys("b", "j")
    for step in range(count):
        for name in "ab":
            tmux.keys(name, "e")
            # At least this instance's stars so far (the other's may show too).
            tmux.wait(name, f"star {step + 1}", lambda s, n=step + 1: any(f"Wishlist: {k}" in s for k in range(n, 2 * count + 1)))
            tmux.keys(name, "j")
    tmux.quit(*"ab")
    state = os.path.join(tmux.environment["XDG_STATE_HOME"], "table-browser", "state.json")
    with open(state, encoding="utf-8") as file:
        return 2 * count, len(json.load(file)["wishlist"])


def kill_trial(tmux, binary, data, rng, number, within):
    """An instance killed during its save; returns (file whole, leftovers, which)."""
    with open(data, "rb") as file:
        old = file.read()
    tmux.start("k", f"{binary} --no-animation --data {data}")
    tmux.wait("k", "the list", in_list)
    tmux.keys("k", "e")
    tmux.wait("k", "the form", lambda s: "Edit “Record" in s)
    tmux.keys("k", "C-e")
    marker = f" K{number}x"
    tmux.text("k", marker)
    tmux.wait("k", "the marker typed", lambda s: marker.strip() in s)
    pid = tmux.pid("k")
    tmux.keys("k", "C-s")
    time.sleep(rng.uniform(0, within))
    os.kill(pid, 9)
    tmux.close("k")
    # A new start removes what the killed save left; then it quits.
    tmux.start("k", f"{binary} --no-animation --data {data}")
    tmux.wait("k", "the list after the kill", in_list)
    tmux.quit("k")
    with open(data, "rb") as file:
        new = file.read()
    folder = os.path.dirname(data)
    leftovers = [entry for entry in os.listdir(folder) if entry.startswith("." + os.path.basename(data) + ".saving-")]
    if new == old:
        which = "old"
    else:
        json.loads(new)
        which = "new" if marker.strip().encode() in new else "OTHER"
    return which in ("old", "new"), leftovers, which


def other_program_trial(tmux, binary, data, size, rng, number, within, how):
    """A save with another program writing the file in its last moments; returns the outcome:
    "refused" (Not Saved, the other's bytes in the file), "other-last" (saved, then the
    other's bytes over it), "LOST" (saved over the other's write) or "BROKEN"."""
    write_data(data, size)
    with open(data, "rb") as file:
        old = file.read()
    folder, name = os.path.dirname(data), os.path.basename(data)
    # The other program's bytes, ready before the save: its own marker in the last title.
    marker = f"O{number}x".encode()
    at = old.rindex(b'"Record ') + 1
    others = old[:at] + marker + old[at + len(marker):]
    own = data + ".other"
    tmux.start("o", f"{binary} --no-animation --data {data}")
    tmux.wait("o", "the list", in_list)
    tmux.keys("o", "e")
    tmux.wait("o", "the form", lambda s: "Edit “Record" in s)
    tmux.keys("o", "C-e")
    mine = f" M{number}x"
    tmux.text("o", mine)
    tmux.wait("o", "the marker typed", lambda s: mine.strip() in s)
    if how == "rename":
        with open(own, "wb") as file:
            file.write(others)
    delay = rng.uniform(0, within)
    wrote = {}

    def other_program():
        deadline = time.monotonic() + 60
        prefix = "." + name + ".saving-"
        while time.monotonic() < deadline:
            temporaries = [entry for entry in os.listdir(folder) if entry.startswith(prefix)]
            try:
                if temporaries and os.path.getsize(os.path.join(folder, temporaries[0])) >= len(old):
                    break
            except FileNotFoundError:
                pass
            time.sleep(0.0005)
        time.sleep(delay)
        if how == "rename":
            os.rename(own, data)
        else:
            with open(data, "r+b") as file:
                file.seek(at)
                file.write(marker)
        wrote["at"] = time.monotonic()

    thread = threading.Thread(target=other_program)
    thread.start()
    tmux.keys("o", "C-s")
    patience = 60 + size / (1 << 20)
    screen = tmux.wait("o", "the save's end", lambda s: in_list(s) or "Not Saved" in s, timeout=patience)
    thread.join()
    tmux.quit("o")
    with open(data, "rb") as file:
        final = file.read()
    if os.path.exists(own):
        os.unlink(own)
    if "Not Saved" in screen:
        return "refused" if final == others else "BROKEN"
    if marker in final:
        return "other-last"
    return "LOST" if mine.strip().encode() in final else "BROKEN"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "table-browser"))
    parser.add_argument("--sizes", default="1K,1M,26M,100M")
    parser.add_argument("--offsets", default="0,10,50,100,200,400")
    parser.add_argument("--trials", type=int, default=1, help="trials at each size and offset")
    parser.add_argument("--toggles", type=int, default=10)
    parser.add_argument("--kills", type=int, default=0)
    parser.add_argument("--kill-size", default="26M")
    parser.add_argument("--kill-within", type=float, default=1.5, help="seconds after Ctrl-S within which the kill lands (uniformly)")
    parser.add_argument("--others", type=int, default=0)
    parser.add_argument("--other-size", default="26M")
    parser.add_argument("--other-within", type=float, default=0.06,
                        help="seconds after the temporary file is whole within which the other program writes (uniformly)")
    parser.add_argument("--other-write", choices=["rename", "inplace"], default="rename")
    parser.add_argument("--seed", type=int, default=None)
    arguments = parser.parse_args()
    if not shutil.which("tmux"):
        print("two-writers: tmux is not installed", file=sys.stderr)
        return 2
    # Ended from outside (SIGTERM, SIGHUP): the tmux server and its instances go too.
    for number in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, lambda *_: sys.exit(1))
    rng = random.Random(arguments.seed)
    binary = os.path.abspath(arguments.binary)
    totals = {"trials": 0, "saved": 0, "refused-kept": 0, "lost": 0, "reapplied": 0, "both-in-file": 0}
    failed = False
    with tempfile.TemporaryDirectory(prefix="two-writers-") as folder:
        environment = {"HOME": folder, "XDG_STATE_HOME": os.path.join(folder, "state"), "XDG_DATA_HOME": os.path.join(folder, "share"),
                       "TERM": "tmux-256color" if os.path.exists("/usr/share/terminfo/t/tmux-256color") else "screen",
                       "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"}
        tmux = Tmux(folder, environment)
        try:
            number = 0
            for size_text in [s for s in arguments.sizes.split(",") if s]:
                data = os.path.join(folder, f"data-{size_text}.json")
                write_data(data, parse_size(size_text))
                for offset in [int(o) for o in arguments.offsets.split(",") if o]:
                    for _ in range(arguments.trials):
                        number += 1
                        started = time.monotonic()
                        saved, refused, lost, reapplied, both = trial(tmux, binary, data, offset, number)
                        totals["trials"] += 1
                        totals["saved"] += saved
                        totals["refused-kept"] += refused
                        totals["lost"] += lost
                        totals["reapplied"] += reapplied
                        totals["both-in-file"] += int(both)
                        failed |= lost > 0 or not both
                        print(f"size {size_text:>5} offset {offset:>4} ms: saved {saved}, refused with the edit kept {refused}, "
                              f"lost {lost}; re-applied {reapplied}; both edits in the file: {'yes' if both else 'NO'} "
                              f"({time.monotonic() - started:.1f} s)", flush=True)
            if arguments.toggles:
                data = os.path.join(folder, "data-toggles.json")
                write_data(data, 1024)
                expected, found = toggles(tmux, binary, data, arguments.toggles)
                failed |= expected != found
                print(f"state: {expected} stars given in two instances, {found} in the state file", flush=True)
            if arguments.others:
                data = os.path.join(folder, f"data-other-{arguments.other_size}.json")
                outcomes = {"refused": 0, "other-last": 0, "LOST": 0, "BROKEN": 0}
                for index in range(arguments.others):
                    outcome = other_program_trial(tmux, binary, data, parse_size(arguments.other_size), rng, index,
                                                  arguments.other_within, arguments.other_write)
                    outcomes[outcome] += 1
                    failed |= outcome in ("LOST", "BROKEN")
                    print(f"other program ({arguments.other_write}) during a {arguments.other_size} save: {outcome}", flush=True)
                print(f"another program writing during a {arguments.other_size} save ({arguments.other_write}): {arguments.others} trials, "
                      f"refused with its bytes kept {outcomes['refused']}, it wrote after the save {outcomes['other-last']}, "
                      f"its write lost {outcomes['LOST']}, file broken {outcomes['BROKEN']}", flush=True)
            kills = {"old": 0, "new": 0, "leftovers": 0, "broken": 0}
            if arguments.kills:
                data = os.path.join(folder, f"data-kill-{arguments.kill_size}.json")
                write_data(data, parse_size(arguments.kill_size))
                for index in range(arguments.kills):
                    whole, leftovers, which = kill_trial(tmux, binary, data, rng, index, arguments.kill_within)
                    kills[which if which in kills else "broken"] += 1
                    kills["leftovers"] += len(leftovers)
                    failed |= not whole or bool(leftovers)
                print(f"kill -9 during a {arguments.kill_size} save, then a start: {arguments.kills} runs, file old {kills['old']}, "
                      f"new {kills['new']}, not whole {kills['broken']}; temporary files left {kills['leftovers']}", flush=True)
        finally:
            tmux.kill_server()
    print(f"total: trials {totals['trials']}, instances saved {totals['saved']}, refused with the edit kept {totals['refused-kept']}, "
          f"lost {totals['lost']}; refused edits re-applied and saved {totals['reapplied']}; "
          f"trials ending with both edits in the file {totals['both-in-file']}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
