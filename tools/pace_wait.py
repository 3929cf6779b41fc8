#!/usr/bin/env python3
"""How long a person waits between their own turns against three `expert` bots.

Runs the real binary in tmux (a server of its own), the base game, four players: Ana (a
person, played by this script) and three `expert` bots, at each pace asked for, one game of 20 turns (five of Ana's) per seed. Ana plays
her turns lazily and at once (plants the front card, turns over, ends trading, plants what
she kept; declines every offer made to her; lets the floor on a bot's turn pass by itself).
A wait runs from the last key of one of Ana's turns until her next turn asks her to plant;
offers she answers in between count as waiting (she answers at once). Prints, for each
pace, every wait, then the median and the worst.

    python3 tools/pace_wait.py [--bin target/release/bohnanza] [--turns 20]
                               [--paces normal,fast] [--seeds 1,2,3]

Its figures are in docs/playing.md. Measure on a machine as quiet as you can get it: the
bots think by the clock, so a busy machine plays weaker bots, not slower ones, but the
screen and the script share the cores too.
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

PERSON = "Ana"
POLL = 0.01


class Tmux:
    """A tmux server of our own, killed at the end."""

    def __init__(self, name):
        self.socket = f"pace-wait-{name}-{os.getpid()}"

    def run(self, *args):
        out = subprocess.run(
            ["tmux", "-L", self.socket, *args], capture_output=True, text=True
        )
        return out.stdout

    def start(self, argv, env):
        cmd = " ".join(f"{k}={v}" for k, v in env.items()) + " " + " ".join(argv)
        self.run("new-session", "-d", "-s", "w", "-x", "120", "-y", "40", cmd)

    def screen(self):
        return self.run("capture-pane", "-p", "-t", "w")

    def keys(self, *keys):
        self.run("send-keys", "-t", "w", *keys)

    def kill(self):
        self.run("kill-server")


def bottom(screen):
    """The situation line and the key bar: the screen's last two lines that say anything."""
    lines = [l for l in screen.splitlines() if l.strip()]
    return "\n".join(lines[-3:])


def ana_key(screen):
    """The key Ana presses now, or None while she waits (a bot's move, the floor line)."""
    foot = bottom(screen)
    if "(the expert bot)" in foot or "to make an offer" in foot:
        return None
    if f"{PERSON} answers the offer" in foot:
        return "d"
    if f"{PERSON}: plant the front card" in foot and "turn over" not in foot:
        return "Enter"
    if f"{PERSON}" in foot and "turn over" in foot:
        return "t"
    if f"{PERSON} trades." in foot:
        return "e"
    if "Phase 3" in foot and f"{PERSON}" in foot:
        return "Enter"
    if "Harvest" in foot and "Enter" in foot:
        return "Enter"
    if "harvest" in foot and f"{PERSON}" in foot:
        return "h"
    return None


def turn_of(screen):
    """The turn number in the header ("base · seed 1 · turn 7")."""
    m = re.search(r"turn (\d+)", screen.splitlines()[0] if screen else "")
    return int(m.group(1)) if m else None


def measure(binary, pace, turns, seed, log):
    data = tempfile.mkdtemp(prefix="pace-wait-")
    tmux = Tmux(pace)
    argv = [
        binary,
        "--variant", "base",
        "--seats", "human,expert,expert,expert",
        "--names", f"{PERSON},Ben,Cy,Di",
        "--seed", str(seed),
        "--pace", pace,
    ]
    tmux.start(argv, {"BOHNANZA_DATA_DIR": data, "TERM": "xterm-256color"})
    waits = []
    waiting_since = None
    own_turn = False
    last = ("", 0.0)
    try:
        deadline = time.monotonic() + 60 * 30
        while time.monotonic() < deadline:
            screen = tmux.screen()
            turn = turn_of(screen)
            if turn is not None and turn > turns:
                break
            now = time.monotonic()
            foot = bottom(screen)
            starts = f"{PERSON}: plant the front card" in foot
            if starts and not own_turn:
                own_turn = True
                if waiting_since is not None:
                    waits.append(now - waiting_since)
                    print(f"  {pace}: wait {len(waits)}: {waits[-1]:.2f} s", file=log)
            key = ana_key(screen)
            if key is None:
                if own_turn and "(the expert bot)" in foot:
                    own_turn = False
                time.sleep(POLL)
                continue
            if (foot, key) == last[0] and now - last[1] < 0.5:
                # The screen has not caught up with the key yet.
                time.sleep(POLL)
                continue
            tmux.keys(key)
            last = ((foot, key), now)
            if own_turn:
                waiting_since = time.monotonic()
            time.sleep(POLL)
    finally:
        tmux.keys("q")
        tmux.keys("y")
        time.sleep(0.2)
        tmux.kill()
        shutil.rmtree(data, ignore_errors=True)
    return waits


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default="target/release/bohnanza")
    ap.add_argument("--turns", type=int, default=20, help="the game's turns each game plays")
    ap.add_argument("--paces", default="slow,normal,fast,instant")
    ap.add_argument("--seeds", default="1,2,3", help="one game per seed, at each pace")
    args = ap.parse_args()
    if not shutil.which("tmux"):
        sys.exit("pace_wait: tmux is not installed")
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    rows = []
    for pace in args.paces.split(","):
        waits = []
        for seed in args.seeds.split(","):
            waits += measure(args.bin, pace, args.turns, int(seed), sys.stderr)
        if not waits:
            sys.exit(f"pace_wait: no wait measured at {pace}")
        rows.append((pace, len(waits), statistics.median(waits), max(waits)))
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    print("| pace | waits | median | worst |")
    print("|---|---|---|---|")
    for pace, n, median, worst in rows:
        print(f"| `{pace}` | {n} | {median:.1f} s | {worst:.1f} s |")


if __name__ == "__main__":
    main()
