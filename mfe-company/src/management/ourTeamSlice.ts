import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { addLoadCases, fetchOf, loadJson, rootReducer, takeLoadedByServer, type LoadStatus } from '@site/shared-store';
import type { TeamMember } from '@site/content';

export const OUR_TEAM_PATH = '/data/our-team.json';

export interface OurTeamState {
  ourTeamData: TeamMember[];
  status: LoadStatus;
  error: string | null;
}

const initialState: OurTeamState = { ourTeamData: [], status: 'idle', error: null };

export const fetchOurTeam = createAsyncThunk(
  'ourTeam/fetch',
  (_: void, { signal, extra }) => loadJson<TeamMember[]>(OUR_TEAM_PATH, signal, fetchOf(extra)),
  // The server drew the page with it: not again as it hydrates.
  { condition: () => !takeLoadedByServer('ourTeam') },
);

export const ourTeamSlice = createSlice({
  name: 'ourTeam',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    // Leaving the page aborts the request: that is not a failure to show (addLoadCases ignores it).
    addLoadCases(builder, fetchOurTeam, {
      failure: 'The team could not be loaded.',
      fulfilled: (state, action) => {
        state.ourTeamData = action.payload;
      },
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
