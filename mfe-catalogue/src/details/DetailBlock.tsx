import styled from 'styled-components';
import { productImagePath, type DetailBlock as DetailBlockData } from '@site/content';
import { DatasheetLink } from './DownloadLink';
import { SafeHtml } from './SafeHtml';

const Block = styled.section`
  margin: 32px 0;
  h3 { margin: 0 0 12px; color: ${({ theme }) => theme.colors.brand}; font-size: ${({ theme }) => theme.typeScale.lg}; }
  p { line-height: 1.6; }
`;

const Gallery = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  margin: 16px 0;
  img { width: 220px; max-width: 100%; height: auto; background: ${({ theme }) => theme.colors.surfaceAlt}; border-radius: ${({ theme }) => theme.radius.sm}; }
`;

const Plain = styled.table`
  width: 100%;
  margin: 16px 0;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.typeScale.sm};
  th, td { padding: 8px; border: 1px solid ${({ theme }) => theme.colors.border}; text-align: start; }
  th { background: ${({ theme }) => theme.colors.brandLight}; }
`;

const Scroller = styled.div`
  overflow-x: auto;
`;

function Images({ keys }: { keys: string[] | undefined }) {
  if (!keys?.length) return null;
  return (
    <Gallery>
      {keys.map((key, index) => (
        <img
          key={`${key}-${index}`}
          src={productImagePath(key)}
          alt=""
          width={220}
          height={165}
          loading="lazy"
          decoding="async"
        />
      ))}
    </Gallery>
  );
}

/** A detail description block: title, images, paragraphs, a plain table (first row = header), more images and text, a datasheet. */
export function DetailBlock({ block }: { block: DetailBlockData }) {
  const [head, ...rows] = block.table ?? [];
  return (
    <Block>
      {block.title ? <SafeHtml html={block.title} /> : null}
      <Images keys={block.images1} />
      {block.content?.map((html, index) => (
        <SafeHtml key={index} html={html} />
      ))}
      {head ? (
        <Scroller>
          <Plain>
            <thead>
              <tr>
                {head.map((cell, index) => (
                  <th key={index} scope="col">
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, index) => (
                    <td key={index}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Plain>
        </Scroller>
      ) : null}
      <Images keys={block.images2} />
      {block.DataAfterTable?.map((html, index) => (
        <SafeHtml key={index} html={html} />
      ))}
      {block.downloadFile ? <DatasheetLink file={block.downloadFile} /> : null}
    </Block>
  );
}
