import { makeStore } from '@site/shared-store';
import team from '@site/content/data/our-team.json';
import { requestsSent } from '@test/msw';
import { ourTeamAnsweredByHand } from '../testing/handlers';
import { fetchOurTeam, OUR_TEAM_PATH, selectOurTeam, selectOurTeamStatus } from './ourTeamSlice';

describe('ourTeam slice', () => {
  let teamFile: ReturnType<typeof ourTeamAnsweredByHand>;
  beforeEach(() => {
    teamFile = ourTeamAnsweredByHand();
  });

  it('is injected into the shared store, idle and empty at first', () => {
    const store = makeStore();
    expect(store.getState().ourTeam).toEqual({ ourTeamData: [], status: 'idle', error: null });
  });

  it('loads /data/our-team.json: loading while pending, then the members', async () => {
    const store = makeStore();
    const done = store.dispatch(fetchOurTeam());
    expect(OUR_TEAM_PATH).toBe('/data/our-team.json');
    expect(requestsSent()).toEqual([`GET ${OUR_TEAM_PATH}`]);
    expect(selectOurTeamStatus(store.getState())).toBe('loading');
    teamFile.answer(200, team);
    await done;
    expect(selectOurTeamStatus(store.getState())).toBe('succeeded');
    expect(selectOurTeam(store.getState())).toEqual(team);
  });

  it('records a failure instead of loading forever, and a retry clears it', async () => {
    const store = makeStore();
    const failing = store.dispatch(fetchOurTeam());
    teamFile.answer(500, { error: 'boom' });
    await failing;
    expect(selectOurTeamStatus(store.getState())).toBe('failed');
    expect(store.getState().ourTeam?.error).toMatch(/HTTP 500/);
    const retry = store.dispatch(fetchOurTeam());
    expect(store.getState().ourTeam?.error).toBeNull();
    teamFile.answer(200, team);
    await retry;
    expect(selectOurTeam(store.getState())).toHaveLength(5);
  });

  it('does not count an aborted request (the visitor left the page) as a failure', async () => {
    const store = makeStore();
    const request = store.dispatch(fetchOurTeam());
    request.abort();
    await request;
    expect(selectOurTeamStatus(store.getState())).toBe('loading');
    expect(store.getState().ourTeam?.error).toBeNull();
  });
});
