// The names of the listing's specification filters, in the order a listing shows them: each is also the address's
// parameter ('?ip=IP66,IP67'), and how their values read in each edition. No imports: the listing's view (contracts)
// and its filters bundle it for a few bytes.
export const FILTER_ATTRIBUTES = [
  'voltage',
  'cores',
  'size',
  'current',
  'poles',
  'ip',
  'material',
  'standard',
] as const;
export type FilterAttribute = (typeof FILTER_ATTRIBUTES)[number];

export const isFilterAttribute = (name: string): name is FilterAttribute =>
  (FILTER_ATTRIBUTES as readonly string[]).includes(name);

/** Materials named in the details (first match wins: 'nickel-plated brass' before 'brass'), with their names in both editions. */
export const FILTER_MATERIALS: readonly { id: string; pattern: RegExp; en: string; ar: string }[] = [
  {
    id: 'nickel-plated-brass',
    pattern: /nickel[- ]plated brass/i,
    en: 'Nickel-plated brass',
    ar: 'نحاس أصفر مطلي بالنيكل',
  },
  { id: 'brass', pattern: /\bbrass\b/i, en: 'Brass', ar: 'نحاس أصفر' },
  { id: 'tinned-copper', pattern: /tinned copper/i, en: 'Tinned copper', ar: 'نحاس مقصدر' },
  { id: 'copper', pattern: /\bcopper\b/i, en: 'Copper', ar: 'نحاس' },
  { id: 'stainless-steel', pattern: /stainless steel/i, en: 'Stainless steel', ar: 'فولاذ مقاوم للصدأ' },
  { id: 'polyamide', pattern: /polyamide|nylon/i, en: 'Polyamide (nylon)', ar: 'بولي أميد (نايلون)' },
  { id: 'silicone-rubber', pattern: /silicone rubber/i, en: 'Silicone rubber', ar: 'مطاط سيليكون' },
  { id: 'epr', pattern: /ethylene propylene rubber|\bEPR\b/i, en: 'EPR rubber', ar: 'مطاط EPR' },
  { id: 'pvc', pattern: /\bPVC\b/i, en: 'PVC', ar: 'PVC' },
  { id: 'aluminium', pattern: /aluminium|aluminum/i, en: 'Aluminium', ar: 'ألومنيوم' },
];

/** A value as a listing shows it: a material by its name in the edition, the rest as written ('600/1000 V', 'IP66'). */
export function filterValueText(attribute: FilterAttribute, value: string, locale: 'en' | 'ar'): string {
  if (attribute !== 'material') return value;
  const material = FILTER_MATERIALS.find((known) => known.id === value);
  return material === undefined ? value : material[locale];
}
