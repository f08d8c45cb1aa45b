import { useState } from 'react';
import styled from 'styled-components';
import { Breadcrumb, Card, Modal, PageContainer, SectionHeading } from '@site/shared-ui';
import { certificates, type Certificate } from '@site/content';
import { CertificateCard } from './CertificateCard';
import { HOME_PATH } from '@site/contracts/paths';

const Grid = styled.div`
  display: grid;
  gap: 24px;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  align-items: start;
`;

const QualityCard = styled(Card)`
  padding: 24px;
  h2 { margin-top: 0; color: ${({ theme }) => theme.colors.brand}; }
  ul { padding-left: 20px; margin: 0; }
  li { margin-bottom: 8px; }
`;

const LargeImage = styled.img`
  display: block;
  width: 100%;
  height: auto;
`;

/** /certificates: the UAE and Oman ISO 9001:2015 certificates and our quality assurance. */
export default function CertificatesPage() {
  const [viewing, setViewing] = useState<Certificate | null>(null);
  return (
    <PageContainer>
      <Breadcrumb items={[{ moduleName: 'Home', link: HOME_PATH }, { moduleName: 'Certificates' }]} />
      <SectionHeading>Certificates</SectionHeading>
      <p>
        Our quality management system is certified to ISO 9001:2015 in the United Arab Emirates and in Oman, covering the
        trading and distribution of electrical products and industrial solutions.
      </p>
      <Grid>
        {certificates.map((certificate) => (
          <CertificateCard key={certificate.id} certificate={certificate} onView={setViewing} />
        ))}
        <QualityCard>
          <h2>Quality Assurance</h2>
          <ul>
            <li>Products sourced only from authorised manufacturers, with test certificates and traceable batches.</li>
            <li>Incoming inspection against the order, the datasheet and the applicable IEC and BS standards.</li>
            <li>Controlled storage in our warehouses and documented handling to the customer's site.</li>
            <li>Customer feedback reviewed every month to improve our service.</li>
          </ul>
        </QualityCard>
      </Grid>
      <Modal open={viewing !== null} onClose={() => setViewing(null)} title={viewing?.title ?? ''} maxWidth={760}>
        {viewing ? <LargeImage src={viewing.image} alt={viewing.alt} width={viewing.width} height={viewing.height} /> : null}
      </Modal>
    </PageContainer>
  );
}
