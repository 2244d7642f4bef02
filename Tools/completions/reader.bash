# bash completion for reader — source it, or install as
# /usr/share/bash-completion/completions/reader
_reader() {
    local cur prev words cword
    _init_completion 2>/dev/null || { cur=${COMP_WORDS[COMP_CWORD]}; prev=${COMP_WORDS[COMP_CWORD-1]}; }
    local options="--width -w --chapter -c --offset --lines -n --line-break --indent --compact --justify
        --color --encoding --direction --arabic-shaping --ruby --logical --writing-mode --height --pages --notes --wrap --hyphenate --percent -p --theme --margin --status --clipboard-command --images --fit
        --reveal --no-pauses --reveal-wait --reveal-catch-up --json --jobs -j --max-size --force -f
        --default --path
        --sort -r --dictionaries
        --help -h --version"
    case "$prev" in
        --line-break) COMPREPLY=($(compgen -W "strict normal loose" -- "$cur")); return ;;
        --direction) COMPREPLY=($(compgen -W "ltr rtl auto" -- "$cur")); return ;;
        --arabic-shaping) COMPREPLY=($(compgen -W "on off" -- "$cur")); return ;;
        --ruby) COMPREPLY=($(compgen -W "above inline off" -- "$cur")); return ;;
        --writing-mode) COMPREPLY=($(compgen -W "horizontal vertical auto" -- "$cur")); return ;;
        --notes) COMPREPLY=($(compgen -W "inline end off" -- "$cur")); return ;;
        --hyphenate) COMPREPLY=($(compgen -W "auto off en-US en-GB de fr es it pt ru nl pl sv" -- "$cur")); return ;;
        --wrap) COMPREPLY=($(compgen -W "optimal greedy" -- "$cur")); return ;;
        --theme) COMPREPLY=($(compgen -W "dark light plain" -- "$cur")); return ;;
        --images) COMPREPLY=($(compgen -W "auto kitty sixel iterm symbols off" -- "$cur")); return ;;
        --fit) COMPREPLY=($(compgen -W "page width" -- "$cur")); return ;;
        --clipboard-command) COMPREPLY=($(compgen -W "osc52 wl-copy xclip" -- "$cur")); return ;;
        --status) COMPREPLY=($(compgen -W "title,chapter,percent,time-left-chapter title,chapter,percent,time-left-book percent,time-left-book none" -- "$cur")); return ;;
        --sort) COMPREPLY=($(compgen -W "recent title author progress" -- "$cur")); return ;;
        --format) COMPREPLY=($(compgen -W "md json" -- "$cur")); return ;;
        --dictionaries) COMPREPLY=($(compgen -W "all $(cd /usr/share/dictd 2>/dev/null && ls *.index 2>/dev/null | sed 's/\.index$//')" -- "$cur")); return ;;
        define) return ;;
        add) COMPREPLY=($(compgen -d -- "$cur") $(compgen -f -X '!*.@(epub|EPUB|txt|TXT)' -- "$cur")); return ;;
        --encoding) COMPREPLY=($(compgen -W "$(iconv -l 2>/dev/null | tr -d ',/' )" -- "$cur")); return ;;
        --margin|--width|-w|--chapter|-c|--offset|--lines|-n|--indent|--percent|-p|--reveal-wait|--jobs|-j|--max-size) return ;;
        cache) COMPREPLY=($(compgen -W "build verify stats clear" -- "$cur")); return ;;
    esac
    if [[ "$cur" == -* ]]; then
        COMPREPLY=($(compgen -W "$options" -- "$cur"))
    elif [[ $COMP_CWORD -eq 1 ]]; then
        COMPREPLY=($(compgen -W "info dump cache config add list stats notes define last" -- "$cur") $(compgen -f -X '!*.@(epub|EPUB|txt|TXT)' -- "$cur") $(compgen -d -- "$cur"))
    else
        COMPREPLY=($(compgen -f -X '!*.@(epub|EPUB|txt|TXT)' -- "$cur") $(compgen -d -- "$cur"))
    fi
}
shopt -s extglob 2>/dev/null
complete -F _reader reader
