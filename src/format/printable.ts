/**
 * Text from a linted file (keys, values, file names) reaches terminals and CI logs through the
 * human-facing formats. Raw, an ESC or BEL drives the terminal, and a line break lets a key start a
 * line of its own: `\n::error file=…::` in a key would be a workflow command that GitHub Actions runs.
 * Every control character is therefore shown, one character for one, so columns still line up: C0
 * controls and DEL as their Unicode control pictures (ESC as ␛, a line break as ␊), C1 controls as
 * U+FFFD, which has no picture for them.
 */

// C0 controls, DEL, C1 controls and the Unicode line separators; a frame's lines keep their tabs,
// which only move the cursor right
const controls = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const controlsButBreaks = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/g;
const controlsButTab = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/g;

function picture(c: string): string {
  const code = c.charCodeAt(0);
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  // U+2028/U+2029 end a line in some viewers (and in the code frame's own line splitting)
  if (code === 0x2028 || code === 0x2029) return '\u21b5';
  return '\ufffd';
}

/** A one-line field (a message, a file name, a suggestion): every control character shown, line breaks too. */
export function printable(text: string): string {
  return text.replace(controls, picture);
}

/**
 * A field whose line breaks the format escapes itself (GitHub's workflow commands turn them into
 * `%0A`, which the runner shows as a line break inside the annotation): all other controls shown.
 */
export function printableKeepingBreaks(text: string): string {
  return text.replace(controlsButBreaks, picture);
}

/** One source line of a code frame (already split at its line breaks): tabs stay, for the marker's alignment. */
export function printableLine(line: string): string {
  return line.replace(controlsButTab, picture);
}
