import { useId, useState } from 'react';
import styled from 'styled-components';
import { SafeHtml } from '../SafeHtml';
import type { DescriptionSectionKey } from '@site/content';
import type { DescriptionSectionContent } from './parseDescription';
import { useText } from '../../i18n/useText';
import type { MessageId } from '../../i18n/text';
import { earlyControl } from '@site/contracts/dom-ids';

/** Each section's title in the catalogs, by its description key (content's DESCRIPTION_SECTIONS has the English ones). */
const SECTION_TITLES: Readonly<Record<DescriptionSectionKey, MessageId>> = {
  '*Design Features': 'catalogue.section.designFeatures',
  '*Application': 'catalogue.section.application',
  '*Construction': 'catalogue.section.construction',
  '*TechnicalData': 'catalogue.section.technicalData',
  '*Characteristics': 'catalogue.section.characteristics',
  '*Design': 'catalogue.section.design',
  '*Specifications': 'catalogue.section.specifications',
  '*TechnicalSpecifications': 'catalogue.section.technicalSpecifications',
};

const Section = styled.section`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  margin-bottom: 12px;
  overflow: hidden;
  h3 { margin: 0; font-size: ${({ theme }) => theme.typeScale.md}; }
`;

const Toggle = styled.button`
  display: flex;
  width: 100%;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  min-height: 48px;
  padding: 12px 16px;
  border: 0;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.brand};
  font: inherit;
  font-weight: 700;
  text-align: start;
  cursor: pointer;
  &::after { content: '+'; font-size: 1.4em; line-height: 1; }
  &[aria-expanded='true']::after { content: '−'; }
`;

const Title = styled.span`
  display: block;
  padding: 12px 16px;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.brand};
  font-weight: 700;
`;

const Body = styled.div`
  padding: 12px 16px;
  table { width: 100%; border-collapse: collapse; }
  th, td { padding: 8px; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; text-align: start; vertical-align: top; }
  th { width: 40%; font-weight: 600; }
  td p { margin: 0; }
  img { display: block; max-width: 100%; height: auto; margin-top: 12px; }
`;

function SectionBody({
  section,
  title,
  id,
  hidden = false,
}: {
  section: DescriptionSectionContent;
  title: string;
  id: string;
  hidden?: boolean;
}) {
  const text = useText();
  return (
    <Body id={id} hidden={hidden}>
      {section.kind === 'html' ? (
        <SafeHtml html={section.html} />
      ) : (
        <table>
          <tbody>
            {section.rows.map((row, index) => (
              <tr key={index}>
                <th scope="row">{row.key}</th>
                <td>
                  <SafeHtml html={row.value} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {section.image ? (
        <img
          src={section.image}
          alt={text('catalogue.section.chartAlt', { title })}
          width={480}
          height={270}
          loading="lazy"
        />
      ) : null}
    </Body>
  );
}

/** One section: collapsed by default behind a toggle, or always open without one (Technical Specifications). */
function DescriptionSectionView({ section }: { section: DescriptionSectionContent }) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const text = useText();
  const title = text(SECTION_TITLES[section.key]);
  if (section.alwaysOpen) {
    return (
      <Section aria-label={title}>
        <h3>
          <Title>{title}</Title>
        </h3>
        <SectionBody section={section} title={title} id={bodyId} />
      </Section>
    );
  }
  return (
    <Section aria-label={title}>
      <h3>
        <Toggle
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          {...earlyControl('page')}
          onClick={() => setOpen((value) => !value)}
        >
          {title}
        </Toggle>
      </h3>
      <SectionBody section={section} title={title} id={bodyId} hidden={!open} />
    </Section>
  );
}

/** The expandable sections of a product description ('*' keys), in the spec's order. */
export function DescriptionSections({ sections }: { sections: DescriptionSectionContent[] }) {
  if (sections.length === 0) return null;
  return (
    <div>
      {sections.map((section) => (
        <DescriptionSectionView key={section.key} section={section} />
      ))}
    </div>
  );
}
