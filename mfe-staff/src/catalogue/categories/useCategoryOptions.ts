// The categories for the list's filter (every one: an archived category's withdrawn products are listed too) and the
// new-product form (live ones only: a product is published into a live category only): the server's list (so a
// category made in the staff app is there at once), the seeded ones from the content data while it loads.
import { useMemo } from 'react';
import seeded from '@site/content/data/products-category.json';
import { useCatalogueCategoriesQuery } from '../../api/staffApi';

export interface CategoryOption {
  id: string;
  title: string;
}

const SEEDED: readonly CategoryOption[] = (seeded as CategoryOption[]).map(({ id, title }) => ({ id, title }));

export function useCategoryOptions({ liveOnly = false }: { liveOnly?: boolean } = {}): readonly CategoryOption[] {
  const categories = useCatalogueCategoriesQuery().data?.categories;
  return useMemo(
    () =>
      categories === undefined
        ? SEEDED
        : categories
            .filter((category) => !liveOnly || category.state === 'live')
            .map(({ id, title }) => ({ id, title })),
    [categories, liveOnly],
  );
}
