export interface BreadcrumbItem {
  moduleName: string;
  /** Where the item leads; the last item (the current page) has none. */
  link?: string;
}

export type BreadcrumbEntry =
  | { kind: 'item'; item: BreadcrumbItem; index: number }
  | { kind: 'collapsed'; hidden: number };

/**
 * Which entries to show: all of them when they fit in `maxItems`, otherwise the first and the last
 * with the middle folded into one "collapsed" entry (the way a visitor can still reach it).
 */
export function collapseBreadcrumb(items: BreadcrumbItem[], maxItems: number): BreadcrumbEntry[] {
  const all: BreadcrumbEntry[] = items.map((item, index) => ({ kind: 'item', item, index }));
  if (items.length <= maxItems || items.length < 3) return all;
  return [all[0]!, { kind: 'collapsed', hidden: items.length - 2 }, all[items.length - 1]!];
}
