import { filterValueText, productFilterValues } from './filterValues';

describe('productFilterValues', () => {
  it('reads each filter’s values from the details, normalised with their units', () => {
    const values = productFilterValues({
      description: [
        { key: 'Voltage', value: '0.6/1 kV' },
        { key: 'Test voltage', value: '3.5 kV' },
        { key: 'Cores', value: '2 core + CPC, 3 core + CPC' },
        { key: 'Sizes', value: '1.0 mm², 16 mm²' },
        { key: 'Ratings', value: '25 A, 63 A' },
        { key: 'Poles', value: '1P, 1P+N, 3P+N+E' },
        { key: 'Material', value: 'Nickel-plated brass' },
        { key: '*Specifications', value: [{ key: 'Ingress protection', value: '<b>IP66</b> / IP 68' }] },
      ],
      Specification: [{ specification: ['IEC/EN 60947-3 and BS 5467'] }],
    });
    expect(values.sort()).toEqual(
      [
        'voltage:600/1000 V',
        'cores:2',
        'cores:3',
        'size:1 mm²',
        'size:16 mm²',
        'current:25 A',
        'current:63 A',
        'poles:1P',
        'poles:1P+N',
        'poles:3P+N+E',
        'material:nickel-plated-brass',
        'ip:IP66',
        'ip:IP68',
        'standard:IEC 60947-3',
        'standard:BS 5467',
      ].sort(),
    );
    expect(productFilterValues({})).toEqual([]);
  });

  it('names a material in each edition; other values as written', () => {
    expect(filterValueText('material', 'stainless-steel', 'ar')).toBe('فولاذ مقاوم للصدأ');
    expect(filterValueText('material', 'stainless-steel', 'en')).toBe('Stainless steel');
    expect(filterValueText('voltage', '600/1000 V', 'ar')).toBe('600/1000 V');
  });
});
