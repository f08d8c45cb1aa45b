import type { CustomerReview } from '@site/content';
import { withEditionSeedReviews } from './seedReviews';

const review = (customerName: string, stars: number, comment = `${customerName} says`): CustomerReview => ({
  customerName,
  stars,
  comment,
});

describe('withEditionSeedReviews', () => {
  const seedsEn = [review('Vinod P.', 5, 'Solid brass.'), review('Khalid A.', 4, 'Good stock.')];
  const seedsAr = [review('فينود ب.', 5, 'نحاس أصفر مصمت.'), review('خالد أ.', 4, 'مخزون جيد.')];

  it("puts the edition's catalogue reviews in place of the API's English ones, after the stored reviews", () => {
    const stored = review('Aisha', 3, 'Fine');
    expect(withEditionSeedReviews([stored, ...seedsEn], seedsAr)).toEqual([stored, ...seedsAr]);
    expect(withEditionSeedReviews(seedsEn, seedsAr)).toEqual(seedsAr);
  });

  it('keeps the answer as it is when the product has no catalogue reviews or they do not match', () => {
    const answer = [review('Aisha', 3)];
    expect(withEditionSeedReviews(answer, undefined)).toBe(answer);
    expect(withEditionSeedReviews(answer, [])).toBe(answer);
    expect(withEditionSeedReviews(answer, seedsAr)).toBe(answer);
    const other = [review('Aisha', 1), review('Omar', 1)];
    expect(withEditionSeedReviews(other, seedsAr)).toBe(other);
  });
});
