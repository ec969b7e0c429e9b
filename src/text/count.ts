// Counts in messages and reports, grouped by thousands as `toLocaleString('en-US')` writes them
// (`2,502`), without it: its first call in a process builds ICU's number formatter, 18-77 ms of a cold
// run on the two-core development machine, more than the rest of printing a report of 700 findings.

/** A whole number with a comma between each group of three digits: `1234567` is `1,234,567`. */
export function count(n: number): string {
  // a fraction, an infinity, NaN or -0: the same text as before, whatever it costs
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n));
  let out = digits.length > 3 ? '' : digits;
  if (digits.length > 3) {
    const head = digits.length % 3 || 3;
    out = digits.slice(0, head);
    for (let i = head; i < digits.length; i += 3) out += ',' + digits.slice(i, i + 3);
  }
  return n < 0 ? '-' + out : out;
}
