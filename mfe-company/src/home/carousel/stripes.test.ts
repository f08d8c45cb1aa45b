import { STRIPE_COUNT, stripesPolygon } from './stripes';

/** The polygon's points as [x, y] percentages. */
const pointsOf = (polygon: string): [number, number][] =>
  polygon
    .replace(/^polygon\(|\)$/g, '')
    .split(', ')
    .map((point) => point.split(' ').map((value) => Number.parseFloat(value)) as [number, number]);

/** The x ranges the polygon covers: each stripe's rectangle (up its start side, across the top, down its end side). */
const coveredRanges = (polygon: string): [number, number][] => {
  const points = pointsOf(polygon);
  const ranges: [number, number][] = [];
  for (let index = 1; index + 3 < points.length; index += 4)
    ranges.push([points[index + 1]![0], points[index + 2]![0]]);
  return ranges;
};

describe('the stripes that reveal a carousel picture', () => {
  test('have the same points at every progress, so the browser animates one outline into the other', () => {
    const counts = [0, 0.3, 1].flatMap((progress) =>
      (['ltr', 'rtl'] as const).map((direction) => pointsOf(stripesPolygon(progress, direction)).length),
    );
    expect(new Set(counts)).toEqual(new Set([2 + 4 * STRIPE_COUNT]));
  });

  test('cover nothing at the start and the whole picture at the end, in both directions', () => {
    for (const direction of ['ltr', 'rtl'] as const) {
      expect(coveredRanges(stripesPolygon(0, direction)).every(([from, to]) => from === to)).toBe(true);
      expect(coveredRanges(stripesPolygon(1, direction))).toEqual(
        Array.from({ length: STRIPE_COUNT }, (_, index) => [index * 12.5, (index + 1) * 12.5]),
      );
    }
  });

  test('grow each stripe from its left on an English page and from its right on an Arabic one', () => {
    expect(coveredRanges(stripesPolygon(0.4, 'ltr'))[0]).toEqual([0, 5]);
    expect(coveredRanges(stripesPolygon(0.4, 'ltr'))[7]).toEqual([87.5, 92.5]);
    expect(coveredRanges(stripesPolygon(0.4, 'rtl'))[0]).toEqual([7.5, 12.5]);
    expect(coveredRanges(stripesPolygon(0.4, 'rtl'))[7]).toEqual([95, 100]);
  });

  test('run along the bottom edge between stripes, where they cover nothing', () => {
    const points = pointsOf(stripesPolygon(0.5, 'ltr'));
    expect(points[0]).toEqual([0, 100]);
    expect(points.at(-1)).toEqual([100, 100]);
  });
});
