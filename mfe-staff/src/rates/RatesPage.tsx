import { PageContainer } from '@site/shared-ui';
import { PageHeading } from '../ui/PageHeading';
import { BranchDetails } from './BranchDetails';
import { CurrencyRates } from './CurrencyRates';
import { VatRates } from './VatRates';

/** /staff/rates (admins): the exchange rates and the VAT rates quotations are priced with, and the sellers they name. */
export function RatesPage() {
  return (
    <PageContainer>
      <PageHeading title="Rates and VAT" />
      <CurrencyRates />
      <VatRates />
      <BranchDetails />
    </PageContainer>
  );
}
