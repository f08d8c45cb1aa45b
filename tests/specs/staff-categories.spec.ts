// Categories in the staff app against the built server: a catalogue-role account creates a category in English and
// Arabic and sees it on the public categories page and its own page in both editions; edits it and sees the change;
// duplicates it (a draft under the id it confirms: its address answers 404); archives it: gone from the categories
// page, its page answers 410 in both editions with the empty listing's words. Axe checks the category screens.
import { CATEGORIES_PATH, categoryPath } from '@site/contracts/paths';
import { axeViolations } from '../support/axe';
import { test, expect, localOnly } from '../support/fixtures';
import {
  CATALOGUE_STAFF,
  confirmCodesSaved,
  heading,
  setUpTotp,
  startStaffSite,
  submitPassword,
  watchStaffConsole,
} from '../support/staff';

localOnly('starts its own server with staff accounts it creates');

const ID = 'cable_trays_e2e';
const COPY = `${ID}_copy`;

test.describe('categories in the staff app', { tag: ['@local', '@staff', '@catalogue'] }, () => {
  test('a catalogue editor creates a category in both languages, edits, duplicates and archives it; its page then answers 410', async ({
    page,
  }) => {
    // about 40 s on the 2-core container under load (the account's CLI, the server's start, axe, nine public loads)
    test.setTimeout(150_000);
    const staffSite = await startStaffSite([CATALOGUE_STAFF]);
    const at = (path: string) => `${staffSite.url}${path}`;
    const staffAt = (path: string) => `${staffSite.staffUrl}${path}`;
    const visitor = await page.context().newPage();
    /** A public page loaded afresh: its status, and the page to look at. */
    const publicPage = async (path: string) => (await visitor.goto(at(path)))?.status();
    const field = (name: string) => page.getByRole('textbox', { name: new RegExp(`^${name}`) });
    try {
      const staffConsole = watchStaffConsole(page);
      await page.goto(staffAt('/staff/sign-in'));
      await submitPassword(page, CATALOGUE_STAFF);
      // the catalogue role changes what the public sees: its first sign-in sets up the second factor, as an admin's does
      await setUpTotp(page);
      await confirmCodesSaved(page);
      await expect(page).toHaveURL(staffAt('/staff/catalogue'));

      // a new category, in both languages
      await page.getByRole('link', { name: 'Categories', exact: true }).click();
      await expect(page.getByRole('table', { name: "Categories, in the catalogue's order" })).toBeVisible();
      await page.getByRole('link', { name: 'New category' }).click();
      await expect(heading(page, 'New category')).toBeVisible();
      await field('Id').fill(ID);
      await field('English title').fill('Cable Trays');
      await field('Arabic title').fill('حوامل الكابلات');
      await field('English introduction').fill('Perforated and ladder cable trays for every site.');
      await field('Arabic introduction').fill('حوامل كابلات مثقبة وسلمية لكل موقع.');
      await page.getByRole('button', { name: 'Create the category' }).click();
      await expect(heading(page, 'Category: Cable Trays')).toBeVisible();
      await expect(page).toHaveURL(staffAt(`/staff/catalogue-categories/${ID}`));
      await expect(page.getByText('Live on the public site.')).toBeVisible();
      expect(await axeViolations(page), 'category page').toEqual([]);

      // on the public site at once, in both editions
      expect(await publicPage(CATEGORIES_PATH)).toBe(200);
      await expect(visitor.getByRole('main')).toContainText('Cable Trays');
      expect(await publicPage(`/ar${CATEGORIES_PATH}`)).toBe(200);
      await expect(visitor.getByRole('main')).toContainText('حوامل الكابلات');
      expect(await publicPage(categoryPath(ID))).toBe(200);
      await expect(visitor.getByRole('heading', { level: 1 })).toContainText('Cable Trays');

      // edited: the public page follows
      await field('English title').fill('Cable Trays and Ladders');
      await page.getByRole('button', { name: 'Save and publish' }).click();
      await expect(page.getByText('Saved (version 2). The public pages show it now.')).toBeVisible();
      expect(await publicPage(categoryPath(ID))).toBe(200);
      await expect(visitor.getByRole('heading', { level: 1 })).toContainText('Cable Trays and Ladders');

      // duplicated under the id the editor confirms: a draft, nowhere public
      await field('Id of the copy').fill(COPY);
      await page.getByRole('button', { name: 'Duplicate this category' }).click();
      await expect(heading(page, 'Category: Cable Trays and Ladders (copy)')).toBeVisible();
      await expect(page.getByText('Draft: not on the public site until it is published.')).toBeVisible();
      await expect(field('Arabic title')).toHaveValue('حوامل الكابلات (نسخة)');
      expect(await publicPage(categoryPath(COPY))).toBe(404);

      // archived: gone from the categories page; its page is a 410 with the empty listing's words, in both editions
      await page.goto(staffAt(`/staff/catalogue-categories/${ID}`));
      await page.getByRole('button', { name: 'Archive the category' }).click();
      await page.getByRole('button', { name: 'Archive', exact: true }).click();
      await expect(page.getByText('Archived: the public site no longer shows this category.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Put back on the site' })).toBeVisible();
      expect(await axeViolations(page), 'archived category page').toEqual([]);
      expect(await publicPage(categoryPath(ID))).toBe(410);
      await expect(visitor.getByText('No Products were found.')).toBeVisible();
      expect(await publicPage(`/ar${categoryPath(ID)}`)).toBe(410);
      expect(await publicPage(CATEGORIES_PATH)).toBe(200);
      await expect(visitor.getByRole('main')).not.toContainText('Cable Trays');

      // the staff list says where each stands
      await page.getByRole('link', { name: 'Back to the categories' }).click();
      const table = page.getByRole('table', { name: "Categories, in the catalogue's order" });
      await expect(
        table
          .getByRole('row', { name: /Cable Trays and Ladders \(cable_trays_e2e\)/ })
          .getByRole('cell')
          .nth(3),
      ).toHaveText('Archived');
      await expect(
        table
          .getByRole('row', { name: /\(copy\)/ })
          .getByRole('cell')
          .nth(3),
      ).toHaveText('Draft');
      expect(staffConsole.problems).toEqual([]);
    } finally {
      await visitor.close();
      await staffSite.stop();
    }
  });
});
