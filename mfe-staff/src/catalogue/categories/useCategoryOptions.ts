// The categories a product can be put in, for the list's filter and the new-product form: the server's list (so a
// category made in the staff app is there at once), the seeded ones from the content data while it loads.
import { useMemo } from 'react';
import { STAFF_API } from '@site/contracts/staff-api';
import type { EditorCategoryList } from '@site/contracts/staff-catalogue-api';
import seeded from '@site/content/data/products-category.json';
import { useStaffResource } from '../../ui/useStaffResource';

export interface CategoryOption {
  id: string;
  title: string;
}

const SEEDED: readonly CategoryOption[] = (seeded as CategoryOption[]).map(({ id, title }) => ({ id, title }));

export function useCategoryOptions(): readonly CategoryOption[] {
  const { resource } = useStaffResource<EditorCategoryList>(STAFF_API.catalogueCategories);
  const categories = resource.data?.categories;
  return useMemo(() => (categories === undefined ? SEEDED : categories.map(({ id, title }) => ({ id, title }))), [categories]);
}
