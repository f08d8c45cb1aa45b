/** The spec's fallback name of a category nobody described: the path segment split on underscores, each word capitalised. */
export function categoryNameFromSegment(segment: string): string {
  return segment
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The listing heading: the first word apart from the remaining words (styled differently). */
export function splitHeading(name: string): { first: string; rest: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first, rest: rest.join(' ') };
}
