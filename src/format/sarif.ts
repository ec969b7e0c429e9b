import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Severity } from '../types.js';
import type { Formatter, RuleInfo } from './types.js';
import { flatten, type FlatFinding } from './flatten.js';
import { messageWithFolded } from './folded.js';
import { fingerprints } from './fingerprint.js';
import { textOf } from './text-of.js';
import { engineFindings } from '../lint/finding-ids.js';
import { lineStarts } from '../load/line-table.js';

type Level = 'none' | 'note' | 'warning' | 'error';
const levels: Record<Severity, Level> = { error: 'error', warn: 'warning', info: 'note', hint: 'note' };

/** The longest region quoted as a snippet: a whole operation would bloat the log for no gain. */
const maxSnippet = 1000;

/**
 * SARIF 2.1.0, as code-scanning services read it: one run, the rules with their help and docs page,
 * one result per finding with its physical location relative to `%SRCROOT%` (the working directory),
 * and a fingerprint that survives edits elsewhere in the file.
 */
export const sarif: Formatter = (reports, context) => {
  const findings = flatten(reports, context.cwd);
  const rules = ruleTable(context.rules, findings);
  const artifacts = new Map<string, number>();
  const artifactList: Array<{ location: ArtifactLocation }> = [];
  const artifactIndex = (location: ArtifactLocation): number => {
    const key = `${location.uriBaseId ?? ''}\0${location.uri}`;
    let i = artifacts.get(key);
    if (i === undefined) {
      i = artifactList.length;
      artifacts.set(key, i);
      artifactList.push({ location });
    }
    return i;
  };
  for (const r of reports) artifactIndex(artifactLocation(r.uri, context.cwd));
  const prints = fingerprints(findings);
  const starts = new Map<string, number[]>();
  const results = findings.map((f, i) => {
    const d = f.diagnostic;
    const location = artifactLocation(d.uri, context.cwd);
    const snippet = regionText(textOf(reports, d.uri), f, starts);
    return {
      ruleId: d.ruleId,
      ruleIndex: rules.index.get(d.ruleId)!,
      level: levels[d.severity],
      message: { text: d.suggestion ? `${messageWithFolded(d)} ${d.suggestion}` : messageWithFolded(d) },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { ...location, index: artifactIndex(location) },
            region: {
              startLine: f.line,
              startColumn: f.column,
              endLine: f.endLine,
              endColumn: f.endColumn,
              ...(snippet ? { snippet: { text: snippet } } : {}),
            },
          },
          ...(d.pointer ? { logicalLocations: [{ fullyQualifiedName: d.pointer, kind: 'member' }] } : {}),
        },
      ],
      partialFingerprints: { 'swaglint/v1': prints[i]! },
      ...(d.category || d.folded ? { properties: { ...(d.category ? { category: d.category } : {}), ...(d.folded ? { foldedCount: d.folded.length } : {}) } } : {}),
    };
  });
  const driver = {
    name: 'swaglint',
    version: context.version,
    semanticVersion: context.version,
    ...(context.links ? { informationUri: context.links.homepage } : {}),
    rules: rules.list.map((r) => ({
      id: r.id,
      shortDescription: { text: r.description },
      fullDescription: { text: r.description },
      help: { text: r.docs ?? r.description, ...(r.docs ? { markdown: r.docs } : {}) },
      ...(context.links ? { helpUri: context.links.file(r.docsPath) } : {}),
      defaultConfiguration: r.severity === 'off' ? { enabled: false, level: 'none' } : { level: levels[r.severity as Severity] ?? 'warning' },
      ...(r.category ? { properties: { category: r.category } } : {}),
    })),
  };
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver },
        originalUriBaseIds: { '%SRCROOT%': { uri: pathToFileURL(context.cwd).href.replace(/\/?$/, '/') } },
        columnKind: 'utf16CodeUnits',
        artifacts: artifactList,
        results,
      },
    ],
  };
  return JSON.stringify(log, null, 2) + '\n';
};

interface ArtifactLocation {
  uri: string;
  uriBaseId?: string;
}

/** Inside the working directory: relative to `%SRCROOT%`; elsewhere an absolute file URL; a URL as it is. */
function artifactLocation(uri: string, cwd: string): ArtifactLocation {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(uri)) return { uri };
  const rel = path.relative(cwd, uri);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return { uri: pathToFileURL(uri).href };
  return { uri: rel.split(path.sep).map(encodeURIComponent).join('/'), uriBaseId: '%SRCROOT%' };
}

/** Every known rule (so a viewer can show the catalog), then any engine finding that occurred. */
function ruleTable(known: readonly RuleInfo[], findings: readonly FlatFinding[]): { list: RuleInfo[]; index: Map<string, number> } {
  const list = [...known];
  const index = new Map(list.map((r, i) => [r.id, i]));
  for (const { diagnostic: d } of findings) {
    if (index.has(d.ruleId)) continue;
    index.set(d.ruleId, list.length);
    list.push({ id: d.ruleId, description: (engineFindings as Record<string, string>)[d.ruleId] ?? `Findings of ${d.ruleId}.`, severity: 'error', docsPath: 'docs/rules.md' });
  }
  return { list, index };
}

/** The text the region covers, when there is a non-empty one of reasonable size. */
function regionText(text: string | undefined, f: FlatFinding, cache: Map<string, number[]>): string | undefined {
  if (text === undefined) return undefined;
  const d = f.diagnostic;
  let offsets = cache.get(d.uri);
  if (!offsets) cache.set(d.uri, (offsets = lineStarts(text)));
  const start = offsets[d.range.start.line];
  const end = offsets[d.range.end.line];
  if (start === undefined || end === undefined) return undefined;
  const snippet = text.slice(start + d.range.start.character, end + d.range.end.character);
  return snippet.length > 0 && snippet.length <= maxSnippet ? snippet : undefined;
}

