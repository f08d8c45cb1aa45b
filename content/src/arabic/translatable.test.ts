// What the Arabic edition translates, by field: a product's model code and its unit stay as written even where the
// string reads like an English word, so a buyer's list matches the same code on both editions and the apps word the unit.
import { missingTranslations, translateData } from './translatable';

describe('a product\'s code and unit in the Arabic edition', () => {
  const product = { id: 'kit_a', productName: 'Joint Kit', code: 'Joint Kit', unit: 'Kit' };
  const dictionary = { 'Joint Kit': 'طقم وصلة', Kit: 'طقم' };

  it('are never asked of the dictionary, whatever they hold', () => {
    expect(missingTranslations([product], {})).toEqual(['Joint Kit']);
    expect(missingTranslations([{ code: 'Cable Gland Shroud', unit: 'metre' }], {})).toEqual([]);
  });

  it('are copied unchanged while the name beside them is translated', () => {
    expect(translateData([product], dictionary)).toEqual([{ id: 'kit_a', productName: 'طقم وصلة', code: 'Joint Kit', unit: 'Kit' }]);
  });
});
