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
POLL = 0.025
# Seconds without a change on screen after which the script gives up and shows it.
STALL = 20


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
    """The lines under the log: the digest, if any, what to do now and the key bar."""
    lines = [l for l in screen.splitlines() if l.strip()]
    return "\n".join(lines[-4:])


def whose_turn(screen):
    """Whose turn the header says it is ("Ana's turn"), or None."""
    lines = screen.splitlines()
    m = re.search(r"(\w+)'s turn\s*$", lines[1]) if len(lines) > 1 else None
    return m.group(1) if m else None


# What Ana presses, by what the bottom lines ask of her, first match first.
KEYS = [
    ("(the expert bot)", None),
    ("to make an offer", None),
    (f"{PERSON} answers the offer", "d"),
    ("harvest a field first (h)", "h"),
    ("The bean protection rule", "Right"),
    (f"Harvest {PERSON}'s field", "Enter"),
    (f"{PERSON}: plant the front card", "Enter"),
    (f"{PERSON}: you may plant one more card", "t"),
    (f"{PERSON} trades.", "e"),
    (f"{PERSON} plants", "Enter"),
]


def ana_key(screen):
    """The key Ana presses now, or None while she waits (a bot's move, the floor line)."""
    foot = bottom(screen)
    for words, key in KEYS:
        if words in foot:
            return key
    return None


def measure(binary, pace, turns, seed, log):
    data = os.environ.get("PACE_WAIT_KEEP") or tempfile.mkdtemp(prefix="pace-wait-")
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
    # When Ana's last turn ended (her last key in it), while she waits for the next.
    waiting_since = None
    last_key = None
    seen = ("", time.monotonic())
    try:
        deadline = time.monotonic() + 60 * 30
        while time.monotonic() < deadline:
            screen = tmux.screen()
            now = time.monotonic()
            turn = re.search(r"· turn (\d+)", screen.splitlines()[0] if screen else "")
            if turn and int(turn.group(1)) > turns:
                break
            ours = whose_turn(screen) == PERSON
            key = ana_key(screen)
            if ours and key is not None and waiting_since is not None and last_key is None:
                waits.append(now - waiting_since)
                print(f"  {pace} seed {seed}: wait {len(waits)}: {waits[-1]:.2f} s", file=log)
                waiting_since = None
            if not ours and last_key is not None:
                # Her turn is over: the wait runs from her last key in it.
                waiting_since, last_key = last_key, None
            if screen != seen[0]:
                seen = (screen, now)
            elif now - seen[1] > STALL:
                sys.exit(f"pace_wait: nothing moved for {STALL} s; the screen shows:\n{screen}")
            if key is None:
                time.sleep(POLL)
                continue
            tmux.keys(key)
            if ours:
                last_key = time.monotonic()
            # Give the screen time to take the key before reading it again.
            time.sleep(0.05)
    finally:
        tmux.keys("q")
        tmux.keys("y")
        time.sleep(0.2)
        tmux.kill()
        if not os.environ.get("PACE_WAIT_KEEP"):
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
