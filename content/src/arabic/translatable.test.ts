// What the Arabic edition translates, by field: a product's model code and its unit stay as written even where the
// string reads like an English word, so a buyer's list matches the same code on both editions and the apps word the unit.
import { missingTranslations, translateData } from './translatable';

describe("a product's code and unit in the Arabic edition", () => {
  const product = { id: 'kit_a', productName: 'Joint Kit', code: 'Joint Kit', unit: 'Kit' };
  const dictionary = { 'Joint Kit': 'طقم وصلة', Kit: 'طقم' };

  it('are never asked of the dictionary, whatever they hold', () => {
    expect(missingTranslations([product], {})).toEqual(['Joint Kit']);
    expect(missingTranslations([{ code: 'Cable Gland Shroud', unit: 'metre' }], {})).toEqual([]);
  });

  it('are copied unchanged while the name beside them is translated', () => {
    expect(translateData([product], dictionary)).toEqual([
      { id: 'kit_a', productName: 'طقم وصلة', code: 'Joint Kit', unit: 'Kit' },
    ]);
  });
});

describe('values a visitor reads as words', () => {
  it('a range, an upper limit, a choice and a country by its initials are asked of the dictionary', () => {
    const values = [
      { value: 'Up to 1000 V' },
      { value: '-60 °C to +100 °C' },
      { value: '20 W, 30 W or 50 W' },
      { country: 'UAE' },
    ];
    expect(missingTranslations(values, {})).toEqual(['Up to 1000 V', '-60 °C to +100 °C', '20 W, 30 W or 50 W', 'UAE']);
  });

  it('technical values, codes and standards are not', () => {
    expect(
      missingTranslations(
        [
          { value: '600/1000 V' },
          { value: 'BS 5467' },
          { value: 'IP68' },
          { value: '3 x 2.5 mm²' },
          { code: 'UP TO 16' },
        ],
        {},
      ),
    ).toEqual([]);
  });
});
