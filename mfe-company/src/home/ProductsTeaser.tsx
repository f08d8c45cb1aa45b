import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ButtonLink, Card, CardGrid } from '@site/shared-ui';
import { categoryImagePath } from '@site/content';
import { CATEGORIES_PATH, categoryPath } from '@site/contracts/paths';
import type { TeaserCategory } from '../content/companyContentSlice';
import { useText } from '../i18n/useText';

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
  margin-bottom: 24px;
  h2 { margin: 0; color: ${({ theme }) => theme.colors.brand}; font-size: ${({ theme }) => theme.typeScale.xxl}; }
`;

const CardLink = styled(Link)`
  display: flex;
  flex-direction: column;
  height: 100%;
  color: inherit;
  text-decoration: none;
  img { display: block; width: 100%; height: auto; aspect-ratio: 4 / 3; background: ${({ theme }) => theme.colors.surfaceAlt}; }
  h3 { margin: 0; padding: 16px; font-size: ${({ theme }) => theme.typeScale.lg}; color: ${({ theme }) => theme.colors.brand}; }
`;

export interface ProductsTeaserProps {
  /** The four categories of the teaser, in the spec's order (all four exist: the content schema checks it). */
  categories: readonly TeaserCategory[];
}

/** 'Our Products': four category cards and a way to all of them. */
export function ProductsTeaser({ categories }: ProductsTeaserProps) {
  const text = useText();
  return (
    <section aria-labelledby="home-products">
      <Head>
        <h2 id="home-products">{text('company.home.productsHeading')}</h2>
        <ButtonLink as={Link} to={CATEGORIES_PATH}>
          {text('company.home.viewAllProducts')}
        </ButtonLink>
      </Head>
      <CardGrid as="ul" aria-label={text('company.home.featuredCategories')}>
        {categories.map((category) => (
          <Card as="li" key={category.id}>
            <CardLink to={categoryPath(category.id)}>
              {/* Loaded with the page, not lazily: the cards sit at the first screen's edge, where on an Arabic page the
                  first card's picture is the largest thing painted; lazy, it was requested only after layout and the
                  page's largest paint waited for it. Tiny SVGs, decoded with the frame that paints them. */}
              <img src={categoryImagePath(category.image)} alt="" width={400} height={300} />
              <h3>{category.title}</h3>
            </CardLink>
          </Card>
        ))}
      </CardGrid>
    </section>
  );
}
