// The specification filters of a listing, read from a product's details: the values buyers narrow a range by, each
// normalised with its unit, so that '0.6/1 kV' and '600/1000 V' are one choice and '1.0 mm²' is '1 mm²'. A product
// has any number of values of each (a range of sizes, several ratings). Written into the database with the product
// ('attribute:value', catalogue_products.filter_values) and read back as the listing's filter choices.
import { descriptionEntryKind } from './catalogue';
import { htmlToText } from './htmlText';
import { FILTER_MATERIALS, type FilterAttribute } from './filterAttributes';
import type { ProductDetail } from './types';

export {
  FILTER_ATTRIBUTES,
  FILTER_MATERIALS,
  filterValueText,
  isFilterAttribute,
  type FilterAttribute,
} from './filterAttributes';

/** Which description keys feed which filter (the rest are read for what their text holds: IP ratings, standards). */
const KEYS: Readonly<Record<'voltage' | 'cores' | 'size' | 'current' | 'poles' | 'material', RegExp>> = {
  voltage: /^(rated )?voltage/i,
  cores: /^cores?$/i,
  size: /^(sizes?|conductor|conductor size|cross[- ]section)$/i,
  current: /^(rated current|currents?|ratings?)$/i,
  poles: /^poles?$/i,
  material: /^material$/i,
};

/** A number as one spelling ('1.0' → '1', '0.60' → '0.6'). */
const number = (text: string): string => String(Number(text));

/** '600/1000 V', '36 kV', '230/400 V'; up to 1 kV written in volts ('0.6/1 kV' → '600/1000 V'). */
function voltages(text: string): string[] {
  return [...text.matchAll(/(\d+(?:\.\d+)?)(?:\s*\/\s*(\d+(?:\.\d+)?))?\s*(kV|V)\b/g)].map(([, low, high, unit]) => {
    const values = [low!, ...(high === undefined ? [] : [high])].map(Number);
    const inVolts = unit === 'kV' && Math.max(...values) <= 1;
    const shown = values.map((value) => number(String(inVolts ? value * 1000 : value))).join('/');
    return `${shown} ${inVolts ? 'V' : unit}`;
  });
}

/** The numbers of cores a 'Cores' value names ('2 core + CPC, 3 core + CPC', '3, 3.5 and 4 core'). */
function cores(text: string): string[] {
  if (!/core/i.test(text)) return [];
  return [...text.matchAll(/(?<![\d.])(\d+(?:\.5)?)(?![\d.])/g)]
    .map(([, value]) => number(value!))
    .filter((value) => Number(value) <= 61);
}

export function productFilterValues(detail: Pick<ProductDetail, 'description' | 'Specification'>): string[] {
  const values = new Set<string>();
  const add = (attribute: FilterAttribute, value: string) => values.add(`${attribute}:${value}`);
  const texts: string[] = [];
  const read = (key: string, html: string) => {
    const text = htmlToText(html);
    texts.push(text);
    if (KEYS.voltage.test(key)) voltages(text).forEach((value) => add('voltage', value));
    if (KEYS.cores.test(key)) cores(text).forEach((value) => add('cores', value));
    if (KEYS.size.test(key))
      for (const [, size] of text.matchAll(/(\d+(?:\.\d+)?)\s*mm²/g)) add('size', `${number(size!)} mm²`);
    if (KEYS.current.test(key))
      for (const [, amps] of text.matchAll(/(\d+(?:\.\d+)?)\s*A\b/g)) add('current', `${number(amps!)} A`);
    if (KEYS.poles.test(key)) for (const [pole] of text.matchAll(/\b\dP(?:\+N)?(?:\+E)?/g)) add('poles', pole);
    if (KEYS.material.test(key)) {
      const material = FILTER_MATERIALS.find(({ pattern }) => pattern.test(text));
      if (material) add('material', material.id);
    }
  };
  for (const entry of detail.description ?? []) {
    const kind = descriptionEntryKind(entry);
    if (kind === 'row' && typeof entry.value === 'string') read(entry.key, entry.value);
    else if (kind === 'section' && Array.isArray(entry.value)) for (const row of entry.value) read(row.key, row.value);
  }
  for (const spec of detail.Specification ?? []) texts.push(...(spec.specification ?? []), ...(spec.extraSpec ?? []));
  // IP ratings and standards wherever the specification states them
  const all = texts.join(' \n ');
  for (const [, digits] of all.matchAll(/\bIP\s?(\d{2})\b/g)) add('ip', `IP${digits}`);
  for (const [standard] of all.matchAll(/\b(?:BS EN|BS|IEC\/EN|IEC|EN|IEEE|UL)\s\d{2,5}(?:-\d{1,3})*/g))
    add('standard', standard.replace('IEC/EN', 'IEC'));
  return [...values];
}
