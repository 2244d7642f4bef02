#!/bin/sh
# Paced reveal: CPU while revealing at 30 cps, and the achieved rate against the requested.
#
#   Tools/bench/reveal-bench.sh [READER] [BOOK] [CPU_SECONDS] [RATE_SECONDS]
#
# READER defaults to /tmp/build-reveal-rel/release/reader (build it with
#   swift build -c release --scratch-path /tmp/build-reveal-rel --product reader),
# BOOK to ../shared/corpus/epub/idpf_moby-dick.epub, 30 and 60 seconds.
#
# 1. CPU: `reader --reveal BOOK --chapter 5` (30 cps, pauses on, pages turning) in a
#    detached 100×30 tmux pane; utime+stime of the process from /proc/PID/stat over
#    CPU_SECONDS, as a percentage of one core.
# 2. Rate: `reader --reveal=30 --no-pauses --width 240` in a 250×80 pane (one page holds
#    far more than RATE_SECONDS of text, so no page wait interferes); the revealed
#    graphemes are counted on the screen (tmux capture-pane; the text is English, one
#    code point a grapheme; hidden line-end spaces are not graphemes of the reveal
#    either) at two moments taken with this script's clock, RATE_SECONDS apart.
#    The reader's own count (READER_STATS=1) is printed too.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
reader=${1:-/tmp/build-reveal-rel/release/reader}
book=${2:-$here/../../../shared/corpus/epub/idpf_moby-dick.epub}
cpu_seconds=${3:-30}
rate_seconds=${4:-60}
work=$(mktemp -d /tmp/reveal-bench.XXXXXX)
sock="reveal-bench-$$"
trap 'tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT

launch() { # columns rows args...
    cols=$1 rows=$2; shift 2
    cat > "$work/run.sh" <<EOS
#!/bin/sh
echo \$\$ > '$work/pid'
exec env XDG_STATE_HOME='$work/state' XDG_CACHE_HOME='$work/cache' READER_STATS=1 '$reader' $* '$book' 2> '$work/stderr'
EOS
    chmod +x "$work/run.sh"
    rm -f "$work/pid"
    tmux -L "$sock" kill-server 2>/dev/null || true
    tmux -L "$sock" new-session -d -x "$cols" -y "$rows" "$work/run.sh"
    sleep 2
    pid=$(cat "$work/pid")
}
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
now() { date +%s.%N; }
count() { # revealed graphemes on screen (all rows but the status line)
    tmux -L "$sock" capture-pane -p | head -n -1 | python3 -c '
import sys
print(sum(len(l.strip()) for l in sys.stdin.read().split("\n")))'
}

echo "reader: $reader"
echo "book:   $book"
echo "load:   $(cut -d' ' -f1-3 /proc/loadavg)"

# 1. CPU at 30 cps.
launch 100 30 --reveal --chapter 5
hz=$(getconf CLK_TCK)
t0=$(now); c0=$(ticks "$pid")
sleep "$cpu_seconds"
t1=$(now); c1=$(ticks "$pid")
python3 -c "
t = $t1 - $t0; cpu = ($c1 - $c0) / $hz
print(f'cpu:    {cpu:.2f} s of CPU in {t:.1f} s revealing at 30 cps = {100 * cpu / t:.2f} % of one core')"
tmux -L "$sock" send-keys q; sleep 0.5
grep 'stats: reveal' "$work/stderr" | sed 's/^/        /' || true

# 2. Rate over RATE_SECONDS, no pauses, one big page.
launch 250 80 --reveal=30 --no-pauses --width 240 --chapter 5
a0=$(now); n0=$(count)
sleep "$rate_seconds"
a1=$(now); n1=$(count)
python3 -c "
t = $a1 - $a0; n = $n1 - $n0
r = n / t
print(f'rate:   {n} graphemes in {t:.2f} s = {r:.3f}/s against 30 requested: {100 * (r - 30) / 30:+.2f} %')"
tmux -L "$sock" send-keys q; sleep 0.5
grep 'stats: reveal' "$work/stderr" | sed 's/^/        /' || true
