# Shared by the first-frame benchmarks (source it): run a reader in a detached tmux pane
# and read the first-frame time it reports with READER_STATS=1.
#
# first_frame_in SOCKET ERR COLUMNS ROWS COMMAND
#   Runs the shell string COMMAND (its stderr must go to ERR, with READER_STATS=1 set) in
#   a detached COLUMNS × ROWS pane of the tmux server SOCKET, presses q until the reader
#   has printed its statistics (it prints them when it exits), and prints the first-frame
#   milliseconds. With $FIRST_FRAME_READY set to a shell test, q is pressed only once it
#   holds (e.g. until a cache file exists).
first_frame_in() {
    local socket=$1 err=$2 columns=$3 rows=$4 command=$5
    rm -f "$err"
    tmux -L "$socket" new-session -d -x "$columns" -y "$rows" "$command"
    if [ -n "${FIRST_FRAME_READY:-}" ]; then
        for _ in $(seq 1 200); do eval "$FIRST_FRAME_READY" && break; sleep 0.05; done
    fi
    for _ in $(seq 1 400); do
        grep -q "first frame" "$err" 2>/dev/null && break
        tmux -L "$socket" send-keys q 2>/dev/null || true
        sleep 0.05
    done
    tmux -L "$socket" kill-server 2>/dev/null || true
    grep -o "first frame [0-9.]* ms" "$err" | awk '{print $3}'
}

# median N...: the middle value (the upper one of an even count's two).
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
