// The catalogue editor's screens against the built server: a catalogue-role account signs in (landing on the
// catalogue, no inbox), finds a product, changes a description row and a specification line in English and Arabic
// and the price (the live preview drawing them as they are typed, in both languages) and a variant's Arabic table cell,
// uploads a picture and a datasheet, saves the draft, previews it in both languages and publishes it; the public pages
// (a new page load) show the change; an older version restored and published brings the old values back; the
// catalogue exported as CSV and that file checked back unchanged, a changed price imported as a job and undone, a
// bulk edit checked, applied and undone; the missing-Arabic report. Axe checks the screens on the way. The gallery,
// related parts and scheduled publish are the catalogue manager's journey's (catalogue-manager-journey.spec.ts).
import { readFile, writeFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import path from 'node:path';
import { categoryPath, productPath } from '@site/contracts/paths';
import { axeViolations } from '../support/axe';
import { REPO_ROOT } from '../support/site-server';
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

const ID = 'hex_cw_brass_cable_gland';
const PICTURE = path.join(REPO_ROOT, 'content/public/images/carousel/slide-1.jpg');

/** A small PDF the server's structural check takes: its startxref points at its xref table. */
function datasheetPdf(): Buffer {
  const body =
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n';
  const xref = Buffer.byteLength(body, 'latin1');
  return Buffer.from(
    `${body}xref\n0 3\n0000000000 65535 f \ntrailer\n<< /Size 3 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
    'latin1',
  );
}
const CATEGORY = 'industrial_cable_glands';
test.describe('the catalogue editor', { tag: ['@local', '@staff', '@catalogue'] }, () => {
  test('a catalogue editor changes a row in both languages and the price, publishes, sees it on the public pages, then restores the old version', async ({
    page,
  }) => {
    // about 55 s on the 2-core container with other jobs running (the account's CLI, the server's start, three axe
    // runs, five public page loads); CI's busiest landing took 180 s (2026-12-01): a limit with room above that
    test.setTimeout(300_000);
    const staffSite = await startStaffSite([CATALOGUE_STAFF]);
    const at = (path: string) => `${staffSite.url}${path}`;
    const staffAt = (path: string) => `${staffSite.staffUrl}${path}`;
    try {
      const staffConsole = watchStaffConsole(page);
      await page.goto(staffAt('/staff/sign-in'));
      await submitPassword(page, CATALOGUE_STAFF);
      // the catalogue role changes what the public sees: its first sign-in sets up the second factor, as an admin's does
      await setUpTotp(page);
      await confirmCodesSaved(page);
      // the catalogue role lands on the catalogue and is offered nothing else
      await expect(page).toHaveURL(staffAt('/staff/catalogue'));
      await expect(heading(page, 'Catalogue')).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Staff sections' }).getByRole('link')).toHaveText([
        'Catalogue',
      ]);

      // find the product: by one of its sizes' codes (not the product's own), then by its name
      await page.getByRole('searchbox', { name: 'Search' }).fill('HEX-CW-40');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page).toHaveURL(staffAt('/staff/catalogue?q=HEX-CW-40'));
      await expect(
        page.getByRole('table', { name: 'Products' }).getByRole('link', { name: /^CW Brass Cable Gland/ }),
      ).toBeVisible();
      await expect(page.getByText('1 product matches.')).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search' }).fill('CW Brass');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page).toHaveURL(staffAt('/staff/catalogue?q=CW+Brass'));
      await expect(page.getByRole('table', { name: 'Products' })).toBeVisible();
      expect(await axeViolations(page), 'catalogue list').toEqual([]);
      await page
        .getByRole('table', { name: 'Products' })
        .getByRole('link', { name: /^CW Brass Cable Gland/ })
        .click();
      await expect(heading(page, /^Edit: CW Brass Cable Gland/)).toBeVisible();
      expect(await axeViolations(page), 'edit page').toEqual([]);

      // a description row in each language, and the price
      const english = page.getByRole('group', { name: 'English description', exact: true });
      const arabic = page.getByRole('group', { name: 'Arabic description', exact: true });
      const englishRow = english.getByRole('group', { name: 'English description row 2', exact: true });
      const arabicRow = arabic.getByRole('group', { name: 'Arabic description row 2', exact: true });
      await expect(englishRow.getByRole('textbox', { name: 'Row 2 key' })).toHaveValue('Material');
      const englishValue = englishRow.getByRole('textbox', { name: 'Row 2 value' });
      const arabicValue = arabicRow.getByRole('textbox', { name: 'Row 2 value' });
      const oldEnglish = await englishValue.inputValue();
      const oldArabic = await arabicValue.inputValue();
      // and a line of the summary's specification block
      const specLine = (language: 'English' | 'Arabic') =>
        page
          .getByRole('group', { name: `${language} summary specification`, exact: true })
          .getByRole('group', { name: 'Block 1 specification lines', exact: true })
          .getByRole('textbox', { name: 'Line 1', exact: true });
      await expect(specLine('English')).toHaveValue('Material: brass, nickel plating optional');
      const oldArabicSpec = await specLine('Arabic').inputValue();
      expect(oldArabicSpec).not.toBe('');
      // the live preview: the catalogue remote's own components (loaded through federation once the panel opens) draw
      // the form as it is typed, before any save, in English and in Arabic right-to-left
      const preview = page.getByRole('region', { name: 'Preview' });
      await preview.getByText('Preview as the public page').click();
      const live = (language: 'English' | 'Arabic') =>
        preview.getByRole('region', { name: `Live preview (${language})` });
      await expect(live('English').getByRole('heading', { level: 2 })).toHaveText(
        'CW Brass Cable Gland for SWA Cable, Indoor/Outdoor (IP66)',
      );
      await expect(live('English')).toContainText('Material: brass, nickel plating optional');
      await specLine('English').fill('Material: brass, nickel plated as standard');
      await expect(live('English')).toContainText('Material: brass, nickel plated as standard');
      await specLine('Arabic').fill('المادة: نحاس مطلي بالنيكل قياسيًا');
      await preview.getByRole('radio', { name: 'Arabic' }).click();
      await expect(live('Arabic')).toContainText('المادة: نحاس مطلي بالنيكل قياسيًا');
      await expect(live('Arabic').locator('[data-preview-locale]')).toHaveAttribute('dir', 'rtl');
      // the first variant's price (each variant has its own; the product's is their lowest)
      const price = page.getByRole('textbox', { name: /^Price \(AED\)/ }).first();
      const oldPrice = await price.inputValue();
      await englishValue.fill('Brass CZ122, nickel plated');
      await arabicValue.fill('نحاس CZ122 مطلي بالنيكل');
      await price.fill('9.95');
      // the first variant's Arabic table cell, beside its English one, right to left: the Arabic table's own text
      const firstVariant = page.getByRole('row', { name: /^Variant 1:/ });
      // the gland's 11 sizes are a grid of a row each (a fieldset each made the editor 17,468 px tall)
      const grid = page.getByRole('table', { name: 'Variants' });
      await expect(grid.getByRole('row', { name: /^Variant \d+:/ })).toHaveCount(11);
      const gridHeight = (await grid.boundingBox())?.height ?? Number.POSITIVE_INFINITY;
      console.log(`variants grid of 11 sizes at 1280 px: ${Math.round(gridHeight)} px tall`);
      expect(gridHeight).toBeLessThan(900);
      const cableRange = (language: 'English' | 'Arabic') =>
        firstVariant.getByRole('textbox', { name: `Table (${language}): Cable Range, Inner Sheath (mm)`, exact: true });
      await expect(cableRange('Arabic')).toHaveAttribute('dir', 'rtl');
      const arabicCableRange = 'من 3.1 إلى 8.6';
      await cableRange('Arabic').fill(arabicCableRange);
      await expect(cableRange('English')).toHaveValue('3.1 - 8.6');
      // a column of the table for every size at once, named in both languages
      await page.getByRole('button', { name: 'Add a table column' }).click();
      await page.getByRole('textbox', { name: 'Column name (English)' }).fill('IP rating');
      await page.getByRole('textbox', { name: 'Column name (Arabic)' }).fill('درجة الحماية');
      await page.getByRole('textbox', { name: 'Value for every size' }).fill('IP68');
      await page.getByRole('button', { name: 'Add the column' }).click();
      await expect(firstVariant.getByRole('textbox', { name: 'Table (English): IP rating' })).toHaveValue('IP68');
      // a picture and a datasheet, uploaded at once and saved with the draft
      const media = page.getByRole('region', { name: 'Pictures and datasheets' });
      await media.getByLabel('Upload a picture').setInputFiles(PICTURE);
      await expect(media.getByText('Uploaded. Save the draft to keep it.')).toBeVisible();
      const picture = media.getByRole('img', { name: 'CW Brass Cable Gland' });
      await expect(picture).toHaveAttribute(
        'src',
        /^\/media\/catalogue\/hex_cw_brass_cable_gland\/[a-f0-9]{64}-320\.webp$/,
      );
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
      await media
        .getByLabel('Upload a datasheet')
        .setInputFiles({ name: 'sheet.pdf', mimeType: 'application/pdf', buffer: datasheetPdf() });
      await expect(media.getByRole('link', { name: 'Datasheet (PDF, download)' })).toHaveAttribute(
        'href',
        /^\/media\/catalogue\/hex_cw_brass_cable_gland\/[a-f0-9]{64}\.pdf$/,
      );
      await page.getByRole('button', { name: 'Save draft' }).click();
      await expect(page.getByText('Draft saved. Publish it to show it in the catalogue.')).toBeVisible();
      await expect(picture).toBeVisible();
      // the saved draft drawn by the server's preview (the product page's own server rendering), in both languages
      const draftPage = await page.context().newPage();
      await draftPage.goto(staffAt(`/staff/preview/products/${ID}`));
      await expect(draftPage.getByRole('main')).toContainText('Material: brass, nickel plated as standard');
      await expect(draftPage.getByRole('note')).toContainText('Preview of the draft: not published.');
      await draftPage.goto(staffAt(`/staff/preview/ar/products/${ID}`));
      await expect(draftPage.getByRole('main')).toContainText('المادة: نحاس مطلي بالنيكل قياسيًا');
      await expect(draftPage.getByRole('main')).toContainText(arabicCableRange);
      await draftPage.close();
      await page.getByRole('button', { name: 'Publish' }).click();
      await expect(page.getByText('Published: the catalogue shows this content now.')).toBeVisible();

      // the public pages, each a new page load
      const publicPage = await page.context().newPage();
      // no console error on the public pages (a hydration mismatch would be one)
      const publicConsole = watchStaffConsole(publicPage);
      await publicPage.goto(at(productPath(CATEGORY, ID)));
      await expect(publicPage.getByRole('main')).toContainText('Material : Brass CZ122, nickel plated');
      await expect(publicPage.getByRole('main')).toContainText('Material: brass, nickel plated as standard');
      await expect(publicPage.getByRole('columnheader', { name: 'IP rating' })).toBeVisible();
      await publicPage.goto(at(`/ar${productPath(CATEGORY, ID)}`));
      await expect(publicPage.getByRole('main')).toContainText('نحاس CZ122 مطلي بالنيكل');
      await expect(publicPage.getByRole('columnheader', { name: 'درجة الحماية' })).toBeVisible();
      await expect(publicPage.getByRole('main')).toContainText('المادة: نحاس مطلي بالنيكل قياسيًا');
      await expect(publicPage.getByRole('main')).toContainText(arabicCableRange);
      await publicPage.goto(at(categoryPath(CATEGORY)));
      await expect(
        publicPage
          .getByRole('listitem')
          .filter({ has: publicPage.getByRole('heading', { name: /^CW Brass Cable Gland/ }) }),
      ).toContainText('9.95');
      expect(publicConsole.problems).toEqual([]);

      // the history: restore the version before the editor, publish it, the old values are back
      await page.getByRole('link', { name: 'History and versions' }).click();
      await expect(heading(page, /^History: CW Brass Cable Gland/)).toBeVisible();
      const diff = page.getByRole('table', { name: /^Fields that differ from version 0 to version \d+$/ });
      await expect(diff.getByRole('rowheader', { name: 'price', exact: true })).toBeVisible();
      expect(await axeViolations(page), 'history page').toEqual([]);
      await page.getByRole('button', { name: 'Restore version 0 as a draft' }).click();
      await expect(page.getByText(/Version 0 \(before the editor\) is now the draft/)).toBeVisible();
      await page.getByRole('button', { name: 'Open the editor' }).click();
      await expect(page.getByRole('textbox', { name: /^Price \(AED\)/ }).first()).toHaveValue(oldPrice);
      await expect(
        page
          .getByRole('group', { name: 'English description row 2', exact: true })
          .getByRole('textbox', { name: 'Row 2 value' }),
      ).toHaveValue(oldEnglish);
      await page.getByRole('button', { name: 'Publish' }).click();
      await expect(page.getByText('Published: the catalogue shows this content now.')).toBeVisible();

      await publicPage.goto(at(productPath(CATEGORY, ID)));
      // the row shows as '<strong>Material</strong> : value'
      await expect(publicPage.getByRole('main')).toContainText(`Material : ${oldEnglish}`);
      await expect(publicPage.getByRole('main')).toContainText('Material: brass, nickel plating optional');
      await expect(publicPage.getByText('Brass CZ122, nickel plated')).toHaveCount(0);
      await publicPage.goto(at(`/ar${productPath(CATEGORY, ID)}`));
      await expect(publicPage.getByRole('main')).toContainText(oldArabic);
      await expect(publicPage.getByRole('main')).toContainText(oldArabicSpec);
      await expect(publicPage.getByText('نحاس CZ122 مطلي بالنيكل')).toHaveCount(0);
      await expect(publicPage.getByText(arabicCableRange)).toHaveCount(0);
      await expect(publicPage.getByRole('columnheader', { name: 'درجة الحماية' })).toHaveCount(0);

      // the catalogue as a file: the page's CSV link (the server's streamed attachment), that very file chosen and
      // checked (the browser's own File, multipart): every product unchanged; then the missing-Arabic report
      await page.goto(staffAt('/staff/catalogue'));
      await page.getByRole('link', { name: 'Import and export' }).click();
      await expect(heading(page, 'Import and export')).toBeVisible();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download as CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^catalogue-\d{4}-\d{2}-\d{2}\.csv$/);
      const exported = await download.path();
      // a row per variant, the report counts products: every id the file names
      const rows = parse<{ id: string; code: string }>(await readFile(exported, 'utf8'), { columns: true, bom: true });
      expect(rows.filter((row) => row.id === ID).map((row) => row.code)).toContain('HEX-CW-25');
      const products = new Set(rows.map((row) => row.id)).size;
      await page.getByLabel('Catalogue file').setInputFiles(exported);
      await page.getByRole('button', { name: 'Check the file' }).click();
      await expect(
        page.getByText(
          `The file is ready to import: 0 new, 0 changed, ${products} unchanged. Nothing has been written yet.`,
        ),
      ).toBeVisible();
      expect(await axeViolations(page), 'import and export page').toEqual([]);
      // the same file with the gland's first size at a new price (its lowest: the listing's "from" price), checked then
      // imported: a job the page follows to its report, then listed with the checks
      const cells: string[][] = parse(await readFile(exported, 'utf8'), { bom: true });
      const codeColumn = cells[0]!.indexOf('code');
      cells.find((row) => row[codeColumn] === 'HEX-CW-20S')![cells[0]!.indexOf('price')] = '8.45';
      const priced = path.join(test.info().outputPath(), 'gland-prices.csv');
      await writeFile(
        priced,
        cells.map((row) => row.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(',')).join('\r\n'),
      );
      await page.getByLabel('Catalogue file').setInputFiles(priced);
      await page.getByRole('button', { name: 'Check the file' }).click();
      await expect(
        page.getByText(
          `The file is ready to import: 0 new, 1 changed, ${products - 1} unchanged. Nothing has been written yet.`,
        ),
      ).toBeVisible();
      await expect(page.getByRole('table', { name: 'What the file changes (1)' })).toContainText('HEX-CW-20S: price');
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await expect(
        page.getByText(
          new RegExp(`^Imported: 0 new, 1 changed, ${products - 1} unchanged\\. The public pages show it now`),
        ),
      ).toBeVisible();
      expect(new URL(page.url()).searchParams.get('job')).toMatch(/^[a-f0-9-]{36}$/);
      await publicPage.goto(at(categoryPath(CATEGORY)));
      await expect(
        publicPage
          .getByRole('listitem')
          .filter({ has: publicPage.getByRole('heading', { name: /^CW Brass Cable Gland/ }) }),
      ).toContainText('8.45');
      const recent = page.getByRole('table', { name: 'Recent imports' });
      await expect(recent.getByRole('row')).toHaveCount(4);
      await expect(recent.getByRole('row').nth(1)).toContainText('Import');
      await expect(recent.getByRole('row').nth(1)).toContainText('Done');
      await expect(recent.getByRole('row').nth(2)).toContainText('Check');
      // a job's own page, as a colleague following it would open it
      await recent.getByRole('row').nth(1).getByRole('link').click();
      await expect(heading(page, 'Import job')).toBeVisible();
      await expect(page.getByText(new RegExp(`^Imported: 0 new, 1 changed, ${products - 1} unchanged`))).toBeVisible();
      expect(await axeViolations(page), 'import job page').toEqual([]);
      // the import is a version in the gland's history, its change by the size's code
      await page.goto(staffAt(`/staff/catalogue/${ID}/history`));
      const versions = page.getByRole('table', { name: 'Published versions, newest first' });
      await expect(versions.getByRole('row').nth(1)).toContainText(/Imported by .+ from gland-prices\.csv/);
      await expect(
        page
          .getByRole('table', { name: /^Fields that differ from version \d+ to version \d+$/ })
          .getByRole('rowheader', { name: 'HEX-CW-20S: price' }),
      ).toBeVisible();
      // the import undone as one step from its report: checked, then done; the listing's price is back
      await versions.getByRole('row').nth(1).getByRole('link', { name: 'the import’s report' }).click();
      await page.getByRole('button', { name: 'Undo this import' }).click();
      await expect(
        page.getByText('Undoing the import changes 1 of 1 products back. Nothing has been changed yet.'),
      ).toBeVisible();
      await expect(page.getByRole('table', { name: 'What the undo changes back (1)' })).toContainText(
        'HEX-CW-20S: price 8.45 →',
      );
      await page.getByRole('button', { name: 'Undo the import' }).click();
      await expect(
        page.getByText(/^Undone: 1 of 1 products changed back\. The public pages show it now/),
      ).toBeVisible();
      expect(await axeViolations(page), 'undo job page').toEqual([]);
      await publicPage.goto(at(categoryPath(CATEGORY)));
      await expect(
        publicPage
          .getByRole('listitem')
          .filter({ has: publicPage.getByRole('heading', { name: /^CW Brass Cable Gland/ }) }),
      ).not.toContainText('8.45');
      await page.goto(staffAt(`/staff/catalogue/${ID}/history`));
      await expect(versions.getByRole('row').nth(1)).toContainText(/Undone by .+ \(undo of gland-prices\.csv\)/);

      // a bulk edit from the list: the gland found by a size's code, every result chosen, +5 %; checked (the sizes'
      // new prices by code), applied (the public listing's "from" price moves), then undone (the old price back)
      await page.goto(staffAt('/staff/catalogue'));
      await page.getByRole('searchbox', { name: 'Search' }).fill('HEX-CW');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page.getByText('1 product matches.')).toBeVisible();
      await page.getByRole('button', { name: /^Select (the 1 result|all \d+ results)$/ }).click();
      const bulk = page.getByRole('form', { name: 'Bulk edit' });
      await bulk.getByLabel('Change prices by').selectOption('percent');
      await bulk.getByRole('textbox', { name: /^Price change/ }).fill('5');
      expect(await axeViolations(page), 'catalogue list with the bulk edit').toEqual([]);
      await bulk.getByRole('button', { name: 'Check the edit' }).click();
      await expect(heading(page, 'Bulk edit')).toBeVisible();
      await expect(page.getByText(/^The edit is ready to apply: 1 products change/)).toBeVisible();
      const bulkChanges = page.getByRole('table', { name: /^What the edit changes/ });
      await expect(bulkChanges).toContainText('HEX-CW-20S: price 12 → 12.6');
      await expect(bulkChanges).toContainText('HEX-CW-20: price 13.5 → 14.18');
      await page.getByRole('button', { name: 'Apply this edit' }).click();
      await expect(page.getByText(/^Applied: 1 products changed\. The public pages show it now/)).toBeVisible();
      const glandListing = () =>
        publicPage
          .getByRole('listitem')
          .filter({ has: publicPage.getByRole('heading', { name: /^CW Brass Cable Gland/ }) });
      await publicPage.goto(at(categoryPath(CATEGORY)));
      await expect(glandListing()).toContainText(/12\.60?\b/);
      await page.getByRole('button', { name: 'Undo this edit' }).click();
      await expect(
        page.getByRole('link', { name: /^a bulk edit \(Bulk edit of 1 product: price \+5 %\)$/ }),
      ).toBeVisible();
      await expect(
        page.getByText('Undoing the bulk edit changes 1 of 1 products back. Nothing has been changed yet.'),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Undo the edit' }).click();
      await expect(page.getByText(/^Undone: 1 of 1 products changed back/)).toBeVisible();
      await publicPage.goto(at(categoryPath(CATEGORY)));
      await expect(glandListing()).not.toContainText(/12\.60?\b/);
      await page.goto(staffAt('/staff/catalogue-file'));
      await page.getByRole('link', { name: 'Back to the catalogue' }).click();
      await page.getByRole('link', { name: 'Missing Arabic' }).click();
      await expect(page.getByText('Nothing lacks Arabic here.')).toBeVisible();
      expect(await axeViolations(page), 'missing-Arabic page').toEqual([]);
      expect(staffConsole.problems).toEqual([]);
    } finally {
      await staffSite.stop();
    }
  });
});
