#!/usr/bin/env bash
# The engine's speed as a ratio to the floor: an allocation-free base-game engine that lives
# OUTSIDE this repository, in ../shared/floor beside the checkout (set FLOOR=/path/to/floor
# to point elsewhere). Both play the same policy (the floor's SAME=1 is the policy of
# benches/engine.rs' planting game) in 4-player base games; the two are run in turn, ROUNDS
# times each, and the medians of their CPU microseconds a game are divided. Running them in
# turn in one go makes the ratio fair on a loaded machine, where either figure alone is not.
#
#   benches/floor_ratio.sh                 # 5 rounds of 100,000 games each
#   ROUNDS=3 GAMES=50000 benches/floor_ratio.sh
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
FLOOR=${FLOOR:-$ROOT/../shared/floor}
ROUNDS=${ROUNDS:-5}
GAMES=${GAMES:-100000}

if [[ ! -f $FLOOR/Cargo.toml ]]; then
    echo "floor_ratio: the floor is not at $FLOOR (it is not part of this repository;" >&2
    echo "it lives in ../shared/floor beside the checkout). Set FLOOR=/path/to/floor." >&2
    exit 1
fi

# shared/ may be read-only: build the floor into this project's target/.
CARGO_TARGET_DIR=$ROOT/target/floor cargo build --quiet --release --manifest-path "$FLOOR/Cargo.toml"
cargo build --quiet --release --manifest-path "$ROOT/Cargo.toml" --example planting_speed
floor_bin=$ROOT/target/floor/release/$(sed -n 's/^name *= *"\(.*\)"/\1/p' "$FLOOR/Cargo.toml" | head -1)
engine_bin=$ROOT/target/release/examples/planting_speed

cpu_of() { sed -n 's/.*cpu \([0-9.]*\) us\/game.*/\1/p'; }
median() { sort -g | awk '{v[NR]=$1} END {print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }

floor_runs=(); engine_runs=()
for round in $(seq "$ROUNDS"); do
    f=$(ONLY4=1 BASE=1 SAME=1 "$floor_bin" "$GAMES" | cpu_of)
    e=$("$engine_bin" "$GAMES" | cpu_of)
    echo "round $round: floor $f us/game, engine $e us/game"
    floor_runs+=("$f"); engine_runs+=("$e")
done
f=$(printf '%s\n' "${floor_runs[@]}" | median)
e=$(printf '%s\n' "${engine_runs[@]}" | median)
echo "median of $ROUNDS rounds of $GAMES games: floor $f us/game, engine $e us/game," \
    "ratio $(awk -v e="$e" -v f="$f" 'BEGIN {printf "%.2f", e / f}')x (load: $(cut -d' ' -f1-3 /proc/loadavg))"
