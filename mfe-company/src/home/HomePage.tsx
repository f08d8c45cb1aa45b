import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PageContainer, SectionHeading } from '@site/shared-ui';

const Lead = styled.p`
  max-width: 60ch;
  font-size: ${({ theme }) => theme.typeScale.lg};
`;

/** /home (first version; the carousel, teaser, counters and partners come with the company pages issue). */
export default function HomePage() {
  return (
    <PageContainer>
      <SectionHeading>Electrical Products &amp; Industrial Solutions</SectionHeading>
      <Lead>
        30+ years of excellence: operating since 1995, ISO 9001:2008 certified, the first electrical trading company in the
        UAE, trusted by 1,000+ customers across 10+ countries with quality products from 150+ global suppliers.
      </Lead>
      <p>
        <Link to="/our-products">View All Products</Link> · <Link to="/contact-us">Get a Quote</Link>
      </p>
    </PageContainer>
  );
}
