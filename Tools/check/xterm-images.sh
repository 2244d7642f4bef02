#!/bin/sh
# A real-terminal check (docs/IMAGES.md, "Real-terminal check"): runs COMMAND in xterm
# (sixel on: -ti vt340, 256 colour registers) on a virtual X server, waits until the
# screen stops changing, takes a screenshot and compares it with an expected PNG.
#
#   Tools/check/xterm-images.sh [--expect PNG] [--out PNG] [--keys 'j j'] [--crop WxH+X+Y]
#       [--tolerance N] [--max-fraction F] [--timeout SECONDS] [--display :N]
#       [--geometry COLSxROWS] [--no-fa] -- COMMAND [ARG...]
#
# --expect   the PNG to compare with (per-pixel tolerance N, default 16, on each channel;
#            at most the fraction F of the pixels may differ, default 0.002); exit 1 if
#            the screenshot still differs at the timeout. Without it: exit 0 once drawn.
# --out      where to keep the screenshot (default: printed temporary path, removed).
# --keys     keys sent with xdotool (apt: xdotool) once the first screen is drawn, one
#            X keysym each, separated by spaces (j, space, Next, q…); waits after each
#            (for a change, or 3 s without one, then for stillness).
# --crop     the part of the 1024×768 screen kept (default: all of it).
# --timeout  seconds to wait for drawing (default 20).
# --no-fa    xterm's bitmap fonts instead of -fa Monospace -fs 10.
# Needs Xvfb, xterm and xwd (apt: xvfb xterm x11-apps); python3 for the PNGs.
# Xvfb and xterm are always killed on exit.
set -u
here=$(cd "$(dirname "$0")" && pwd)
expect="" out="" keys="" crop="" tolerance=16 fraction=0.002 timeout=20 display=:99
geometry=100x40 fonts="-fa Monospace -fs 10"
while [ $# -gt 0 ]; do
    case "$1" in
        --expect) expect=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --keys) keys=$2; shift 2 ;;
        --crop) crop=$2; shift 2 ;;
        --tolerance) tolerance=$2; shift 2 ;;
        --max-fraction) fraction=$2; shift 2 ;;
        --timeout) timeout=$2; shift 2 ;;
        --display) display=$2; shift 2 ;;
        --geometry) geometry=$2; shift 2 ;;
        --no-fa) fonts=""; shift ;;
        --) shift; break ;;
        *) echo "xterm-images.sh: unknown option $1 (the command goes after --)" >&2; exit 2 ;;
    esac
done
[ $# -gt 0 ] || { echo "usage: xterm-images.sh [options] -- COMMAND [ARG...]" >&2; exit 2; }
for tool in Xvfb xterm xwd python3; do
    command -v $tool >/dev/null || { echo "xterm-images.sh: $tool is missing (make check-xterm installs it)" >&2; exit 2; }
done
if [ -n "$keys" ] && ! command -v xdotool >/dev/null; then
    echo "xterm-images.sh: --keys needs xdotool (apt: xdotool)" >&2; exit 2
fi
if [ -e "/tmp/.X${display#:}-lock" ]; then
    echo "xterm-images.sh: display $display is in use (choose another with --display)" >&2; exit 2
fi

work=$(mktemp -d)
xvfb_pid="" xterm_pid=""
cleanup() {
    [ -n "$xterm_pid" ] && kill "$xterm_pid" 2>/dev/null
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null
    [ -n "$xvfb_pid" ] && wait "$xvfb_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

Xvfb "$display" -screen 0 1024x768x24 -br -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
export DISPLAY="$display"
started=$(date +%s)
until xwd -root -silent >"$work/empty.xwd" 2>/dev/null; do
    kill -0 "$xvfb_pid" 2>/dev/null || { echo "xterm-images.sh: Xvfb did not start:" >&2; cat "$work/xvfb.log" >&2; exit 2; }
    [ $(( $(date +%s) - started )) -lt 10 ] || { echo "xterm-images.sh: Xvfb not ready in 10 s" >&2; exit 2; }
    sleep 0.2
done

# shellcheck disable=SC2086  # $fonts is two options or none
xterm -geometry "$geometry+0+0" $fonts -ti vt340 -hold \
    -xrm 'XTerm*decTerminalID: vt340' -xrm 'XTerm*numColorRegisters: 256' \
    -xrm 'XTerm*sixelScrolling: true' -e "$@" >"$work/xterm.log" 2>&1 &
xterm_pid=$!

# Waits until the screen differs from empty.xwd and has not changed for a second. With an
# argument N: a screen still like empty.xwd after N seconds counts as settled too (a key
# that changed nothing).
settle() {
    started=$(date +%s) limit=$(( $(date +%s) + timeout )) same=0
    cp "$work/empty.xwd" "$work/previous.xwd"
    while [ "$(date +%s)" -lt "$limit" ]; do
        sleep 0.5
        xwd -root -silent >"$work/shot.xwd" || return 1
        if ! cmp -s "$work/shot.xwd" "$work/empty.xwd" && cmp -s "$work/shot.xwd" "$work/previous.xwd"; then
            same=$((same + 1))
            [ $same -ge 2 ] && return 0
        else
            same=0
        fi
        if [ $# -gt 0 ] && cmp -s "$work/shot.xwd" "$work/empty.xwd"; then
            [ $(( $(date +%s) - started )) -ge "$1" ] && return 0
        fi
        mv "$work/shot.xwd" "$work/previous.xwd"
    done
    echo "xterm-images.sh: the screen did not settle in $timeout s" >&2
    cp "$work/previous.xwd" "$work/shot.xwd"
    return 1
}

settle
if [ -n "$keys" ]; then
    window=$(xdotool search --sync --onlyvisible --pid "$xterm_pid" 2>/dev/null | head -n 1)
    [ -n "$window" ] || window=$(xdotool search --sync --onlyvisible --class xterm | head -n 1)
    xdotool windowfocus --sync "$window" 2>/dev/null || xdotool mousemove --sync 20 20
    for key in $keys; do
        cp "$work/shot.xwd" "$work/empty.xwd"    # settled again = changed since, then still
        xdotool key "$key"
        settle 3 || true
    done
fi
shot="${out:-$work/screenshot.png}"
if [ -n "$crop" ]; then
    python3 "$here/screenshot.py" topng "$work/shot.xwd" "$shot" --crop "$crop" || exit 2
else
    python3 "$here/screenshot.py" topng "$work/shot.xwd" "$shot" || exit 2
fi
[ -n "$out" ] && echo "screenshot: $out"
[ -n "$expect" ] || exit 0
python3 "$here/screenshot.py" compare "$shot" "$expect" --tolerance "$tolerance" --max-fraction "$fraction"
