// Finds what a question names: a product category, products, a brand or a branch of the knowledge base.
// Word-based: lower case, simple plural stemming, no dependency. Arabic words are normalised and light-stemmed
// (arabicWords.ts); an Arabic question is matched against the Arabic knowledge base's names, an English one against the
// English names, and either finds the same ids.
import type { BranchId } from '@site/content';
import { arabicStems, hasArabicLetters } from './arabicWords.js';
import type { KbCategory, KbProduct, KnowledgeBase } from './knowledgeBase.js';

/** The Arabic stems of these words, as a set. */
const arabicSet = (text: string): Set<string> => new Set(arabicStems(text));

const STOP_WORDS = new Set(
  (
    'a an and are as at be by can could do does for from have has how i in is it me my of on or our please sell ' +
    'the to we what which who with you your any tell show need want get buy looking some all'
  ).split(' '),
);

/** Words of product names too common to name a category on their own ('branch' names a branch of ours first). */
const COMMON_WORDS = new Set(
  (
    'type single double twin core heavy duty indoor outdoor white black grey gray red blue green yellow set pack piece ' +
    'coil kit standard series range size sizes small large flat round with for and from to low high voltage rated ' +
    'complete general purpose metre meter box branch'
  )
    .split(' ')
    .concat(
      ...arabicSet(
        'نوع طراز أحادي ثنائي مزدوج قلب قلوب الخدمة الشاقة داخلي خارجي أبيض أسود رمادي أحمر أزرق أخضر أصفر طقم عبوة قطعة لفة ' +
          'قياسي سلسلة مقاس مقاسات صغير كبير مسطح دائري مع من إلى منخفض عالي الجهد المقنن كامل متعدد الاستخدامات متر بطول علبة فرع',
      ),
    ),
);

/** Title words that describe rather than name a category: alone they name nothing ("management", "industrial"). */
const MODIFIERS = new Set([
  ...'industrial cable high voltage management system pvc flexible rigid gi wiring marking machine device accessory assembly kit'.split(
    ' ',
  ),
  // the same in the Arabic titles ('جلب الكابلات الصناعية', 'أنظمة إدارة الكابلات', 'تجميع لوحات المفاتيح الكهربائية'…)
  ...arabicSet(
    'الصناعية الكابلات الجهد العالي أنظمة نظام إدارة المرنة الصلبة الحديد المجلفن التمديدات الكهربائية آلات أجهزة ملحقات تجميع أطقم لوحات المفاتيح',
  ),
]);

/** Words of a question that mean a title word. */
const SYNONYMS: Record<string, string> = { joint: 'jointing', seimens: 'siemens', ksa: 'saudi', emirates: 'uae' };

/** Arabic question words, pronouns and verbs of asking that name nothing (as stems). */
const ARABIC_STOP_WORDS = arabicSet(
  'هل ما ماذا من في على عن إلى الى أن ان أو او ثم لي لنا لك لكم لديكم لديك لدي عندكم عندك هذا هذه ذلك تلك التي الذي ' +
    'هو هي أنا انا أنت انت كيف كم متى أي اي يا مع كل بعض أيضا ايضا لو سمحت فضلك من فضلك أريد اريد أود اود أبحث ابحث ' +
    'أحتاج احتاج بحاجة تبيعون تبيع توفرون توفر يوجد هناك أخبرني اخبرني أعطني اعطني أرني ممكن يمكن يمكنني يمكنكم شكرا مرحبا السلام عليكم',
);

/** Arabic stems of a question that mean a stem of the knowledge base's Arabic names ('وصلات' → the 'وصل' of 'أطقم وصل الكابلات'). */
const ARABIC_SYNONYMS: Record<string, string> = Object.fromEntries(
  (
    [
      ['وصلات', 'وصل'],
      ['سلك', 'الأسلاك'],
      ['مروحة', 'المراوح'],
      ['مقبس', 'المقابس'],
      ['مأخذ', 'المآخذ'],
      ['ماسورة', 'مواسير'],
      ['رابط', 'روابط'],
      ['جلبة', 'جلب'],
      ['طقم', 'أطقم'],
      ['شريط', 'أشرطة'],
      ['علبة', 'علب'],
      ['لوحة', 'لوحات'],
    ] as const
  ).map(([asked, meant]) => [arabicStems(asked)[0]!, arabicStems(meant)[0]!]),
);

/** Lower-case word stem: plural endings removed ('glands' → 'gland', 'boxes' → 'box', 'accessories' → 'accessory'). */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(x|ch|sh|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** A text's Latin words (lower case, accents dropped) other than stop words and bare numbers. */
function latinWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '' && !STOP_WORDS.has(w) && /[a-z]/.test(w));
}

/** A text's light-stemmed Arabic words of two letters or more, other than stop words. */
function arabicWords(text: string): string[] {
  return hasArabicLetters(text) ? arabicStems(text).filter((w) => w.length >= 2 && !ARABIC_STOP_WORDS.has(w)) : [];
}

/** The stemmed words of a text, without stop words and bare numbers: its Latin words, then its Arabic ones. */
export function words(text: string): string[] {
  const latin = latinWords(text).map((w) => SYNONYMS[stem(w)] ?? stem(w));
  return [...latin, ...arabicWords(text).map((w) => ARABIC_SYNONYMS[w] ?? w)];
}

/** Words of asking and greeting that name no product (the matcher's stop words aside). */
const CHAT_WORDS = new Set(
  (
    'where when why there here this that these those about know like would should will just also than then they their ' +
    'was were am hi hello hey thanks thank good morning evening afternoon much many more offer stock available'
  ).split(' '),
);

/**
 * The words of a question as the catalogue's search is asked for them: without stop words and bare numbers, Latin
 * words cut to what their singular and plural start with ('glands' → 'gland', 'accessories' → 'accessor': the search
 * finds a word's start), Arabic words light-stemmed (the search finds them inside a word: 'الكابلات' → 'كابل').
 */
export function searchWords(text: string): string[] {
  const latin = latinWords(text)
    .filter((w) => !CHAT_WORDS.has(w))
    .map((w) => (w.length > 4 && w.endsWith('ies') ? w.slice(0, -3) : stem(w)));
  return [...new Set([...latin, ...arabicWords(text)])];
}

/** A word found in more product names than this names a kind of product, not products: it is left to the categories. */
const MAX_RARE_WORD_PRODUCTS = 5;

export interface MatchIndex {
  categories: { category: KbCategory; titleWords: Set<string>; productWords: Set<string> }[];
  products: { product: KbProduct; category: KbCategory; words: Set<string> }[];
  brands: { name: string; words: Set<string> }[];
}

/** Precomputes the words of every category, product and brand. */
export function buildMatchIndex(kb: KnowledgeBase): MatchIndex {
  const categoriesOfWord = new Map<string, Set<string>>();
  for (const category of kb.productCategories) {
    for (const product of category.productDetails) {
      for (const w of words(product.name)) {
        if (!categoriesOfWord.has(w)) categoriesOfWord.set(w, new Set());
        categoriesOfWord.get(w)!.add(category.id);
      }
    }
  }
  // title and brand words are matched as such, not as words of product names
  const ownMeaning = new Set([
    ...kb.productCategories.flatMap((c) => words(c.title)),
    ...kb.brands.flatMap((b) => words(b.name)),
  ]);
  const namesACategory = (w: string, ids: Set<string>) =>
    ids.size === 1 && w.length >= 3 && !COMMON_WORDS.has(w) && !MODIFIERS.has(w) && !ownMeaning.has(w);
  return {
    categories: kb.productCategories.map((category) => ({
      category,
      titleWords: new Set(words(category.title)),
      // words that only this category's products use ('trunking', 'brass'): they name the category too
      productWords: new Set(
        [...categoriesOfWord].filter(([w, ids]) => ids.has(category.id) && namesACategory(w, ids)).map(([w]) => w),
      ),
    })),
    products: kb.productCategories.flatMap((category) =>
      category.productDetails.map((product) => ({
        product,
        category,
        words: new Set([...words(product.name), ...product.company.flatMap(words)]),
      })),
    ),
    brands: kb.brands.map((brand) => ({ name: brand.name, words: new Set(words(brand.name)) })),
  };
}

export type ItemMatch =
  | { kind: 'products'; products: { product: KbProduct; category: KbCategory }[] }
  | { kind: 'categories'; categories: KbCategory[] }
  | { kind: 'brand'; brand: string };

/**
 * What the question names, most specific first: products (two or more of a product's words, and more than any
 * category matched), then categories (best score; ties give several), then a brand, then products sharing a rare word.
 */
export function matchItem(question: string, index: MatchIndex): ItemMatch | undefined {
  const asked = new Set(words(question));
  if (asked.size === 0) return undefined;

  let bestCategoryScore = 0;
  let bestCategories: KbCategory[] = [];
  for (const { category, titleWords, productWords } of index.categories) {
    const matchedTitle = [...titleWords].filter((w) => asked.has(w));
    const matchedProductWords = [...productWords].filter((w) => asked.has(w));
    const namesIt =
      (matchedTitle.length > 0 && matchedTitle.length === titleWords.size) ||
      matchedTitle.length >= 2 ||
      matchedTitle.some((w) => !MODIFIERS.has(w)) ||
      matchedProductWords.length > 0;
    if (!namesIt) continue;
    const score = matchedTitle.length + matchedProductWords.length;
    if (score > bestCategoryScore) {
      bestCategoryScore = score;
      bestCategories = [category];
    } else if (score === bestCategoryScore) bestCategories.push(category);
  }

  const scoredProducts = index.products
    .map((entry) => ({ ...entry, score: [...entry.words].filter((w) => asked.has(w)).length }))
    .filter((entry) => entry.score >= 2 && entry.score > bestCategoryScore);
  if (scoredProducts.length > 0) {
    const best = Math.max(...scoredProducts.map((p) => p.score));
    return {
      kind: 'products',
      products: scoredProducts.filter((p) => p.score === best).map(({ product, category }) => ({ product, category })),
    };
  }
  if (bestCategories.length > 0) return { kind: 'categories', categories: bestCategories };

  const brand = index.brands.find((b) => [...b.words].some((w) => asked.has(w)));
  if (brand) return { kind: 'brand', brand: brand.name };

  // a rare word of a few product names ('mcb', 'rccb'): those products
  const rare = [...asked].filter((w) => w.length >= 3 && !COMMON_WORDS.has(w) && !MODIFIERS.has(w));
  const withRare = index.products.filter((entry) => rare.some((w) => entry.words.has(w)));
  if (withRare.length > 0 && withRare.length <= MAX_RARE_WORD_PRODUCTS) {
    return { kind: 'products', products: withRare.map(({ product, category }) => ({ product, category })) };
  }
  return undefined;
}

const BRANCH_WORDS: Record<BranchId, string[]> = {
  dubai: ['dubai', 'uae', ...arabicSet('دبي الإمارات')],
  oman: ['oman', 'muscat', ...arabicSet('عمان مسقط')],
  bahrain: ['bahrain', 'sitra', ...arabicSet('البحرين سترة')],
  saudi: ['saudi', 'arabia', 'dammam', ...arabicSet('السعودية الدمام')],
};

/** The branch a question names ('Muscat' → oman), if exactly one. */
export function matchBranch(question: string): BranchId | undefined {
  const asked = new Set(words(question));
  const named = (Object.keys(BRANCH_WORDS) as BranchId[]).filter((id) => BRANCH_WORDS[id].some((w) => asked.has(w)));
  return named.length === 1 ? named[0] : undefined;
}

/** A keyword as the question's words are compared with it: its stem ('products' → 'product'; Arabic: 'المنتجات' → 'منتج'). */
const keywordStem = (keyword: string): string =>
  hasArabicLetters(keyword) ? (arabicStems(keyword)[0] ?? keyword) : stem(keyword);

/** Whether the question holds one of these words (compared as stems: 'products' has 'product', 'منتجاتكم' has 'منتجات'). */
export function mentions(question: string, keywords: readonly string[]): boolean {
  const asked = new Set(words(question));
  return keywords.some((k) => asked.has(keywordStem(k)));
}
