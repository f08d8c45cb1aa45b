// Every app's message catalogs (src/i18n/<locale>.json) are complete: the same message ids in English and
// Arabic, the same ICU arguments and element tags, no empty message, and Arabic messages written in Arabic (a few
// named exceptions: the language switch names English in English).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

// shared-ui owns the quote basket's quantity words (shared-ui/src/quantity): its ids are 'ui.*', like the shell's.
const APPS = ['shell', 'mfe-catalogue', 'mfe-company', 'mfe-contact', 'mfe-chat', 'shared-ui'];

/** A remote's message ids start with its name ('catalogue.listing.sortBy'): the page's one Lingui instance holds every app's messages, so ids of two apps must never meet. The shell's and shared-ui's use no remote's prefix. */
const REMOTE_PREFIX = {
  'mfe-catalogue': 'catalogue.',
  'mfe-company': 'company.',
  'mfe-contact': 'contact.',
  'mfe-chat': 'chat.',
};

/**
 * Arabic messages that are rightly not in Arabic script, by app: the language switch names English in English; a price
 * break is a quantity and a price ('50+: 12.50 درهم'), the price's words its own message's.
 */
const NOT_ARABIC_SCRIPT = {
  shell: new Set(['language.switch']),
  'mfe-catalogue': new Set(['catalogue.variants.break']),
};

/** A part's own catalogs, in its chunk (under <app>/src/<folder>/i18n/), held to the same rules as its app's. */
const PARTS = {
  'mfe-catalogue/src/details/variants': 'mfe-catalogue',
  'mfe-catalogue/src/listing/filters': 'mfe-catalogue',
  'mfe-contact/src/quotation-link': 'mfe-contact',
};

const readJson = (path) => JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8'));
const readCatalog = (app, locale) => readJson(`${app}/src/i18n/${locale}.json`);
const readPart = (part, locale) => readJson(`${part}/i18n/${locale}.json`);

/** The ICU arguments ({count}, {name, plural, …}) and element tags (<0>, </0>) a message uses, sorted. */
function placeholders(message) {
  const args = [...message.matchAll(/\{\s*([A-Za-z_]\w*)\s*[,}]/g)].map((m) => `{${m[1]}}`);
  const tags = [...message.matchAll(/<\/?(\d+)\s*\/?>/g)].map((m) => m[0].replace(/\s/g, ''));
  return [...new Set([...args, ...tags])].sort();
}

const ARABIC_LETTER = /[\u0600-\u06FF]/;

const CATALOGS = [
  ...APPS.map((app) => ({ name: app, app, read: (locale) => readCatalog(app, locale) })),
  ...Object.entries(PARTS).map(([part, app]) => ({ name: part, app, read: (locale) => readPart(part, locale) })),
];

for (const { name: app, app: owner, read } of CATALOGS) {
  test(`${app}: Arabic and English catalogs have the same messages, arguments and tags`, () => {
    const en = read('en');
    const ar = read('ar');
    assert.deepEqual(Object.keys(ar).sort(), Object.keys(en).sort(), 'message ids differ between en.json and ar.json');
    for (const [id, english] of Object.entries(en)) {
      assert.ok(typeof english === 'string' && english.trim() !== '', `${app} en ${id} is empty`);
      assert.ok(typeof ar[id] === 'string' && ar[id].trim() !== '', `${app} ar ${id} is empty`);
      assert.deepEqual(placeholders(ar[id]), placeholders(english), `${app} ${id}: arguments or tags differ`);
      if (!NOT_ARABIC_SCRIPT[owner]?.has(id))
        assert.match(ar[id], ARABIC_LETTER, `${app} ar ${id} is not written in Arabic`);
    }
  });
}

test("message ids never meet across apps: each remote's start with its name, the shell's with no remote's", () => {
  const prefixes = Object.values(REMOTE_PREFIX);
  for (const app of APPS) {
    for (const id of Object.keys(readCatalog(app, 'en'))) {
      const prefix = REMOTE_PREFIX[app];
      if (prefix === undefined)
        assert.ok(!prefixes.some((p) => id.startsWith(p)), `${app} id ${id} uses a remote's prefix`);
      else assert.ok(id.startsWith(prefix), `${app} id ${id} does not start with ${prefix}`);
    }
  }
});

test("a part's message ids start with its app's prefix and are none of its app's", () => {
  for (const [part, app] of Object.entries(PARTS)) {
    const own = readCatalog(app, 'en');
    for (const id of Object.keys(readPart(part, 'en'))) {
      assert.ok(id.startsWith(REMOTE_PREFIX[app]), `${part} id ${id} does not start with ${REMOTE_PREFIX[app]}`);
      assert.ok(!(id in own), `${part} id ${id} is also in ${app}'s catalog`);
    }
  }
});
