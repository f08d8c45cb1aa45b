// Who sells, who buys, who to call and where the goods are handed over, as the quotation's PDF names them: the seller's
// legal name and registration numbers as sent, the buyer as the request named them, the salesperson, the Incoterms
// rule and place. A quotation sent before the document named them says "Not given".
import styled from 'styled-components';
import type { BuyerQuotation } from '@site/contracts/quotation-link-api';
import { useQuotationText } from './i18n/quotationText';
import { Ltr } from '../i18n/Ltr';

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  gap: 8px 32px;
  margin: 0 0 24px;
  h2 { font-size: 1.1rem; margin: 0 0 8px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0; }
  dt { font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

export function DocumentFacts({ quotation }: { quotation: BuyerQuotation }) {
  const text = useQuotationText();
  const notGiven = text('contact.quotation.notGiven');
  const shown = (value: string | null | undefined, ltr = false) =>
    value === null || value === undefined || value.trim() === '' ? notGiven : ltr ? <Ltr>{value}</Ltr> : value;
  const seller = quotation.seller ?? null;
  const buyer = quotation.buyer;
  const salesperson = quotation.salesperson ?? null;
  const delivery = quotation.delivery ?? null;
  const fact = (label: string, value: ReturnType<typeof shown>) => (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
  return (
    <Columns>
      <section aria-labelledby="quotation-seller">
        <h2 id="quotation-seller">{text('contact.quotation.seller')}</h2>
        <dl>
          {fact(text('contact.quotation.legalName'), shown(seller?.legalName))}
          {seller === null ? null : (
            <>
              {fact(seller.taxLabel, shown(seller.taxNumber, true))}
              {fact(text('contact.quotation.commercialRegistration'), shown(seller.commercialRegistration, true))}
            </>
          )}
        </dl>
      </section>
      <section aria-labelledby="quotation-buyer">
        <h2 id="quotation-buyer">{text('contact.quotation.buyer')}</h2>
        <dl>
          {fact(text('contact.quotation.company'), shown(buyer?.company ?? quotation.companyName))}
          {fact(text('contact.quotation.contact'), shown(buyer?.contact))}
          {fact(text('contact.quotation.deliveryCity'), shown(buyer?.city))}
        </dl>
      </section>
      <section aria-labelledby="quotation-salesperson">
        <h2 id="quotation-salesperson">{text('contact.quotation.salesperson')}</h2>
        <dl>
          {fact(
            text('contact.quotation.name'),
            salesperson === null ? notGiven : shown(salesperson.name === '' ? salesperson.email : salesperson.name),
          )}
          {fact(text('contact.quotation.directPhone'), shown(salesperson?.phone, true))}
          {fact(text('contact.quotation.email'), shown(salesperson?.email, true))}
        </dl>
      </section>
      <section aria-labelledby="quotation-delivery">
        <h2 id="quotation-delivery">{text('contact.quotation.delivery')}</h2>
        <dl>
          {fact(
            text('contact.quotation.incoterms'),
            delivery === null ? (
              notGiven
            ) : (
              <>
                <Ltr>{delivery.incoterm}</Ltr> ({delivery.name})
              </>
            ),
          )}
          {fact(text('contact.quotation.deliveryPlace'), shown(delivery?.place))}
        </dl>
      </section>
    </Columns>
  );
}
