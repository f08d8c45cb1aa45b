import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { rootReducer } from './rootReducer';
import { makeStore } from './store';
import { fetchOf, PendingServerState, takeLoadedByServer } from './firstView';
import { loadJson } from './loadJson';

// A remote's slice, injected only when "its code loads" (inside a test), as in the browser.
const teamSlice = createSlice({
  name: 'firstViewTeam',
  initialState: { names: [] as string[], status: 'idle' },
  reducers: {},
});
const state = (store: ReturnType<typeof makeStore>) => store.getState() as unknown as Record<string, unknown>;

describe("the server's first view state", () => {
  it("gives each slice the server's state once it is injected, and only once", () => {
    const store = makeStore();
    const serverState = new PendingServerState({
      menu: { drawerOpen: false },
      firstViewTeam: { names: ['Ahmed'], status: 'succeeded' },
    });
    serverState.applyTo(store);
    expect(state(store).firstViewTeam).toBeUndefined(); // its remote has not loaded yet

    teamSlice.injectInto(rootReducer);
    serverState.applyTo(store);
    expect(state(store).firstViewTeam).toEqual({ names: ['Ahmed'], status: 'succeeded' });

    // the page's first load is skipped once (the server did it); later opens load again
    expect(takeLoadedByServer('firstViewTeam')).toBe(true);
    expect(takeLoadedByServer('firstViewTeam')).toBe(false);
  });

  it("thunks fetch with the store's fetch (the server's files on the server), the browser's by default", async () => {
    const files: Record<string, string> = { '/data/team.json': '["Sara"]' };
    // jsdom has no Response: the two members loadJson reads (a cast, not a whole Response).
    const answer = (status: number, body: string) =>
      ({ ok: status === 200, status, json: async () => JSON.parse(body) as unknown }) as Response;
    const serverFetch: typeof fetch = async (input) =>
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- loadJson asks with a path string
      String(input) in files ? answer(200, files[String(input)] ?? '') : answer(404, '"Not found"');
    const load = createAsyncThunk('firstViewTest/load', (path: string, { extra }) =>
      loadJson<string[]>(path, undefined, fetchOf(extra)),
    );
    const store = makeStore(undefined, { fetch: serverFetch });
    expect(await store.dispatch(load('/data/team.json')).unwrap()).toEqual(['Sara']);
    await expect(store.dispatch(load('/api/anything')).unwrap()).rejects.toMatchObject({
      message: 'Could not load /api/anything (HTTP 404)',
    });
    expect(fetchOf(undefined)).toEqual(expect.any(Function));
  });
});
