import { test as base, expect, type Page } from '@playwright/test';

export interface ConsoleProblems {
  /** console.error messages and uncaught exceptions seen by the page so far. */
  messages: string[];
}

/**
 * `baseURL` is the server started by the global setup; `consoleProblems` collects what the page
 * logs as errors so a test can assert there were none.
 */
export const test = base.extend<{ consoleProblems: ConsoleProblems }>({
  baseURL: async ({}, use) => {
    const url = process.env.SITE_URL;
    if (!url) throw new Error('SITE_URL is not set: run the suite through playwright.config.ts (its global setup starts the site).');
    await use(url);
  },
  consoleProblems: async ({ page }, use) => {
    const problems: ConsoleProblems = { messages: [] };
    page.on('console', (message) => {
      if (message.type() === 'error') problems.messages.push(message.text());
    });
    page.on('pageerror', (error) => problems.messages.push(`Uncaught: ${error.message}`));
    await use(problems);
  },
});

export { expect };

/** The remotes map the server announces, rewritten so that `remote` points at `entry` (e.g. a dead URL). */
export async function overrideRemoteEntry(page: Page, remote: string, entry: string): Promise<void> {
  await page.route('**/remotes.json', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { remotes: { name: string; entry: string }[] };
    body.remotes = body.remotes.map((item) => (item.name === remote ? { ...item, entry } : item));
    await route.fulfill({ response, json: body });
  });
}
