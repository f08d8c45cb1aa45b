import type { CategoryOption } from './useCategoryOptions';

/** A category <select>'s options, one per category by its title (the select's own first option comes before). */
export function CategoryOptionList({ categories }: { categories: readonly CategoryOption[] }) {
  return categories.map((category) => (
    <option key={category.id} value={category.id}>
      {category.title}
    </option>
  ));
}
