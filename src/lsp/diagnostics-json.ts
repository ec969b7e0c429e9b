// Publishing a large document's diagnostics after an edit (issue 41): most findings are the very
// objects the last publication showed (a re-lint keeps them, moved only when the edit shifted them),
// so each one's LSP form and JSON text is made once and kept with it. A publication then converts and
// serialises only the findings that are new, the JSON-RPC writer joins the kept texts instead of
// serialising half a megabyte again, and two publications compare as lists of strings.
import type { ContentTypeEncoderOptions, Diagnostic as LspDiagnostic, ContentTypeEncoder, Message } from 'vscode-languageserver/node';
import type { Diagnostic } from '../types.js';
import { toLspDiagnostic, type DocsLink } from './to-lsp.js';

/** A finding as one document shows it: its LSP diagnostic and that diagnostic's JSON text. */
interface Shown {
  documentUri: string;
  lsp: LspDiagnostic;
  json: string;
}

/** One publication's diagnostics, their JSON texts in the same order. */
export interface Converted {
  diagnostics: LspDiagnostic[];
  texts: string[];
}

/** Each list of LSP diagnostics whose JSON text is known: what `prebuiltJsonEncoder` writes for it. */
const prebuilt = new WeakMap<object, string>();

/**
 * Converts findings for publication, keeping each one's conversion for the next: the objects are
 * never changed once made (a re-lint makes a new object for a finding that moved), so the finding
 * itself is the key, and a finding no longer published is collected with its entry.
 */
export class DiagnosticsJson {
  private readonly shown = new WeakMap<Diagnostic, Shown>();

  constructor(private readonly docsLink: DocsLink) {}

  convert(findings: readonly Diagnostic[], documentUri: string): Converted {
    const diagnostics: LspDiagnostic[] = new Array(findings.length);
    const texts: string[] = new Array(findings.length);
    for (let i = 0; i < findings.length; i++) {
      const d = findings[i]!;
      let s = this.shown.get(d);
      if (!s || s.documentUri !== documentUri) {
        const lsp = toLspDiagnostic(d, this.docsLink, documentUri);
        this.shown.set(d, (s = { documentUri, lsp, json: JSON.stringify(lsp) }));
      }
      diagnostics[i] = s.lsp;
      texts[i] = s.json;
    }
    prebuilt.set(diagnostics, `[${texts.join(',')}]`);
    return { diagnostics, texts };
  }
}

/** Whether two publications' JSON texts are the same (the kept strings compare by identity first). */
export function sameTexts(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// stands for a known list while the rest of the message is serialised; a NUL never reaches the output
// unescaped, so the quoted marker cannot be part of any other string of the message
const marker = '\u0000swaglint-prebuilt\u0000';
const quotedMarker = JSON.stringify(marker);

/**
 * The writer's `application/json` encoder, but a list `DiagnosticsJson.convert` made is written from
 * its kept text: the same bytes `JSON.stringify` would give (each text is `JSON.stringify` of its
 * diagnostic), without walking the objects again. Every other message is serialised as usual.
 */
export const prebuiltJsonEncoder = {
  name: 'application/json',
  encode(message: Message, options: ContentTypeEncoderOptions): Promise<Uint8Array> {
    try {
      let known: string | undefined;
      const text = JSON.stringify(message, (key, value: unknown) => {
        if (key === 'diagnostics' && known === undefined && typeof value === 'object' && value !== null) {
          known = prebuilt.get(value);
          if (known !== undefined) return marker;
        }
        return value;
      });
      const at = known === undefined ? -1 : text.indexOf(quotedMarker);
      const out = at === -1 ? text : text.slice(0, at) + known + text.slice(at + quotedMarker.length);
      return Promise.resolve(Buffer.from(out, options.charset));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  },
} satisfies ContentTypeEncoder;
