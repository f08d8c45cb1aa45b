import { categoryNameFromSegment, splitHeading } from './categoryName';

describe('category names', () => {
  it('falls back to the segment split on underscores with capitalised words', () => {
    expect(categoryNameFromSegment('industrial_plugs_and_sockets')).toBe('Industrial Plugs And Sockets');
    expect(categoryNameFromSegment('Resin_Jointing_Kits')).toBe('Resin Jointing Kits');
  });

  it('splits a heading into its first word and the rest', () => {
    expect(splitHeading('Industrial Cable Glands')).toEqual({ first: 'Industrial', rest: 'Cable Glands' });
    expect(splitHeading('Cables')).toEqual({ first: 'Cables', rest: '' });
  });
});
