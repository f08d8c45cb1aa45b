import { configureStore, createAsyncThunk, createReducer, type ActionReducerMapBuilder } from '@reduxjs/toolkit';
import { addLoadCases } from './loadCases';
import type { LoadStatus } from './loadJson';

/** A load the test settles by hand: `settle.resolve(items)` / `settle.reject(error)` for the latest call. */
function controlledLoad() {
  const calls: { resolve: (items: string[]) => void; reject: (error: unknown) => void }[] = [];
  const thunk = createAsyncThunk(
    'test/load',
    (_: string, { signal }) =>
      new Promise<string[]>((resolve, reject) => {
        calls.push({ resolve, reject });
        signal.addEventListener('abort', () => reject(new Error('aborted')));
      }),
  );
  return { thunk, calls };
}

type TestThunk = ReturnType<typeof controlledLoad>['thunk'];

/** A store whose one reducer holds `initialState` and the cases `addCases` adds for a controlled load. */
function storeWith<State>(
  initialState: State,
  addCases: (builder: ActionReducerMapBuilder<State>, thunk: TestThunk) => void,
) {
  const { thunk, calls } = controlledLoad();
  const store = configureStore({ reducer: createReducer(initialState, (builder) => addCases(builder, thunk)) });
  return { store, thunk, calls };
}

interface PlainState {
  items: string[];
  status: LoadStatus;
  error: string | null;
}

function plainStore(aborted?: 'ignore' | 'fail') {
  const initialState: PlainState = { items: [], status: 'idle', error: null };
  return storeWith(initialState, (builder, thunk) =>
    addLoadCases(builder, thunk, {
      failure: 'The items could not be loaded.',
      fulfilled: (state, action) => {
        state.items = action.payload;
      },
      ...(aborted ? { aborted } : {}),
    }),
  );
}

describe('addLoadCases', () => {
  it('pending: loading with no error; fulfilled: succeeded with the payload stored', async () => {
    const { store, thunk, calls } = plainStore();
    const request = store.dispatch(thunk('a'));
    expect(store.getState()).toEqual({ items: [], status: 'loading', error: null });
    calls[0]?.resolve(['x', 'y']);
    await request;
    expect(store.getState()).toEqual({ items: ['x', 'y'], status: 'succeeded', error: null });
  });

  it("rejected: failed with the error's message, or the given text when it has none; a retry clears the error", async () => {
    const { store, thunk, calls } = plainStore();
    const first = store.dispatch(thunk('a'));
    calls[0]?.reject(new Error('HTTP 500'));
    await first;
    expect(store.getState()).toEqual({ items: [], status: 'failed', error: 'HTTP 500' });

    const second = store.dispatch(thunk('a'));
    expect(store.getState().error).toBeNull();
    calls[1]?.reject({ code: 'E_NO_MESSAGE' });
    await second;
    expect(store.getState()).toEqual({ items: [], status: 'failed', error: 'The items could not be loaded.' });
  });

  it('ignores an aborted request by default: still loading, no error', async () => {
    const { store, thunk } = plainStore();
    const request = store.dispatch(thunk('a'));
    request.abort();
    await request;
    expect(store.getState()).toEqual({ items: [], status: 'loading', error: null });
  });

  it("with aborted: 'fail', an aborted request fails like any other", async () => {
    const { store, thunk } = plainStore('fail');
    const request = store.dispatch(thunk('a'));
    request.abort();
    await request;
    expect(store.getState()).toMatchObject({ status: 'failed', error: 'Aborted' });
  });

  describe('with other field names and a request id', () => {
    interface TwoLoadsState {
      owner: string | null;
      items: string[];
      itemsStatus: LoadStatus;
      itemsError: string | null;
      itemsRequestId: string | null;
    }

    function twoLoadsStore() {
      const initialState: TwoLoadsState = {
        owner: null,
        items: [],
        itemsStatus: 'idle',
        itemsError: null,
        itemsRequestId: null,
      };
      return storeWith(initialState, (builder, thunk) =>
        addLoadCases(builder, thunk, {
          fields: { status: 'itemsStatus', error: 'itemsError', requestId: 'itemsRequestId' },
          failure: 'The items could not be loaded.',
          pending: (state, action) => {
            state.owner = action.meta.arg;
            state.items = [];
          },
          fulfilled: (state, action) => {
            state.items = action.payload;
          },
        }),
      );
    }

    it('writes those fields, runs the pending callback, and keeps the request id only while it is in flight', async () => {
      const { store, thunk, calls } = twoLoadsStore();
      const request = store.dispatch(thunk('ann'));
      expect(store.getState()).toEqual({
        owner: 'ann',
        items: [],
        itemsStatus: 'loading',
        itemsError: null,
        itemsRequestId: request.requestId,
      });
      calls[0]?.resolve(['x']);
      await request;
      expect(store.getState()).toEqual({
        owner: 'ann',
        items: ['x'],
        itemsStatus: 'succeeded',
        itemsError: null,
        itemsRequestId: null,
      });
    });

    it('drops the answer or failure of an older request that settles after a newer one started', async () => {
      const { store, thunk, calls } = twoLoadsStore();
      const older = store.dispatch(thunk('ann'));
      const newer = store.dispatch(thunk('bob'));
      calls[0]?.resolve(['old']);
      await older;
      expect(store.getState()).toMatchObject({
        owner: 'bob',
        items: [],
        itemsStatus: 'loading',
        itemsRequestId: newer.requestId,
      });

      const newest = store.dispatch(thunk('cid'));
      calls[1]?.reject(new Error('late failure'));
      await newer;
      expect(store.getState()).toMatchObject({ itemsStatus: 'loading', itemsError: null });

      calls[2]?.reject(new Error('HTTP 502'));
      await newest;
      expect(store.getState()).toMatchObject({
        owner: 'cid',
        itemsStatus: 'failed',
        itemsError: 'HTTP 502',
        itemsRequestId: null,
      });
    });

    it('ignores an aborted request even when it is the latest', async () => {
      const { store, thunk } = twoLoadsStore();
      const request = store.dispatch(thunk('ann'));
      request.abort();
      await request;
      expect(store.getState()).toMatchObject({
        itemsStatus: 'loading',
        itemsError: null,
        itemsRequestId: request.requestId,
      });
    });
  });
});
