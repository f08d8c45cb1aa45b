// The site's data the company pages show, in the page's language. English pages draw their texts from the bundle
// ('@site/content': home, company, certificates, projects), as before: nothing to load, nothing more to download.
// Arabic pages read the same files through the store's fetch, which on an Arabic page reads /data/ar/<file>.json (the
// same records with their prose translated, built from content/translations/ar/<file>.json). The home page's teaser
// names categories of the catalogue, which lives in the database (the server makes /data/products-category.json from
// it): it is loaded in both languages, never bundled. The server loads what a page needs as it draws it (each page's
// `loadFirstView`) and sends it with the page, so the first view is complete in the HTML and the browser does not fetch
// it again; a page opened later in the visit loads what it still lacks. The Arabic texts travel as data, not as
// JavaScript: English pages pay nothing for them.
import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { fetchOf, loadJson, rootReducer, type LoadStatus } from '@site/shared-store';
import type { Certificate, CompanyInfo, HomeContent, ProductCategory, Project } from '@site/content';
import { TEASER_CATEGORY_IDS } from '@site/content';

/** A category as the home page's teaser shows it. */
export type TeaserCategory = Pick<ProductCategory, 'id' | 'title' | 'image'>;

/** Everything the company pages show from the site's data, by part. */
export interface CompanyContent {
  home: HomeContent;
  company: CompanyInfo;
  certificates: Certificate[];
  projects: Project[];
  /** The four categories of the home page's teaser, in the teaser's order. */
  teaser: TeaserCategory[];
}

export type ContentPart = keyof CompanyContent;

/** The data file of each part (the store's fetch reads the page's edition of it). */
export const CONTENT_FILES: Readonly<Record<ContentPart, string>> = {
  home: '/data/home.json',
  company: '/data/company.json',
  certificates: '/data/certificates.json',
  projects: '/data/projects.json',
  teaser: '/data/products-category.json',
};

/** The teaser's categories out of the category file (only these are kept: they go into the page's HTML). */
export function teaserCategories(categories: readonly ProductCategory[]): TeaserCategory[] {
  return TEASER_CATEGORY_IDS.flatMap((id) => {
    const category = categories.find((c) => c.id === id);
    return category ? [{ id: category.id, title: category.title, image: category.image }] : [];
  });
}

export interface CompanyContentState {
  /** The parts loaded so far, in the page's language. */
  parts: Partial<CompanyContent>;
  status: Partial<Record<ContentPart, LoadStatus>>;
}

const initialState: CompanyContentState = { parts: {}, status: {} };

interface Loaded<P extends ContentPart = ContentPart> {
  part: P;
  data: CompanyContent[P];
}

export const fetchCompanyContent = createAsyncThunk(
  'companyContent/fetch',
  async (part: ContentPart, { signal, extra }): Promise<Loaded> => {
    const data = await loadJson<unknown>(CONTENT_FILES[part], signal, fetchOf(extra));
    return {
      part,
      data: (part === 'teaser' ? teaserCategories(data as ProductCategory[]) : data) as CompanyContent[ContentPart],
    };
  },
  {
    // Once per part and page: the files do not change while a visitor reads them (the server's state counts too).
    condition: (part, { getState }) => {
      const status = (getState() as { companyContent?: CompanyContentState }).companyContent?.status[part];
      return status !== 'loading' && status !== 'succeeded';
    },
  },
);

export const companyContentSlice = createSlice({
  name: 'companyContent',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchCompanyContent.pending, (state, action) => {
        state.status[action.meta.arg] = 'loading';
      })
      .addCase(fetchCompanyContent.fulfilled, (state, action) => {
        const { part, data } = action.payload;
        (state.parts as Record<ContentPart, unknown>)[part] = data;
        state.status[part] = 'succeeded';
      })
      .addCase(fetchCompanyContent.rejected, (state, action) => {
        state.status[action.meta.arg] = 'failed';
      });
  },
  selectors: {
    selectContentParts: (state) => state.parts,
    selectContentStatus: (state) => state.status,
  },
});

declare module '@site/shared-store' {
  interface LazyLoadedSlices extends WithSlice<typeof companyContentSlice> {}
}

/** Injected into the page's one store when the company pages' code loads. */
export const injectedCompanyContentSlice = companyContentSlice.injectInto(rootReducer);
export const { selectContentParts, selectContentStatus } = injectedCompanyContentSlice.selectors;
