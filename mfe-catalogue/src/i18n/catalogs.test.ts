// The catalogue's catalogs against the texts they stand for: the English ones are the spec's (some also live in
// content's constants), the Arabic ones follow the edition's rules (Western digits, English PDFs said to be English).
import { DESCRIPTION_SECTIONS } from '@site/content';
import { REVIEW_STARS } from '@site/content/reviews';
import { testI18n } from '@test/render';
import ar from './ar.json';
import en from './en.json';
import reviewFormEn from '../reviews/i18n/en.json';

describe('the catalogue catalogs', () => {
  it("name the description sections as content's DESCRIPTION_SECTIONS does in English", () => {
    const titles = Object.entries(en).filter(
      ([id]) => id.startsWith('catalogue.section.') && id !== 'catalogue.section.chartAlt',
    );
    expect(titles.map(([, title]) => title).sort()).toEqual(
      DESCRIPTION_SECTIONS.map((section) => section.title).sort(),
    );
  });

  it("name the rating choices as content's REVIEW_STARS does in English", () => {
    // the review form's own catalog (reviews/i18n: a chunk loaded with the form)
    expect(REVIEW_STARS.map(({ value }) => reviewFormEn[`catalogue.reviewForm.stars.${value}`])).toEqual(
      REVIEW_STARS.map(({ label }) => label),
    );
  });

  it('write Arabic numbers with Western digits', () => {
    expect(Object.values(ar).filter((message) => /[\u0660-\u0669\u06F0-\u06F9]/.test(message))).toEqual([]);
  });

  it('say on every Arabic download that the PDF is in English', () => {
    expect(ar['catalogue.download.datasheet']).toMatch(/\(بالإنجليزية\)$/);
    expect(testI18n('ar')._('catalogue.download.file', { label: 'تعليمات التركيب' })).toBe(
      'تعليمات التركيب (بالإنجليزية)',
    );
  });
});
