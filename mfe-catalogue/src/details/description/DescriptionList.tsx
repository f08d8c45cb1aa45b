import styled from 'styled-components';
import { CEILING_ROSE_TABLE_IMAGE } from '@site/content';
import { SafeHtml } from '../SafeHtml';
import type { DescriptionBlock } from './parseDescription';
import { useText } from '../../i18n/useText';

const Wrapper = styled.div`
  h3 { margin: 0 0 8px; font-size: ${({ theme }) => theme.typeScale.lg}; color: ${({ theme }) => theme.colors.brand}; }
  h4 { margin: 16px 0 6px; font-size: ${({ theme }) => theme.typeScale.md}; }
  ul { margin: 0 0 8px; padding-inline-start: 20px; }
  li { margin: 2px 0; }
  img { display: block; max-width: 100%; height: auto; margin: 8px 0; }
`;

/** The 'Description :' list of the product summary. */
export function DescriptionList({ blocks }: { blocks: DescriptionBlock[] }) {
  const text = useText();
  if (blocks.length === 0) return null;
  return (
    <Wrapper>
      <h3>{text('catalogue.description.heading')}</h3>
      {blocks.map((block, index) => {
        switch (block.kind) {
          case 'list':
            return (
              <ul key={index}>
                {block.items.map((item, itemIndex) =>
                  item.kind === 'row' ? (
                    <li key={itemIndex}>
                      <strong>{item.key}</strong> : {item.value}
                    </li>
                  ) : (
                    <li key={itemIndex}>{item.text}</li>
                  ),
                )}
              </ul>
            );
          case 'subheading':
            return <h4 key={index}>{block.text}</h4>;
          case 'paragraph':
            return <SafeHtml key={index} html={block.html} />;
          case 'ceilingRose':
            return (
              <img key={index} src={CEILING_ROSE_TABLE_IMAGE} alt={block.alt} width={480} height={300} loading="lazy" />
            );
        }
      })}
    </Wrapper>
  );
}
