/**
 * Text for an XML 1.0 attribute or element. Characters XML 1.0 cannot carry at all, not even as
 * references (C0 controls but tab, newline and carriage return; lone surrogates; U+FFFE/U+FFFF),
 * become U+FFFD: a linted file may hold any bytes, and the report must still parse.
 */
export function xml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    // kept as references so that attribute values keep their line breaks and tabs
    .replace(/\r/g, '&#13;')
    .replace(/\n/g, '&#10;')
    .replace(/\t/g, '&#9;');
}
