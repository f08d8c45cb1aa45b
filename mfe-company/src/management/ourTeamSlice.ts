import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { loadJson, rootReducer, type LoadStatus } from '@site/shared-store';
import type { TeamMember } from '@site/content';

export const OUR_TEAM_PATH = '/data/our-team.json';

export interface OurTeamState {
  ourTeamData: TeamMember[];
  status: LoadStatus;
  error: string | null;
}

const initialState: OurTeamState = { ourTeamData: [], status: 'idle', error: null };

export const fetchOurTeam = createAsyncThunk('ourTeam/fetch', (_: void, { signal }) => loadJson<TeamMember[]>(OUR_TEAM_PATH, signal));

export const ourTeamSlice = createSlice({
  name: 'ourTeam',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchOurTeam.pending, (state) => {
        state.status = 'loading';
        state.error = null;
      })
      .addCase(fetchOurTeam.fulfilled, (state, action) => {
        state.status = 'succeeded';
        state.ourTeamData = action.payload;
      })
      .addCase(fetchOurTeam.rejected, (state, action) => {
        // Leaving the page aborts the request: that is not a failure to show.
        if (action.meta.aborted) return;
        state.status = 'failed';
        state.error = action.error.message ?? 'The team could not be loaded.';
      });
  },
  selectors: {
    selectOurTeam: (state) => state.ourTeamData,
    selectOurTeamStatus: (state) => state.status,
  },
});

declare module '@site/shared-store' {
  interface LazyLoadedSlices extends WithSlice<typeof ourTeamSlice> {}
}

/** Injected into the page's one store when the company pages' code loads. */
export const injectedOurTeamSlice = ourTeamSlice.injectInto(rootReducer);
export const { selectOurTeam, selectOurTeamStatus } = injectedOurTeamSlice.selectors;
