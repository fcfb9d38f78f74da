#!/usr/bin/env bash
# Installs table-browser from a build's products, or removes what an install put there.
#
#   Scripts/install.sh install BIN_DIR PREFIX    BIN_DIR: `swift build --show-bin-path`, which must
#                                                hold table-browser and its resource bundle
#   Scripts/install.sh uninstall PREFIX
#
# `make install` and `make uninstall` pass "$DESTDIR$PREFIX" as PREFIX. What goes where:
#
#   bin/table-browser
#   share/table-browser/TableKit_BundledData.resources/   found from the binary's real path
#   share/table-browser/install-manifest                  every file and new folder, for uninstall
#   share/bash-completion/completions/table-browser
#   share/zsh/site-functions/_table-browser
#   share/fish/vendor_completions.d/table-browser.fish
#   share/man/man1/table-browser.1
#
# The manifest's paths are relative to PREFIX, so a DESTDIR install uninstalls from either place.
# Uninstall removes the manifest's files, then each folder the install created, once empty.
set -euo pipefail

bundle=TableKit_BundledData.resources
manifest_path=share/table-browser/install-manifest

usage() {
    echo "usage: $0 install BIN_DIR PREFIX | uninstall PREFIX" >&2
    exit 64
}

# Removes what PREFIX's manifest lists; quietly nothing when there is no manifest and $2 is "quiet".
uninstall() {
    local prefix=$1 quiet=${2:-}
    local manifest="$prefix/$manifest_path"
    if [ ! -f "$manifest" ]; then
        [ -n "$quiet" ] && return 0
        echo "$0: nothing to uninstall: $manifest not found" >&2
        exit 1
    fi
    local kind path
    local -a folders=()
    while read -r kind path; do
        case $kind in
            f) rm -f -- "$prefix/$path" ;;
            d) folders+=("$path") ;;
        esac
    done <"$manifest"
    rm -f -- "$manifest"
    # Created folders were listed parent first: remove them child first.
    local i
    for ((i = ${#folders[@]} - 1; i >= 0; i--)); do
        if [ "${folders[i]}" = . ]; then
            rmdir -- "$prefix" 2>/dev/null || true
        else
            rmdir -- "$prefix/${folders[i]}" 2>/dev/null || true
        fi
    done
}

install_all() {
    local bin_dir=$1 prefix=$2
    local binary="$bin_dir/table-browser"
    [ -x "$binary" ] || { echo "$0: $binary is not built" >&2; exit 1; }
    [ -d "$bin_dir/$bundle" ] || { echo "$0: $bin_dir/$bundle is not built" >&2; exit 1; }
    # A second install replaces the first whole, so nothing of an older one stays behind.
    uninstall "$prefix" quiet

    # Global, not local: the EXIT trap runs after this function has returned.
    staging=$(mktemp -d)
    trap 'rm -rf "$staging"' EXIT
    "$binary" --generate-completion-script bash >"$staging/table-browser.bash"
    "$binary" --generate-completion-script zsh >"$staging/_table-browser"
    "$binary" --generate-completion-script fish >"$staging/table-browser.fish"
    # The app writes its own page, from the text of its --help (UTF-8 kept as roff escapes).
    "$binary" man-page >"$staging/table-browser.1"
    [ -s "$staging/table-browser.1" ] || { echo "$0: table-browser man-page wrote nothing" >&2; exit 1; }

    local -a entries=()
    # Creates each missing folder of $1 (relative to prefix), parent first, and lists it.
    make_folder() {
        local relative=$1 walked=""
        local part
        IFS=/ read -r -a parts <<<"$relative"
        for part in "${parts[@]}"; do
            walked=${walked:+$walked/}$part
            if [ ! -d "$prefix/$walked" ]; then
                mkdir -p -- "$prefix/$walked"
                entries+=("d $walked")
            fi
        done
    }
    # put MODE SOURCE DESTINATION (relative to prefix)
    put() {
        make_folder "$(dirname -- "$3")"
        install -m "$1" -- "$2" "$prefix/$3"
        entries+=("f $3")
    }
    # A prefix the install makes is the install's too (its own parents are not).
    if [ ! -d "$prefix" ]; then
        mkdir -p -- "$prefix"
        entries+=("d .")
    fi
    put 755 "$binary" bin/table-browser
    local file relative
    while IFS= read -r -d '' file; do
        relative=${file#"$bin_dir/"}
        put 644 "$file" "share/table-browser/$relative"
    done < <(find "$bin_dir/$bundle" -type f -print0 | sort -z)
    put 644 "$staging/table-browser.bash" share/bash-completion/completions/table-browser
    put 644 "$staging/_table-browser" share/zsh/site-functions/_table-browser
    put 644 "$staging/table-browser.fish" share/fish/vendor_completions.d/table-browser.fish
    put 644 "$staging/table-browser.1" share/man/man1/table-browser.1
    make_folder "$(dirname -- "$manifest_path")"
    printf '%s\n' "${entries[@]}" >"$prefix/$manifest_path"
    echo "installed table-browser $("$binary" --version) in $prefix"
}

case ${1:-} in
    install) [ $# -eq 3 ] || usage; install_all "${2%/}" "${3%/}" ;;
    uninstall) [ $# -eq 2 ] || usage; uninstall "${2%/}" ;;
    *) usage ;;
esac
