// Makes docs/render-screenshot.png, docs/render.md's picture of `swaglint render`: the sample document
// rendered and photographed by Debian's chromium (the same launcher the browser test uses).
//   npm run build && node dist/scripts/render-screenshot.js
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseSource } from '../src/load/source.js';
import { renderDocument } from '../src/pipeline/render.js';
import { launchChromium } from '../test/helpers/chromium.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const sample = path.join(root, 'fixtures', 'samples', 'orders.yaml');
const parsed = parseSource(readFileSync(sample, 'utf8'), sample);
if (!parsed.ok) throw new Error(parsed.problem.message);
const page = path.join(mkdtempSync(path.join(tmpdir(), 'swaglint-shot-')), 'orders.html');
writeFileSync(page, renderDocument(parsed.source.value as Record<string, unknown>));
const browser = await launchChromium();
try {
  const tab = await browser.newPage({ viewport: { width: 1200, height: 820 }, deviceScaleFactor: 1 });
  await tab.goto(pathToFileURL(page).href);
  await tab.screenshot({ path: path.join(root, 'docs', 'render-screenshot.png') });
} finally {
  await browser.close();
}
