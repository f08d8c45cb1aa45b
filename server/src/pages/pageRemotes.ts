// The remotes as the pages see them: one state at a time (a release swaps it), with who gets which canary and the
// inline remotes map. The page answer (shellResponder.ts) asks for the state once per answer.
import { CanaryAssignment } from './canary.js';
import type { ServedRemote } from './localBuilds.js';
import { RemotesMaps } from './remotes.js';

/** A remote as the pages need it (a RemoteConfig fits): where it is served, and its canary if it has one. */
export interface PageRemote extends ServedRemote {
  canary?: { entry: string; percent: number; distDir: string | undefined } | undefined;
}

/** One state of the remotes: its generation names it in the page cache's key. */
export interface RemotesState {
  generation: number;
  remotes: readonly PageRemote[];
  canaries: CanaryAssignment;
  /** The inline remotes map per visitor kind; none: pages carry no map. */
  maps: RemotesMaps | undefined;
}

export interface CurrentRemotes {
  current(): RemotesState;
}

/** The remotes given as they are, for the whole process. */
export function fixedRemotesOf(options: {
  remotes?: readonly PageRemote[] | undefined;
  canaries?: CanaryAssignment | undefined;
}): CurrentRemotes {
  const state: RemotesState = {
    generation: 0,
    remotes: options.remotes ?? [],
    canaries: options.canaries ?? new CanaryAssignment(options.remotes ?? []),
    // One per visitor kind (which canaries): the visitor's key in the page cache key covers it.
    maps: options.remotes === undefined ? undefined : new RemotesMaps(options.remotes),
  };
  return { current: () => state };
}
