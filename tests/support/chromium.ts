import { existsSync } from 'node:fs';

/** Debian's Chromium: never a browser download (the machines reach no browser CDN). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
