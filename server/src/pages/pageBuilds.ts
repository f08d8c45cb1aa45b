// The readers of the remotes' builds that the pages need, per state of the remotes: each remote's manifest for the
// preload hints (remoteHints.ts) and its server-render modules for the first view (ssr/firstView.ts). Made again when a
// release swaps the state (rarely); an answer begun before a swap finishes with its own state's readers.
import { RemotePreloadHints } from './remoteHints.js';
import type { RemotesState } from './pageRemotes.js';
import { FirstViewRenderer, type FirstViewOptions } from './ssr/firstView.js';

export interface PageBuildsOptions
  extends Pick<FirstViewOptions, 'dataFiles' | 'onRenderError' | 'standIns' | 'buildCache'> {
  /** How often a remote's mf-manifest.json is checked for a new release, in milliseconds. */
  manifestRecheckMs?: number | undefined;
  /** Where registered builds copied from this site's folders are (their preload hints). */
  remoteBuildsDir?: string | undefined;
  /** False: no first view is rendered on the server. */
  serverRendering?: boolean | undefined;
}

/** The readers of one state of the remotes. */
export interface BuildReaders {
  generation: number;
  hints: RemotePreloadHints;
  /** None when server rendering is off. */
  firstViews: FirstViewRenderer | undefined;
}

export class PageBuilds {
  /** The readers of the newest state seen. */
  private latest: BuildReaders | undefined;

  constructor(
    private readonly shellDist: string,
    private readonly options: PageBuildsOptions,
  ) {}

  /** The readers of `state`: the ones kept for the newest state, or made for an older one and not kept. */
  of(state: RemotesState): BuildReaders {
    if (this.latest === undefined || state.generation > this.latest.generation) this.latest = this.made(state);
    return state.generation === this.latest.generation ? this.latest : this.made(state);
  }

  private made(state: RemotesState): BuildReaders {
    const { options } = this;
    return {
      generation: state.generation,
      hints: new RemotePreloadHints(state.remotes, {
        recheckMs: options.manifestRecheckMs,
        storeDir: options.remoteBuildsDir,
      }),
      firstViews:
        options.serverRendering === false
          ? undefined
          : new FirstViewRenderer(this.shellDist, state.remotes, {
              recheckMs: options.manifestRecheckMs,
              dataFiles: options.dataFiles,
              onRenderError: options.onRenderError,
              standIns: options.standIns,
              buildCache: options.buildCache,
            }),
    };
  }
}
