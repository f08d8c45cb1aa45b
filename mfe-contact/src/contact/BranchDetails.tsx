import styled from 'styled-components';
import type { Branch } from '@site/content';
import { useText } from '../i18n/useText';
import { Ltr } from '../i18n/Ltr';

const Layout = styled.section`
  display: grid;
  gap: 24px;
  grid-template-columns: minmax(260px, 1fr) minmax(280px, 1.4fr);
  @media (max-width: ${({ theme }) => theme.breakpoints.md}px) { grid-template-columns: 1fr; }
  h2 { margin-block-start: 0; color: ${({ theme }) => theme.colors.brand}; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 8px 16px; margin: 0; }
  dt { font-weight: 700; }
  dd { margin: 0; }
  iframe { width: 100%; min-height: 320px; border: 0; border-radius: ${({ theme }) => theme.radius.md}; }
`;

const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;
/** The Saudi number is a placeholder (spec): shown, but not dialled. */
const isPlaceholder = (phone: string) => /X/i.test(phone);

/**
 * Address, phone, fax (when there is one), e-mail and map of one branch (in the page's language). Numbers and
 * addresses on the web read left to right inside Arabic text.
 */
export function BranchDetails({ branch }: { branch: Branch }) {
  const text = useText();
  return (
    <Layout aria-labelledby="branch-heading">
      <div>
        <h2 id="branch-heading">{branch.label}</h2>
        <dl>
          <dt>{text('contact.branch.address')}</dt>
          <dd>{branch.address}</dd>
          <dt>{text('contact.branch.phone')}</dt>
          <dd>
            {isPlaceholder(branch.mobileNo) ? (
              <Ltr>{branch.mobileNo}</Ltr>
            ) : (
              <a href={telHref(branch.mobileNo)}>
                <Ltr>{branch.mobileNo}</Ltr>
              </a>
            )}
          </dd>
          {branch.fax ? (
            <>
              <dt>{text('contact.branch.fax')}</dt>
              <dd>
                <Ltr>{branch.fax}</Ltr>
              </dd>
            </>
          ) : null}
          <dt>{text('contact.branch.email')}</dt>
          <dd>
            <a href={`mailto:${branch.email}`}>
              <Ltr>{branch.email}</Ltr>
            </a>
          </dd>
        </dl>
      </div>
      <iframe
        src={branch.location}
        title={branch.mapTitle}
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
      />
    </Layout>
  );
}
