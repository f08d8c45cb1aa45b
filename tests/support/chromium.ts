import { existsSync } from 'node:fs';

/** Debian's Chromium, the browser a visitor runs: the benches measure it. Never a browser download (no browser CDN). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser tests' Chromium: Debian's headless shell when installed (`apt-get install -y chromium-headless-shell`), the
 * same engine without the desktop browser's parts, which Playwright itself runs headless tests in; it cost the suite's
 * specs about a fifth less CPU than the full browser (2026-11-28). Else the full browser. CHROMIUM_PATH sets either.
 */
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : CHROMIUM_PATH);

/** Flags that let Chromium run headless as root on our machines without reaching out to the network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function assertChromiumInstalled(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}. Install Debian's build with: sudo apt-get update && sudo apt-get install -y chromium ` +
        '(or set CHROMIUM_PATH to another Chromium binary).',
    );
  }
}
