import styled from 'styled-components';
import { ImageLinkCard } from '@site/shared-ui';
import { categoryImagePath, type ProductCategory } from '@site/content';

const Body = styled.div`
  padding: 16px;
  h2 { margin: 0 0 4px; font-size: ${({ theme }) => theme.typeScale.lg}; color: ${({ theme }) => theme.colors.brand}; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.typeScale.sm}; }
`;

const Company = styled.p`
  margin-bottom: 8px !important;
  font-weight: 600;
`;

export interface CategoryCardProps {
  category: ProductCategory;
  /** Eager-load the first row's images (they are the largest paint). */
  eager: boolean;
}

/** One category: picture, title, optional company and info; opens the category's listing. */
export function CategoryCard({ category, eager }: CategoryCardProps) {
  return (
    // Relative to /our-products, as the spec's router does.
    <ImageLinkCard to={category.id} imageSrc={categoryImagePath(category.image)} eager={eager}>
      <Body>
        <h2>{category.title}</h2>
        {category.company ? <Company>{category.company}</Company> : null}
        <p>{category.info}</p>
      </Body>
    </ImageLinkCard>
  );
}
