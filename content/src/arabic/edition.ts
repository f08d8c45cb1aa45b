// The data files in either edition, for server code ('@site/content/arabic-edition': page heads and JSON-LD, the chat's
// knowledge base): the same translation as the Arabic files served at /data/ar (scripts/generate-editions.ts), made
// from the English file and its dictionary on first use and kept. The files are imported (not read from disk), so a
// bundle of the server carries them. Server only: it holds every data file and dictionary, never import it in a browser
// bundle (the pages fetch /data/ar/<file>.json).
import type { z } from 'zod';
import type { DATA_FILES, DataFileName } from '../schema';
import { translateData, type ArabicDictionary } from './translatable';
import branches from '../../data/branches.json';
import certificates from '../../data/certificates.json';
import company from '../../data/company.json';
import home from '../../data/home.json';
import knowledgeBase from '../../data/knowledge-base.json';
import menu from '../../data/menu.json';
import ourTeam from '../../data/our-team.json';
import productDetails from '../../data/product-details.json';
import productsCategory from '../../data/products-category.json';
import products from '../../data/products.json';
import projects from '../../data/projects.json';
import branchesAr from '../../translations/ar/branches.json';
import certificatesAr from '../../translations/ar/certificates.json';
import companyAr from '../../translations/ar/company.json';
import homeAr from '../../translations/ar/home.json';
import knowledgeBaseAr from '../../translations/ar/knowledge-base.json';
import menuAr from '../../translations/ar/menu.json';
import ourTeamAr from '../../translations/ar/our-team.json';
import productDetailsAr from '../../translations/ar/product-details.json';
import productsCategoryAr from '../../translations/ar/products-category.json';
import productsAr from '../../translations/ar/products.json';
import projectsAr from '../../translations/ar/projects.json';

export type { DataFileName } from '../schema';
/** A data file's content, typed by its schema (the types of types.ts: Product[], Branch[]...). */
export type DataFile<F extends DataFileName> = z.output<(typeof DATA_FILES)[F]>;

const ENGLISH: { readonly [F in DataFileName]: unknown } = {
  'branches.json': branches,
  'certificates.json': certificates,
  'company.json': company,
  'home.json': home,
  'knowledge-base.json': knowledgeBase,
  'menu.json': menu,
  'our-team.json': ourTeam,
  'product-details.json': productDetails,
  'products-category.json': productsCategory,
  'products.json': products,
  'projects.json': projects,
};

const DICTIONARIES: { readonly [F in DataFileName]: ArabicDictionary } = {
  'branches.json': branchesAr,
  'certificates.json': certificatesAr,
  'company.json': companyAr,
  'home.json': homeAr,
  'knowledge-base.json': knowledgeBaseAr,
  'menu.json': menuAr,
  'our-team.json': ourTeamAr,
  'product-details.json': productDetailsAr,
  'products-category.json': productsCategoryAr,
  'products.json': productsAr,
  'projects.json': projectsAr,
};

const editions = new Map<DataFileName, unknown>();

/** The Arabic edition of a data file ('products.json'): the English records with their texts in Arabic. Frozen deeply: shared. */
export function arabicEdition<F extends DataFileName>(file: F): DataFile<F> {
  let edition = editions.get(file);
  if (edition === undefined) {
    edition = deepFreeze(translateData(ENGLISH[file], DICTIONARIES[file]));
    editions.set(file, edition);
  }
  return edition as DataFile<F>;
}

/** A data file in the edition of `locale` ('en': the file as committed; the same locales as @site/contracts/locale's). */
export function dataEdition<F extends DataFileName>(locale: 'en' | 'ar', file: F): DataFile<F> {
  return locale === 'ar' ? arabicEdition(file) : (ENGLISH[file] as DataFile<F>);
}

/** The Arabic dictionary of a data file (English text → Arabic text), e.g. to translate one text found in it. */
export function arabicDictionary(file: DataFileName): ArabicDictionary {
  return DICTIONARIES[file];
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}
