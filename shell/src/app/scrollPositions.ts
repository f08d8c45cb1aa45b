/** Where the visitor had scrolled each page of this tab's history, kept across reloads of the tab (sessionStorage). */
const STORAGE_KEY = 'site:scroll-positions';
/** Enough for any real back-button journey; the oldest entries go first. */
const MAX_ENTRIES = 100;

export class ScrollPositions {
  private readonly positions = new Map<string, number>();

  constructor(private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | undefined) {
    try {
      const saved: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '{}');
      if (saved !== null && typeof saved === 'object') {
        for (const [key, y] of Object.entries(saved)) if (typeof y === 'number') this.positions.set(key, y);
      }
    } catch {
      // Unreadable positions are only lost positions: pages open at their top.
    }
  }

  get(key: string): number | undefined {
    return this.positions.get(key);
  }

  set(key: string, y: number): void {
    // Re-inserted, so the Map's order is the entries' last use.
    this.positions.delete(key);
    this.positions.set(key, y);
    if (this.positions.size > MAX_ENTRIES) this.positions.delete(this.positions.keys().next().value!);
  }

  /** Writes them to the tab's storage (on leaving the page: a reload or a return from another site finds them). */
  save(): void {
    try {
      this.storage?.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(this.positions)));
    } catch {
      // Storage full or refused (private mode): the positions live as long as the page.
    }
  }
}
