// Debian's chromium, driven by playwright-core: a real browser for tests that must see what a user's
// browser does with a page. Absent chromium skips such a test with a message, except under CI.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const chromiumPath = process.env['SWAGLINT_CHROMIUM'] ?? '/usr/bin/chromium';

/** A reason to skip, or `false` when chromium is there (or when CI requires it to be). */
export function skipWithoutChromium(): string | false {
  if (existsSync(chromiumPath) || process.env['CI'] === 'true') return false;
  return `${chromiumPath} is not installed (apt-get install chromium); skipping the browser test`;
}

/**
 * Headless, sandbox off (containers), and nothing that phones home: no background networking,
 * component updates, sync or QUIC. Playwright gives each launch a fresh temporary profile directory.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
