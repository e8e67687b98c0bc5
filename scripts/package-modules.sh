# What check-consumer.sh and check-undo-gesture.sh share, sourced by both: an outside package's build may compile
# only the modules it is allowed (its own and the library products'), and must compile those it needs.
# Set `scratch` (the package's scratch folder), `allowed` (module names) and `checker` (the name in messages) first.

# Removes what an earlier build left of other modules, so that any object file found later was made by this build.
clear_other_modules() {
    for dir in "$scratch"/debug/*.build; do
        [ -d "$dir" ] || continue
        case " $allowed " in *" $(basename "$dir" .build) "*) ;; *) rm -rf "$dir" ;; esac
    done
}

# Every module compiled: a folder NAME.build with object files in it, per Swift or C target (SwiftPM makes the
# folder of every target in the graph while planning, so an empty one means nothing was built). Fails unless only
# allowed modules were built and each module named in the arguments was; `what` says what built them.
check_compiled_modules() {
    local what=$1; shift
    local built=() unexpected=()
    for dir in "$scratch"/debug/*.build; do
        [ -n "$(find "$dir" -name '*.o' -print -quit)" ] || continue
        local name
        name=$(basename "$dir" .build)
        built+=("$name")
        case " $allowed " in *" $name "*) ;; *) unexpected+=("$name") ;; esac
    done
    if [ ${#unexpected[@]} -gt 0 ]; then
        echo "$checker: $what compiled modules it does not need: ${unexpected[*]}"
        exit 1
    fi
    for needed in "$@"; do
        case " ${built[*]} " in *" $needed "*) ;; *) echo "$checker: $needed was not built"; exit 1 ;; esac
    done
    echo "$checker: compiled ${built[*]}; nothing else"
}
