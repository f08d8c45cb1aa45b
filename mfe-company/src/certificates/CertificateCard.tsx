import styled from 'styled-components';
import { Card } from '@site/shared-ui';
import type { Certificate } from '@site/content';
import { Trans } from '@lingui/react';
import { useText } from '../i18n/useText';
import { earlyControl } from '@site/contracts/dom-ids';

const Open = styled.button`
  position: relative;
  display: block;
  width: 100%;
  padding: 0;
  border: 0;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  cursor: zoom-in;
  img { display: block; width: 100%; height: auto; }
  span {
    position: absolute;
    inset: 0;
    display: flex;
    align-items: center;
    justify-content: center;
    color: ${({ theme }) => theme.colors.onBrand};
    font-weight: 700;
    font-size: ${({ theme }) => theme.typeScale.lg};
    background: ${({ theme }) => theme.colors.overlay.caption};
    opacity: 0;
    transition: opacity 0.2s ease;
  }
  &:hover span, &:focus-visible span { opacity: 1; }
  @media (hover: none) { span { opacity: 1; background: linear-gradient(transparent 60%, ${({ theme }) => theme.colors.overlay.captionTouch}); align-items: flex-end; padding-bottom: 16px; } }
`;

const Caption = styled.div`
  padding: 16px;
  h2 { margin: 0 0 4px; font-size: ${({ theme }) => theme.typeScale.lg}; color: ${({ theme }) => theme.colors.brand}; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

export interface CertificateCardProps {
  certificate: Certificate;
  onView: (certificate: Certificate) => void;
}

/** A certificate thumbnail with a 'Click to view' overlay that opens it large. */
export function CertificateCard({ certificate, onView }: CertificateCardProps) {
  const text = useText();
  return (
    <Card>
      <Open
        type="button"
        {...earlyControl('page')}
        onClick={() => onView(certificate)}
        aria-label={text('company.certificates.view', { title: certificate.title })}
      >
        <img
          src={certificate.image}
          alt={certificate.alt}
          width={certificate.width}
          height={certificate.height}
          loading="lazy"
        />
        <span aria-hidden="true">{text('company.certificates.viewHint')}</span>
      </Open>
      <Caption>
        <h2>{certificate.title}</h2>
        <p>
          {/* The standard is a code: kept left to right inside Arabic text. */}
          <Trans
            id="company.certificates.issuedBy"
            values={{ standard: certificate.standard, issuer: certificate.issuer }}
            components={{ 0: <bdi dir="ltr" /> }}
          />
        </p>
      </Caption>
    </Card>
  );
}
