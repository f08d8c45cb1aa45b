// Each branch's details that its quotations name as the seller: legal name, tax registration number (TRN, VATIN or
// VAT number by country) and commercial registration number. Admins keep them on the Rates and VAT page; a quotation
// is not sent while its branch lacks any (the send copies them onto the quotation, so a later change never alters
// what a buyer was sent).
import type { Kysely } from 'kysely';
import {
  BRANCH_TAX_LABELS,
  commercialRegistrationProblem,
  compactTaxNumber,
  legalNameProblem,
  taxNumberProblem,
  type BranchDetails,
  type BranchDetailsTable,
} from '@site/contracts/quotations-api';
import type { ApiProblem } from '@site/contracts/forms-api';
import { STAFF_BRANCHES, type StaffBranch } from '@site/contracts/staff-api';
import type { DatabaseSchema } from '../platform/db/index.js';
import { refused } from './errors.js';
import type { RecordStaffAction, StaffActor } from './staffSide.js';

type Db = Kysely<DatabaseSchema>;

/** The details of `branch`, or null when an admin never set them. */
export async function branchDetailsOf(db: Db, branch: StaffBranch): Promise<BranchDetails | null> {
  const row = await db
    .selectFrom('quotation_branch_settings')
    .selectAll()
    .where('branch', '=', branch)
    .executeTakeFirst();
  return row === undefined
    ? null
    : {
        branch: row.branch,
        legalName: row.legal_name,
        taxNumber: row.tax_number,
        commercialRegistration: row.commercial_registration,
        updatedBy: row.updated_by_email,
        updatedAt: row.updated_at.toISOString(),
      };
}

export async function branchDetailsTable(db: Db): Promise<BranchDetailsTable> {
  const branches = [];
  for (const branch of STAFF_BRANCHES) branches.push({ branch, details: await branchDetailsOf(db, branch) });
  return { branches };
}

export interface BranchDetailsValues {
  legalName: string;
  taxNumber: string;
  commercialRegistration: string;
}

/** Sets `branch`'s details as typed (400 naming each field that is not right, in words; nothing saved then). */
export async function setBranchDetails(
  db: Db,
  branch: StaffBranch,
  values: BranchDetailsValues,
  actor: StaffActor,
  record: RecordStaffAction,
): Promise<void> {
  const problems: ApiProblem[] = [];
  const check = (field: keyof BranchDetailsValues, problem: string | null) => {
    if (problem !== null) problems.push({ path: [field], message: problem });
  };
  check('legalName', legalNameProblem(values.legalName));
  check('taxNumber', taxNumberProblem(branch, values.taxNumber));
  check('commercialRegistration', commercialRegistrationProblem(values.commercialRegistration));
  if (problems.length > 0) throw refused(problems);
  const row = {
    legal_name: values.legalName.trim(),
    tax_number: compactTaxNumber(values.taxNumber),
    commercial_registration: values.commercialRegistration.trim(),
    updated_by_email: actor.email,
    updated_at: new Date(),
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('quotation_branch_settings')
      .values({ branch, ...row })
      .onConflict((oc) => oc.column('branch').doUpdateSet(row))
      .execute();
    await record(
      trx,
      actor,
      'quotation.branch_details',
      `branch:${branch}`,
      `${row.legal_name}, ${BRANCH_TAX_LABELS[branch].short} ${row.tax_number}, CR ${row.commercial_registration}`,
    );
  });
}
