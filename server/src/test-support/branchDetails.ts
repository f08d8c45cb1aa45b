// Every branch's seller details, as an admin sets them on the Rates and VAT page: a quotation is not sent without them,
// so the staff work tests start with them (a test of the refusal deletes its branch's row first).
import type { StaffBranch } from '@site/contracts/staff-api';
import type { Database } from '../platform/db/index.js';

export const TEST_BRANCH_DETAILS: Readonly<
  Record<StaffBranch, { legalName: string; taxNumber: string; commercialRegistration: string }>
> = {
  Dubai: {
    legalName: 'Crescent Electrical Trading L.L.C.',
    taxNumber: '100234567800003',
    commercialRegistration: '765432',
  },
  Oman: {
    legalName: 'Crescent Electrical Trading L.L.C. (Oman)',
    taxNumber: 'OM1100023456',
    commercialRegistration: '1234567',
  },
  Bahrain: {
    legalName: 'Crescent Electrical Trading W.L.L.',
    taxNumber: '200012345600002',
    commercialRegistration: '12345-1',
  },
  'Saudi Arabia': {
    legalName: 'Crescent Associated Trading Co.',
    taxNumber: '300012345600003',
    commercialRegistration: '2050012345',
  },
};

/** Sets every branch's details (those it has already are kept). */
export async function seedBranchDetails(db: Pick<Database, 'kysely'>): Promise<void> {
  await db.kysely
    .insertInto('quotation_branch_settings')
    .values(
      Object.entries(TEST_BRANCH_DETAILS).map(([branch, details]) => ({
        branch: branch as StaffBranch,
        legal_name: details.legalName,
        tax_number: details.taxNumber,
        commercial_registration: details.commercialRegistration,
        updated_by_email: 'admin@crescent.example',
      })),
    )
    .onConflict((oc) => oc.column('branch').doNothing())
    .execute();
}
