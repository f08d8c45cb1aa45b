import { SEARCH_SYNONYMS } from './searchSynonyms';
import { foldSearchText, highlightSegments } from './searchText';

describe('foldSearchText', () => {
  it('folds what writers type interchangeably: case, alef forms, taa marbuta, alef maqsura, diacritics, tatweel, digits, ²', () => {
    expect(foldSearchText('Cable 16 mm²')).toBe('cable 16 mm2');
    expect(foldSearchText('أرضيّ إلى آخر مبنى لفّة')).toBe('ارضي الي اخر مبني لفه');
    expect(foldSearchText('كـــابل ٦٤٩١ ۲۵')).toBe('كابل 6491 25');
  });
});

describe('highlightSegments', () => {
  it('marks every find of every phrase in the text as shown, case and Arabic forms as typed', () => {
    expect(highlightSegments('CW Brass Cable Gland (IP66)', ['gland', 'brass', 'ip66'])).toEqual([
      { text: 'CW ', marked: false },
      { text: 'Brass', marked: true },
      { text: ' Cable ', marked: false },
      { text: 'Gland', marked: true },
      { text: ' (', marked: false },
      { text: 'IP66', marked: true },
      { text: ')', marked: false },
    ]);
    // the shadda and the hamza stay in what is shown, inside the mark
    expect(highlightSegments('قاطع دائرة مصغّر (MCB)', ['قاطع دائره مصغر', 'mcb'])).toEqual([
      { text: 'قاطع دائرة مصغّر', marked: true },
      { text: ' (', marked: false },
      { text: 'MCB', marked: true },
      { text: ')', marked: false },
    ]);
  });

  it('merges overlapping finds, leaves a text with no find whole, and keeps characters outside the BMP', () => {
    expect(highlightSegments('Earth Cable', ['earth cable', 'cable'])).toEqual([{ text: 'Earth Cable', marked: true }]);
    expect(highlightSegments('Fan 🔌 gland', ['gland', ''])).toEqual([
      { text: 'Fan 🔌 ', marked: false },
      { text: 'gland', marked: true },
    ]);
    expect(highlightSegments('<b>Fan</b>', ['x'])).toEqual([{ text: '<b>Fan</b>', marked: false }]);
  });
});

describe('the synonym list', () => {
  it('has English and Arabic in every group, and each phrase, folded, in one group only', () => {
    const seen = new Map<string, number>();
    SEARCH_SYNONYMS.forEach((group, index) => {
      expect(group.some((phrase) => /^[a-z0-9 -]+$/.test(phrase))).toBe(true);
      expect(group.some((phrase) => /\p{Script=Arabic}/u.test(phrase))).toBe(true);
      for (const phrase of group) {
        const folded = foldSearchText(phrase);
        expect([phrase, seen.get(folded) ?? index]).toEqual([phrase, index]);
        seen.set(folded, index);
        expect(folded).toBe(folded.trim().replace(/\s+/g, ' '));
      }
    });
  });
});
