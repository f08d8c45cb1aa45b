import { CHARACTERISTICS_IMAGE } from '@site/content';
import { parseDescription } from './parseDescription';

describe('parseDescription', () => {
  it('reads every key convention, in data order, grouping list lines', () => {
    const { blocks, sections } = parseDescription([
      { key: 'Rating', value: '6 A, 250 V' },
      { key: 'Terminals', value: 'Loop-in' },
      { key: 'Core Identification', value: '' },
      { key: '-1', value: 'Brown' },
      { key: '-', value: 'Blue' },
      { key: '', value: 'Green/yellow' },
      { key: '^', value: '<p>See the <strong>table</strong>.</p>' },
      { key: '%ceiling-rose', value: 'Ceiling rose terminals' },
      { key: '-', value: 'Keep live loops shrouded' },
      { key: 'Material', value: 'Brass' },
    ]);
    expect(sections).toEqual([]);
    expect(blocks).toEqual([
      {
        kind: 'list',
        items: [
          { kind: 'row', key: 'Rating', value: '6 A, 250 V' },
          { kind: 'row', key: 'Terminals', value: 'Loop-in' },
        ],
      },
      { kind: 'subheading', text: 'Core Identification' },
      {
        kind: 'list',
        items: [
          { kind: 'item', text: 'Brown' },
          { kind: 'item', text: 'Blue' },
          { kind: 'item', text: 'Green/yellow' },
        ],
      },
      { kind: 'paragraph', html: '<p>See the <strong>table</strong>.</p>' },
      { kind: 'ceilingRose', alt: 'Ceiling rose terminals' },
      {
        kind: 'list',
        items: [
          { kind: 'item', text: 'Keep live loops shrouded' },
          { kind: 'row', key: 'Material', value: 'Brass' },
        ],
      },
    ]);
  });

  it("feeds '*' keys to the sections, in the display order, never as rows", () => {
    const rows = [{ key: 'Conductor', value: 'Copper <sub>class 2</sub>' }];
    const { blocks, sections } = parseDescription([
      { key: '*TechnicalSpecifications', value: [{ key: 'Wavelength', value: '1064 nm' }] },
      { key: '*Characteristics', value: rows },
      { key: '*Application', value: '<p>Indoors.</p>' },
      { key: 'Material', value: 'Brass' },
      { key: '*Design Features', value: '<ul><li>IP66</li></ul>' },
    ]);
    expect(blocks).toEqual([{ kind: 'list', items: [{ kind: 'row', key: 'Material', value: 'Brass' }] }]);
    expect(sections.map((s) => s.title)).toEqual([
      'Design Features',
      'Application',
      'Characteristics',
      'Technical Specifications',
    ]);
    expect(sections[0]).toMatchObject({ kind: 'html', html: '<ul><li>IP66</li></ul>', alwaysOpen: false });
    expect(sections[2]).toMatchObject({ kind: 'table', rows, image: CHARACTERISTICS_IMAGE });
    expect(sections[3]).toMatchObject({ kind: 'table', alwaysOpen: true, title: 'Technical Specifications' });
  });

  it('names every section as the spec does', () => {
    const all = parseDescription([
      { key: '*Design Features', value: '<p>a</p>' },
      { key: '*Application', value: '<p>b</p>' },
      { key: '*Construction', value: [{ key: 'k', value: 'v' }] },
      { key: '*TechnicalData', value: [{ key: 'k', value: 'v' }] },
      { key: '*Characteristics', value: [{ key: 'k', value: 'v' }] },
      { key: '*Design', value: [{ key: 'k', value: 'v' }] },
      { key: '*Specifications', value: [{ key: 'k', value: 'v' }] },
      { key: '*TechnicalSpecifications', value: [{ key: 'k', value: 'v' }] },
    ]);
    expect(all.sections.map((s) => [s.title, s.alwaysOpen])).toEqual([
      ['Design Features', false],
      ['Application', false],
      ['Construction', false],
      ['Technical Data', false],
      ['Characteristics', false],
      ['Design', false],
      ['Specification', false],
      ['Technical Specifications', true],
    ]);
  });

  it('leaves out sections without content and unknown section keys', () => {
    const { blocks, sections } = parseDescription([
      { key: '*Application', value: '  ' },
      { key: '*Construction', value: [] },
      { key: '*Design Features', value: [{ key: 'wrong', value: 'kind' }] },
      { key: '*Warranty', value: '<p>2 years</p>' },
    ]);
    expect(sections).toEqual([]);
    expect(blocks).toEqual([]);
  });

  it("a '*' key wins over an empty value; an empty key with an empty value is an empty item", () => {
    expect(parseDescription([{ key: '*Application', value: '' }])).toEqual({ blocks: [], sections: [] });
    expect(parseDescription([{ key: '', value: '' }]).blocks).toEqual([
      { kind: 'list', items: [{ kind: 'item', text: '' }] },
    ]);
  });

  it('reads a product without a description as empty', () => {
    expect(parseDescription(undefined)).toEqual({ blocks: [], sections: [] });
  });
});
