import styled from 'styled-components';
import { company } from '@site/content';

const Bar = styled.footer`
  padding: 40px 20px 24px;
  color: #e8eef5;
  background: ${({ theme }) => theme.colors.brandDark};
  a { color: #fff; }
`;

const Columns = styled.div`
  display: grid;
  gap: 32px;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  max-width: 1240px;
  margin: 0 auto;
  h2 { font-size: ${({ theme }) => theme.typeScale.lg}; margin: 0 0 12px; color: #fff; }
  ul { list-style: none; padding: 0; margin: 0; }
  li { margin-bottom: 6px; }
  iframe { width: 100%; height: 180px; border: 0; border-radius: ${({ theme }) => theme.radius.md}; }
`;

const Copyright = styled.p`
  max-width: 1240px;
  margin: 32px auto 0;
  padding-top: 16px;
  border-top: 1px solid rgba(255, 255, 255, 0.2);
  font-size: ${({ theme }) => theme.typeScale.sm};
`;

/** Contacts, socials, the warehouse map and the copyright line. */
export function Footer() {
  return (
    <Bar>
      <Columns>
        <section aria-labelledby="footer-contacts">
          <h2 id="footer-contacts">Contacts</h2>
          <ul>
            <li>{company.address}</li>
            <li>
              <a href={`tel:${company.mainPhone.replace(/[^+\d]/g, '')}`}>{company.mainPhone}</a>
            </li>
            <li>
              <a href={`tel:${company.secondPhone.replace(/[^+\d]/g, '')}`}>{company.secondPhone}</a>
            </li>
            <li>
              <a href={`mailto:${company.generalEmail}`}>{company.generalEmail}</a>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-socials">
          <h2 id="footer-socials">Socials</h2>
          <ul>
            {company.socials.map((social) => (
              <li key={social.url}>
                <a href={social.url} target="_blank" rel="noopener noreferrer">
                  {social.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-map">
          <h2 id="footer-map">Locate Us</h2>
          <iframe src={company.warehouseMap} title="Map of our Dubai warehouse" loading="lazy" referrerPolicy="no-referrer-when-downgrade" />
        </section>
      </Columns>
      <Copyright>{company.copyright}</Copyright>
    </Bar>
  );
}
