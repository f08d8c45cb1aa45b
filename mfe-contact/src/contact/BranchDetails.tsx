import styled from 'styled-components';
import type { Branch } from '@site/content';

const Layout = styled.section`
  display: grid;
  gap: 24px;
  grid-template-columns: minmax(260px, 1fr) minmax(280px, 1.4fr);
  @media (max-width: ${({ theme }) => theme.breakpoints.md}px) { grid-template-columns: 1fr; }
  h2 { margin-top: 0; color: ${({ theme }) => theme.colors.brand}; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 8px 16px; margin: 0; }
  dt { font-weight: 700; }
  dd { margin: 0; }
  iframe { width: 100%; min-height: 320px; border: 0; border-radius: ${({ theme }) => theme.radius.md}; }
`;

const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;
/** The Saudi number is a placeholder (spec): shown, but not dialled. */
const isPlaceholder = (phone: string) => /X/i.test(phone);

/** Address, phone, fax (when there is one), e-mail and map of one branch. */
export function BranchDetails({ branch }: { branch: Branch }) {
  return (
    <Layout aria-labelledby="branch-heading">
      <div>
        <h2 id="branch-heading">{branch.label}</h2>
        <dl>
          <dt>Address</dt>
          <dd>{branch.address}</dd>
          <dt>Phone</dt>
          <dd>{isPlaceholder(branch.mobileNo) ? branch.mobileNo : <a href={telHref(branch.mobileNo)}>{branch.mobileNo}</a>}</dd>
          {branch.fax ? (
            <>
              <dt>Fax</dt>
              <dd>{branch.fax}</dd>
            </>
          ) : null}
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${branch.email}`}>{branch.email}</a>
          </dd>
        </dl>
      </div>
      <iframe src={branch.location} title={branch.mapTitle} loading="lazy" referrerPolicy="no-referrer-when-downgrade" />
    </Layout>
  );
}
