import { productAttributes } from './productAttributes';

describe('productAttributes', () => {
  it('reads the rows of the description and of its specification tables as text, each key once, in data order', () => {
    const attributes = productAttributes({
      description: [
        { key: 'Poles', value: '1P, 2P' },
        { key: '-1', value: 'a plain item' },
        { key: 'Heading', value: '' },
        { key: '^note', value: '<p>a note</p>' },
        { key: '*Design Features', value: '<p>prose</p>' },
        {
          key: '*Specifications',
          value: [
            { key: 'Rated current', value: '<b>63</b> A' },
            { key: 'Poles', value: '4P' },
          ],
        },
      ],
    });
    expect(attributes).toEqual([
      { key: 'Poles', value: '1P, 2P' },
      { key: 'Rated current', value: '63 A' },
    ]);
    expect(productAttributes({})).toEqual([]);
  });
});
