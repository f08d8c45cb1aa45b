// What buildApp (../app.ts) is given: the settings it reads and the options tests and main.ts set.
import type { Config } from './config.js';
import type { PageCache, RenderedPage } from '../pages/index.js';
import type { CatalogueKnowledgeLimits } from '../assistant/index.js';
import type { CatalogueFeed } from '../catalogue/index.js';
import type { SeoSite } from '../seo/index.js';

/** The settings buildApp uses (a full Config fits). */
export type AppConfig = Pick<
  Config,
  | 'host'
  | 'port'
  | 'dataDir'
  | 'logLevel'
  | 'shellDist'
  | 'content'
  | 'remotes'
  | 'submissions'
  | 'assistant'
  | 'http'
  | 'staff'
  | 'staffPages'
> &
  // config.ts's defaults when not given (tests that do not look at them)
  Partial<
    Pick<
      Config,
      | 'staffSite'
      | 'accountSite'
      | 'requirePassedRun'
      | 'releaseSafety'
      | 'remoteOrigins'
      | 'remoteBuilds'
      | 'releaseVitals'
      | 'vitals'
      | 'metrics'
      | 'stock'
    >
  >;

export interface BuildAppOptions {
  /** Called when a form submission queued a mail (main.ts wakes the outbox worker). */
  onOutboxWrite?: () => void;
  /** The data of the pages' heads, robots.txt and sitemap.xml (tests); the site's own content by default. */
  seoSite?: SeoSite;
  /** Where rendered pages are kept (tests: a small one, to watch it); a PageCache of the default size otherwise. */
  pageCache?: PageCache<Promise<RenderedPage>>;
  /**
   * Where the catalogue is read from: the database, following its version (by default); another feed; or 'files', the
   * catalogue as committed in content/data with every /data file read from the data folders as it is (tests of the
   * HTTP layer over a stub database).
   */
  catalogue?: CatalogueFeed | 'files';
  /**
   * The most products a catalogue in the database may have for its /data files to be made whole and sent from memory
   * (WHOLE_DATA_FILES_MAX_PRODUCTS by default); past it they are streamed. Tests of the streaming set 0.
   */
  wholeDataFilesMaxProducts?: number;
  /** Over the database, how many products of each category and of a question's search the chat's knowledge base holds (tests set fewer). */
  chatKnowledge?: CatalogueKnowledgeLimits;
  /** The time remote load reports are received at, which the automatic rollback's window is judged by (tests move it). */
  releaseClock?: () => Date;
  /** The time vitals beacons are counted at (their hour), and the canary-hold rule's window ends (tests move it). */
  vitalsClock?: () => Date;
  /** Where the JSON logs go (tests read them); standard output by default. LOG_LEVEL turns them on. */
  logStream?: { write(line: string): void };
  /** The stock feed's limits and the clock of "a past date" (tests, benches); STOCK_FEED_LIMITS and now by default. */
  stock?: { maxBytes?: number; maxRows?: number; now?: () => Date };
}
