import { useState } from 'react';
import {
  BRANCH_TAX_LABELS,
  commercialRegistrationProblem,
  legalNameProblem,
  taxNumberProblem,
  type BranchDetailsTable,
} from '@site/contracts/quotations-api';
import { STAFF_BRANCHES, type StaffBranch } from '@site/contracts/staff-api';
import type { StaffFailure } from '../api/staffBaseQuery';
import { DataTable, type Column } from '../ui/DataTable';
import { formatDateTime } from '../ui/format';
import { problemAt } from '../ui/problems';
import { ChoiceField, RowForm, TypedField } from '../ui/RowForm';
import { staffResource } from '../ui/staffResource';
import { useBranchDetailsQuery, useSetBranchDetailsMutation } from './ratesApi';
import { TableSection } from './TableSection';
import { useTableChange } from './useTableChange';

type Row = BranchDetailsTable['branches'][number];

const NOT_SET = (branch: StaffBranch) => `Not set: quotations of ${branch} cannot be sent yet`;

const columns: readonly Column<Row>[] = [
  { header: 'Branch', cell: (row) => row.branch },
  { header: 'Legal name', cell: (row) => row.details?.legalName ?? NOT_SET(row.branch) },
  {
    header: 'Tax registration',
    cell: (row) => (row.details === null ? '' : `${BRANCH_TAX_LABELS[row.branch].short} ${row.details.taxNumber}`),
  },
  { header: 'Commercial registration', cell: (row) => row.details?.commercialRegistration ?? '', dir: 'ltr' },
  {
    header: 'Set by',
    cell: (row) =>
      row.details === null ? '' : `${row.details.updatedBy ?? ''}, ${formatDateTime(row.details.updatedAt)}`,
  },
];

/** Where each format is said in the field's hint (the same words the refusal uses). */
const TAX_HINTS: Readonly<Record<StaffBranch, string>> = {
  Dubai: '15 digits, such as 100123456700003.',
  Oman: 'OM followed by 10 digits, such as OM1100012345.',
  Bahrain: '15 digits, such as 200012345600002.',
  'Saudi Arabia': '15 digits that begin and end with 3, such as 300012345600003.',
};

/**
 * The branches' details every quotation names as its seller: legal name, tax registration number (TRN in the UAE,
 * VATIN in Oman and Bahrain, the VAT number in Saudi Arabia) and commercial registration number. A quotation is not
 * sent until its branch has them. Checked here in the server's words before they are sent; the server checks again.
 */
export function BranchDetails() {
  const { resource, retry } = staffResource(useBranchDetailsQuery());
  const [save, saving] = useSetBranchDetailsMutation();
  const { outcome, problems: refused, run } = useTableChange();
  const [branch, setBranch] = useState<StaffBranch>(STAFF_BRANCHES[0]);
  const [legalName, setLegalName] = useState('');
  const [taxNumber, setTaxNumber] = useState('');
  const [commercialRegistration, setCommercialRegistration] = useState('');
  const [checked, setChecked] = useState<StaffFailure['problems']>([]);
  const problems = checked.length > 0 ? checked : refused;

  /** Fills the form with `chosen`'s details as kept, to change them. */
  const choose = (chosen: StaffBranch) => {
    setBranch(chosen);
    setChecked([]);
    const details = resource.data?.branches.find((row) => row.branch === chosen)?.details ?? null;
    setLegalName(details?.legalName ?? '');
    setTaxNumber(details?.taxNumber ?? '');
    setCommercialRegistration(details?.commercialRegistration ?? '');
  };

  const submit = async () => {
    const found = [
      { path: ['legalName'], message: legalNameProblem(legalName) },
      { path: ['taxNumber'], message: taxNumberProblem(branch, taxNumber) },
      { path: ['commercialRegistration'], message: commercialRegistrationProblem(commercialRegistration) },
    ].filter((problem): problem is { path: string[]; message: string } => problem.message !== null);
    setChecked(found);
    if (found.length > 0) return;
    await run(
      () => save({ branch, body: { legalName, taxNumber, commercialRegistration } }).unwrap(),
      `${branch}: its quotations name ${legalName.trim()} as the seller.`,
    );
  };

  const label = BRANCH_TAX_LABELS[branch];
  return (
    <TableSection
      id="branch-details-heading"
      title="Branch details"
      intro="The legal entity each branch sells as: every quotation it sends names this legal name, tax registration number and commercial registration number, and a quotation is not sent until its branch has them. A sent quotation keeps the details it was sent with."
      what="branch details"
      resource={resource}
      retry={retry}
      outcome={
        checked.length > 0 ? { tone: 'error', text: checked.map((problem) => problem.message).join('; ') } : outcome
      }
      form={
        <RowForm label="Branch details" onSubmit={submit} busy={saving.isLoading} submitText="Save branch details">
          <ChoiceField label="Branch" name="branch" value={branch} options={STAFF_BRANCHES} onChange={choose} />
          <TypedField
            label="Legal name"
            name="legalName"
            required
            error={problemAt(problems, 'legalName')}
            input={{ autoComplete: 'organization' }}
            value={legalName}
            onChange={setLegalName}
          />
          <TypedField
            label={label.en}
            name="taxNumber"
            required
            hint={TAX_HINTS[branch]}
            error={problemAt(problems, 'taxNumber')}
            input={{ autoComplete: 'off', dir: 'ltr' }}
            value={taxNumber}
            onChange={setTaxNumber}
          />
          <TypedField
            label="Commercial registration number"
            name="commercialRegistration"
            required
            hint="Letters and digits, with hyphens or slashes, such as 1234567 or 12345-1."
            error={problemAt(problems, 'commercialRegistration')}
            input={{ autoComplete: 'off', dir: 'ltr' }}
            value={commercialRegistration}
            onChange={setCommercialRegistration}
          />
        </RowForm>
      }
    >
      {(table) => (
        <DataTable
          caption="Each branch’s seller details"
          columns={columns}
          rows={table.branches}
          rowKey={(row) => row.branch}
        />
      )}
    </TableSection>
  );
}
