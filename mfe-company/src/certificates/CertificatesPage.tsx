import { useState } from 'react';
import styled from 'styled-components';
import { Breadcrumb, Card, Modal, PageContainer, SectionHeading } from '@site/shared-ui';
import type { Certificate } from '@site/content';
import { CertificateCard } from './CertificateCard';
import { HOME_PATH } from '@site/contracts/paths';
import { ContentPending, loadContentFirstView, useCompanyContent } from '../content/useCompanyContent';
import { useText } from '../i18n/useText';
import { certificates } from '@site/content/certificates';

const Grid = styled.div`
  display: grid;
  gap: 24px;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  align-items: start;
`;

const QualityCard = styled(Card)`
  padding: 24px;
  h2 { margin-top: 0; color: ${({ theme }) => theme.colors.brand}; }
  ul { padding-inline-start: 20px; margin: 0; }
  li { margin-bottom: 8px; }
`;

const LargeImage = styled.img`
  display: block;
  width: 100%;
  height: auto;
`;

/** The Quality Assurance points, by message id. */
const QUALITY_POINTS = [
  'company.certificates.quality1',
  'company.certificates.quality2',
  'company.certificates.quality3',
  'company.certificates.quality4',
] as const;

const CONTENT = ['certificates'] as const;
/** The English texts this page's bundle carries (see useCompanyContent). */
const BUNDLED = { certificates };

/** For the server (shared-store's LoadFirstView): an Arabic page's texts, so its HTML has them (see useCompanyContent). */
export const loadFirstView = loadContentFirstView(CONTENT, BUNDLED);

/** /certificates: the UAE and Oman ISO 9001:2015 certificates and our quality assurance. */
export default function CertificatesPage() {
  const text = useText();
  const view = useCompanyContent(CONTENT, BUNDLED);
  const [viewing, setViewing] = useState<Certificate | null>(null);
  return (
    <PageContainer>
      <Breadcrumb
        items={[
          { moduleName: text('company.breadcrumb.home'), link: HOME_PATH },
          { moduleName: text('company.certificates.title') },
        ]}
      />
      <SectionHeading>{text('company.certificates.title')}</SectionHeading>
      <p>{text('company.certificates.intro')}</p>
      {view.status === 'ready' ? (
        <Grid>
          {view.content.certificates.map((certificate) => (
            <CertificateCard key={certificate.id} certificate={certificate} onView={setViewing} />
          ))}
          <QualityCard>
            <h2>{text('company.certificates.qualityTitle')}</h2>
            <ul>
              {QUALITY_POINTS.map((id) => (
                <li key={id}>{text(id)}</li>
              ))}
            </ul>
          </QualityCard>
        </Grid>
      ) : (
        <ContentPending view={view} />
      )}
      <Modal open={viewing !== null} onClose={() => setViewing(null)} title={viewing?.title ?? ''} maxWidth={760}>
        {viewing ? (
          <LargeImage src={viewing.image} alt={viewing.alt} width={viewing.width} height={viewing.height} />
        ) : null}
      </Modal>
    </PageContainer>
  );
}
