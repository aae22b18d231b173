#!/bin/sh
# Installs chatbot's single executable (docs/binary.md): picks this machine's archive from uname, downloads it and
# SHA256SUMS from a base URL, refuses it unless its SHA-256 is the one SHA256SUMS gives, and puts `chatbot` in a
# directory (default ~/.local/bin).
#
#   sh install.sh [DIR]
#
#   DIR                     where chatbot goes (or CHATBOT_INSTALL_DIR; default ~/.local/bin)
#   CHATBOT_INSTALL_BASE    the URL the archives and SHA256SUMS are under (default: the project's release page)
#
# Needs curl or wget, tar, gzip, and sha256sum or shasum (macOS).
set -eu

# The project's release page: the archives of the newest release and their SHA256SUMS. Empty while the project has
# none; CHATBOT_INSTALL_BASE names where they are.
RELEASES=''

say() { printf '%s\n' "$*" >&2; }
fail() {
  say "chatbot install: $*"
  exit 1
}

base="${CHATBOT_INSTALL_BASE:-$RELEASES}"
[ -n "$base" ] || fail "no release page is set in this script: set CHATBOT_INSTALL_BASE to the URL of the archives and SHA256SUMS"
base="${base%/}"
dir="${1:-${CHATBOT_INSTALL_DIR:-${HOME:?}/.local/bin}}"

case "$(uname -s)" in
  Linux) os=linux ;;
  Darwin) os=darwin ;;
  MINGW* | MSYS* | CYGWIN* | Windows_NT) fail "on Windows, download chatbot-<version>-win-x64.zip from $base, check it against SHA256SUMS and unzip it" ;;
  *) fail "no binary for $(uname -s): run chatbot with Node.js instead (22.13 or later; see the README)" ;;
esac
case "$(uname -m)" in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) fail "no binary for $(uname -m) processors: run chatbot with Node.js instead (22.13 or later; see the README)" ;;
esac

tmp="$(mktemp -d "${TMPDIR:-/tmp}/chatbot-install.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

download() {
  if command -v curl >/dev/null 2>&1; then
    curl -fsSL --retry 2 -o "$2" "$1" || fail "could not download $1 (curl exit code $?)"
  elif command -v wget >/dev/null 2>&1; then
    wget -q -O "$2" "$1" || fail "could not download $1 (wget exit code $?)"
  else
    fail "neither curl nor wget is installed: install one of them"
  fi
}

if command -v sha256sum >/dev/null 2>&1; then
  sha256() { sha256sum "$1" | cut -d ' ' -f 1; }
elif command -v shasum >/dev/null 2>&1; then
  sha256() { shasum -a 256 "$1" | cut -d ' ' -f 1; }
else
  fail "neither sha256sum nor shasum is installed: the download cannot be checked"
fi

# The line of SHA256SUMS for a platform's archive: `<sha256>  chatbot-<version>-<platform>.tar.gz`.
sums_line() {
  grep -E "^[0-9a-f]{64}  chatbot-[0-9A-Za-z.+-]+-$1\.tar\.gz\$" "$tmp/SHA256SUMS" | tail -n 1 || true
}

download "$base/SHA256SUMS" "$tmp/SHA256SUMS"
platform="$os-$arch"
line="$(sums_line "$platform")"
[ -n "$line" ] || fail "$base/SHA256SUMS lists no archive for $platform"
expected="${line%% *}"
file="${line##* }"

download "$base/$file" "$tmp/$file"
actual="$(sha256 "$tmp/$file")"
if [ "$actual" != "$expected" ]; then
  fail "$file does not match SHA256SUMS: its SHA-256 is $actual, SHA256SUMS says $expected. Nothing was installed: download again, and if it still differs, do not use this archive."
fi

tar -xzf "$tmp/$file" -C "$tmp"
stem="${file%.tar.gz}"
[ -f "$tmp/$stem/chatbot" ] || fail "$file holds no $stem/chatbot"
mkdir -p "$dir"
# A copy beside the target, then a rename: a chatbot that is running is never half written.
cp "$tmp/$stem/chatbot" "$dir/.chatbot.$$"
chmod 755 "$dir/.chatbot.$$"
signed=''
if [ "$os" = darwin ] && command -v codesign >/dev/null 2>&1; then
  # The build could not sign it (docs/binary.md, macOS): an ad-hoc signature, without which Apple silicon kills it.
  codesign --sign - --force --identifier chatbot "$dir/.chatbot.$$" \
    || { status=$?; rm -f "$dir/.chatbot.$$"; fail "codesign could not sign $dir/chatbot (exit code $status): nothing was installed"; }
  signed=', signed ad hoc'
fi
mv -f "$dir/.chatbot.$$" "$dir/chatbot"
say "Installed $dir/chatbot from $file (SHA-256 checked$signed)."

if [ "$os" = darwin ] && [ -z "$signed" ]; then
  say "codesign was not found: sign chatbot once before its first run (docs/binary.md): codesign --sign - \"$dir/chatbot\""
fi
case ":${PATH:-}:" in
  *":$dir:"*) ;;
  *) say "$dir is not on your PATH: add it (export PATH=\"$dir:\$PATH\") or run $dir/chatbot." ;;
esac
