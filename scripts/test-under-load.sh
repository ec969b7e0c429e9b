#!/bin/sh
# Runs the test suite with a busy loop on every core beside it, to show that no test depends on the
# machine's speed (issue 30): a test that passes only on an idle machine fails here.
#   scripts/test-under-load.sh [npm test arguments...]
# The loops run at the same priority as the suite and are ended however the suite ends.
set -u
cores=$(node -p 'require("node:os").availableParallelism()')
pids=''
stop() {
  for pid in $pids; do kill "$pid" 2>/dev/null; done
}
trap stop EXIT INT TERM
i=0
while [ "$i" -lt "$cores" ]; do
  node -e 'for (;;);' &
  pids="$pids $!"
  i=$((i + 1))
done
echo "test-under-load: $cores busy loops running (pids$pids)" >&2
npm test -- "$@"
status=$?
echo "test-under-load: npm test exited $status with $cores busy loops beside it" >&2
exit $status
