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
