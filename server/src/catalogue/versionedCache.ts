// One value made from the catalogue and kept for as long as the catalogue's version stays (the /data files, the
// pages' heads and sitemap, the review, quote and chat catalogues): made on first use, made again on the first use
// after the version moved (never eagerly: a burst of imports costs one rebuild, by the next visitor), and dropped
// with its version. Callers asking while it is made share that one build.
export class VersionedCache<T> {
  private entry: { version: number; value: Promise<T> } | undefined;

  /**
   * @param version the catalogue's version now (changes.ts watchCatalogueVersion's `current`)
   * @param build makes the value; it is called with the version read before it starts, so a change committed while it
   *   runs is built again on the next use rather than kept under the newer number
   */
  constructor(
    private readonly version: () => number,
    private readonly build: (version: number) => Promise<T>,
  ) {}

  /** The value for the current version. A failed build is not kept: the next call tries again. */
  get(): Promise<T> {
    const version = this.version();
    if (this.entry?.version === version) return this.entry.value;
    const entry = { version, value: this.build(version) };
    this.entry = entry;
    entry.value.catch(() => {
      if (this.entry === entry) this.entry = undefined;
    });
    return entry.value;
  }

  /** The version the kept value is (or is being) made for; undefined before the first use. */
  builtFor(): number | undefined {
    return this.entry?.version;
  }
}

/**
 * Values by key made from the catalogue, kept while its version stays (what a listing's filters count, a search's
 * page): made on a key's first use, all dropped when the version moves, at most `limit` kept (the least recently used
 * go first: the keys come from visitors' addresses). Callers asking for a key while it is made share that one build;
 * a failed build is not kept. A negative version (not known) keeps nothing.
 */
export class VersionedMemo<T> {
  private version: number | string | undefined;
  private readonly entries = new Map<string, Promise<T>>();

  /**
   * @param current the version now: a number, or text naming several (the catalogue's and the stock's, '12:40');
   *   a negative number is not known
   */
  constructor(
    private readonly current: () => number | string,
    private readonly limit: number,
  ) {}

  get(key: string, build: () => Promise<T>): Promise<T> {
    const version = this.current();
    // not known yet (the feed's watch not started: the database was down when the process started): kept for nothing,
    // since a change would not be heard
    if (typeof version === 'number' && version < 0) {
      this.entries.clear();
      this.version = undefined;
      return build();
    }
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    const kept = this.entries.get(key);
    if (kept !== undefined) {
      // a Map keeps insertion order: moved to the end, it is the most recently used
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept;
    }
    const value = build();
    this.entries.set(key, value);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value as string);
    value.catch(() => {
      if (this.entries.get(key) === value) this.entries.delete(key);
    });
    return value;
  }

  /** How many values are kept now. */
  get size(): number {
    return this.entries.size;
  }
}
