// The branches as a page of another edition shows them: the same records as content/data/branches.json,
// their prose (labels, addresses, map titles, names) translated, read through the store's fetch, which reads
// /data/ar/branches.json on an Arabic page. The English page draws the branches bundled with the code (@site/content)
// and never waits for this file.
import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { addLoadCases, fetchOf, loadJson, rootReducer, type LoadStatus } from '@site/shared-store';
import type { Branch } from '@site/content';

/** The branches file; the store's fetch turns it into the page's edition ('/data/ar/branches.json'). */
export const BRANCHES_PATH = '/data/branches.json';

export interface ContactBranchesState {
  branches: Branch[];
  status: LoadStatus;
  error: string | null;
}

const initialState: ContactBranchesState = { branches: [], status: 'idle', error: null };

const SLICE = 'contactBranches';

/** Loads the branches once per page: not again while a load is running or once they are there. */
export const fetchBranches = createAsyncThunk(
  `${SLICE}/fetch`,
  (_: void, { signal, extra }) => loadJson<Branch[]>(BRANCHES_PATH, signal, fetchOf(extra)),
  {
    condition: (_, { getState }) => {
      const status = (getState() as { [SLICE]?: ContactBranchesState })[SLICE]?.status;
      return status !== 'loading' && status !== 'succeeded';
    },
  },
);

export const contactBranchesSlice = createSlice({
  name: SLICE,
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    addLoadCases(builder, fetchBranches, {
      failure: 'The branch details could not be loaded.',
      // never aborted (the file is small and the same for every visit): a load the visitor left still fills the store
      aborted: 'fail',
      fulfilled: (state, action) => {
        state.branches = action.payload;
      },
    });
  },
  selectors: {
    selectLoadedBranches: (state) => state.branches,
    selectBranchesStatus: (state) => state.status,
  },
});

declare module '@site/shared-store' {
  interface LazyLoadedSlices extends WithSlice<typeof contactBranchesSlice> {}
}

/** Injected into the page's one store when the contact page's code loads. */
export const injectedContactBranchesSlice = contactBranchesSlice.injectInto(rootReducer);
export const { selectLoadedBranches, selectBranchesStatus } = injectedContactBranchesSlice.selectors;
