// The one time limit tests use, and only to end a run that hangs (a catastrophic regular expression,
// a server that never answers, a child that never exits) instead of waiting for ever. It is not a
// measure of speed: the slowest run it guards takes seconds on an idle machine and well under a
// minute with every core busy beside the suite (scripts/test-under-load.sh), so a run that reaches it
// is hung, whatever the machine. Tests never assert on durations.
export const hangGuardMs = 10 * 60_000;
