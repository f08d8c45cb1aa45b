// The releases console against the built server: a release-role account scoped to the catalogue signs in (setting up
// its second factor first; landing on the console, offered nothing else), registers a second catalogue build (a real manifest: a copy of the built
// catalogue, served as the configured canary folder), puts it in front of half the visitors and rolls it back, and
// /remotes.json answers each change at once, with no restart. Axe checks the console.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { axeViolations } from '../support/axe';
import { REPO_ROOT } from '../support/site-server';
import { test, expect, localOnly } from '../support/fixtures';
import {
  CATALOGUE_RELEASER,
  confirmCodesSaved,
  heading,
  setUpTotp,
  startStaffSite,
  submitPassword,
  watchStaffConsole,
} from '../support/staff';

localOnly('starts its own server with staff accounts it creates and registers builds in it');

type RemotesMap = { remotes: { name: string; entry: string }[] };

test('release staff register a catalogue build, make it the canary and roll it back; /remotes.json follows each change', {
  tag: ['@local', '@staff', '@catalogue'],
}, async ({ page }) => {
  test.setTimeout(120_000); // the CLI and the server's start on a loaded 2-core machine; the journey itself takes seconds
  const canaryDir = mkdtempSync(path.join(tmpdir(), 'site-e2e-release-'));
  cpSync(path.join(REPO_ROOT, 'mfe-catalogue', 'dist'), canaryDir, { recursive: true });
  const staffSite = await startStaffSite([CATALOGUE_RELEASER], {
    REMOTE_CATALOGUE_CANARY_DIR: canaryDir,
    REMOTE_CATALOGUE_CANARY_PERCENT: '0',
  });
  const at = (address: string) => `${staffSite.url}${address}`;
  const staffAt = (address: string) => `${staffSite.staffUrl}${address}`;
  /** The catalogue's entry for a visitor of cohort 0 (a canary at any share above 0 % includes it). */
  const catalogueEntry = async () =>
    (
      (await (await fetch(at('/remotes.json'), { headers: { cookie: 'site_cohort=0' } })).json()) as RemotesMap
    ).remotes.find((remote) => remote.name === 'catalogue')?.entry;
  try {
    const staffConsole = watchStaffConsole(page);
    await page.goto(staffAt('/staff/sign-in'));
    await submitPassword(page, CATALOGUE_RELEASER);
    // the release role changes what the public sees: its first sign-in sets up the second factor, as an admin's does
    await setUpTotp(page);
    await confirmCodesSaved(page);
    await expect(page).toHaveURL(staffAt('/staff/releases'));
    await expect(heading(page, 'Releases')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Staff sections' }).getByRole('link')).toHaveText(['Releases']);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2 })).toHaveText(['catalogue', 'Page speed of the site']);
    const catalogue = main.getByRole('region', { name: 'catalogue' });
    expect(await axeViolations(page), 'releases console').toEqual([]);
    expect(await catalogueEntry()).toBe('/remotes/catalogue/mf-manifest.json');

    const register = catalogue.getByRole('form', { name: 'Register a release of catalogue' });
    await register.getByLabel(/^Version/).fill('2026-11-26.2');
    await register.getByLabel(/^Manifest URL or path/).fill('/remotes/catalogue/canary/mf-manifest.json');
    await register.getByLabel(/^Notes/).fill('Second build');
    await register.getByRole('button', { name: 'Register' }).click();
    await expect(catalogue.getByText('2026-11-26.2 is registered.', { exact: false })).toBeVisible();
    const row = catalogue.getByRole('row', { name: /^2026-11-26\.2/ });
    await expect(row).toContainText('staff karim.release@example.com');
    await expect(row).toContainText('Second build');
    expect(await catalogueEntry(), 'registered, not live').toBe('/remotes/catalogue/mf-manifest.json');

    const canary = catalogue.getByRole('form', { name: 'Canary of catalogue' });
    await canary.getByLabel('Canary release').selectOption('2026-11-26.2');
    await canary.getByLabel(/^Percent of visitors/).fill('50');
    await canary.getByRole('button', { name: 'Set canary' }).click();
    await expect(catalogue.getByText('2026-11-26.2 is the canary for 50 % of visitors.')).toBeVisible();
    await expect(row).toContainText('Canary, 50 %');
    // registering copied the build into the content-addressed store: the canary is served from there, at once
    const canaryEntry = await catalogueEntry();
    expect(canaryEntry, 'the canary, at once').toMatch(
      /^\/remotes\/catalogue\/builds\/[0-9a-f]{64}\/mf-manifest\.json$/,
    );
    const served = await fetch(at(canaryEntry!));
    expect(served.status).toBe(200);
    expect(((await served.json()) as { name?: string }).name).toBe('catalogue');

    await catalogue.getByRole('button', { name: 'Roll back…' }).click();
    await page.getByRole('dialog', { name: 'Roll back catalogue?' }).getByRole('button', { name: 'Roll back' }).click();
    await expect(catalogue.getByText('Rolled back: every visitor gets variables.')).toBeVisible();
    expect(await catalogueEntry(), 'rolled back').toBe('/remotes/catalogue/mf-manifest.json');
    expect(staffConsole.problems).toEqual([]);
  } finally {
    await staffSite.stop();
    rmSync(canaryDir, { recursive: true, force: true });
  }
});
