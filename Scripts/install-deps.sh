#!/usr/bin/env bash
# Installs the Debian packages TableKit needs, only those that are missing:
# ncursesw (curses), simdjson (fast JSON), libpng and libexif (the photo board's PNG files and
# their Exif metadata), tmux (end-to-end tests in a real terminal), zsh and fish (the tests
# read the shell completions `make install` puts in place with each shell), and man-db and
# groff-base (the tests read the man page with `man -l`).
set -euo pipefail
packages=(libncursesw5-dev libsimdjson-dev libpng-dev libexif-dev tmux zsh fish man-db groff-base)
missing=()
for package in "${packages[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing ${missing[*]} ..." >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "error: ${missing[*]} missing and not root; install them with apt-get as root" >&2; exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq </dev/null
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null
