// /staff/catalogue-file: the whole catalogue as a spreadsheet, `npm run catalogue`'s export and import through the
// server. The downloads are plain links (a GET with the session cookie: the browser saves the streamed file itself).
// An import is checked first (a dry run whose bad rows are a table), then the same file, still held by the page, is
// sent again to be imported: nothing of it waits on the server between the two.
import { useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, PageContainer } from '@site/shared-ui';
import { STAFF_API } from '@site/contracts/staff-api';
import { IMPORT_MAX_BYTES, type ImportReport } from '@site/contracts/staff-catalogue-api';
import { PageHeading } from '../../ui/PageHeading';
import { Notice } from '../../ui/Notice';
import { Actions, StaffField } from '../../ui/StaffField';
import { Table } from '../../ui/Table';
import { VisibleText } from '../../ui/VisibleText';
import { useImportCatalogueMutation } from '../catalogueApi';
import { refusalOf } from '../catalogueCalls';

export const exportUrl = (format: 'csv' | 'xlsx') => `${STAFF_API.catalogueExport}?format=${format}`;

const MEGABYTES = IMPORT_MAX_BYTES / (1024 * 1024);
/** Said before sending, in the server's words (server/src/catalogue/staff/uploads.ts's tooLarge). */
export const TOO_LARGE = `The catalogue file is too large: at most ${MEGABYTES} MB is taken. Nothing was sent.`;

type Step =
  | { kind: 'idle' }
  | { kind: 'busy'; what: 'checking' | 'importing' }
  | { kind: 'checked'; report: ImportReport }
  | { kind: 'imported'; report: ImportReport }
  | { kind: 'refused'; message: string; report?: ImportReport };

const Downloads = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 12px 24px;
  padding: 0;
  list-style: none;
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    font-weight: 600;
  }
`;

const Counts = styled.dl`
  display: grid;
  grid-template-columns: max-content max-content;
  gap: 4px 16px;
  dt { font-weight: 600; }
  dd { margin: 0; }
`;

const count = (n: number) => n.toLocaleString('en');

function ReportCounts({ report }: { report: ImportReport }) {
  return (
    <Counts>
      <dt>Rows</dt>
      <dd>{count(report.rows)}</dd>
      <dt>New</dt>
      <dd>{count(report.added)}</dd>
      <dt>Changed</dt>
      <dd>{count(report.changed)}</dd>
      <dt>Unchanged</dt>
      <dd>{count(report.unchanged)}</dd>
      <dt>With problems</dt>
      <dd>{count(report.badRows)}</dd>
    </Counts>
  );
}

function ProblemTable({ report }: { report: ImportReport }) {
  if (report.problems.length === 0) return null;
  const more = report.problemCount - report.problems.length;
  return (
    <>
      <Table caption={`Rows with problems (${count(report.badRows)})`}>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Product id</th>
            <th scope="col">Column</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {report.problems.map((problem, index) => (
            <tr key={`${problem.line}-${index}`}>
              <td>{problem.line}</td>
              <td>
                <VisibleText text={problem.id} />
              </td>
              <td>{problem.column ?? '—'}</td>
              <td>
                <VisibleText text={problem.reason} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {more > 0 ? <p>{`And ${count(more)} more problems not listed: fix these and check the file again.`}</p> : null}
    </>
  );
}

/** What the file changes, line by line ("HEX-CW-25: price 14 → 15"): the dry run's list to read before importing. */
function ChangeTable({ report }: { report: ImportReport }) {
  const changes = report.changes ?? [];
  if (changes.length === 0) return null;
  const more = (report.changeCount ?? changes.length) - changes.length;
  return (
    <>
      <Table caption={`What the file changes (${count(report.changeCount ?? changes.length)})`}>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Product id</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change, index) => (
            <tr key={`${change.line}-${index}`}>
              <td>{change.line}</td>
              <td>
                <VisibleText text={change.id} />
              </td>
              <td>
                <VisibleText text={change.change} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {more > 0 ? <p>{`And ${count(more)} more changes not listed.`}</p> : null}
    </>
  );
}

export function CatalogueFilePage() {
  const [importCatalogue] = useImportCatalogueMutation();
  const [file, setFile] = useState<File | undefined>(undefined);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const busy = step.kind === 'busy';

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.currentTarget.files?.[0];
    setFile(chosen);
    setStep(
      chosen !== undefined && chosen.size > IMPORT_MAX_BYTES
        ? { kind: 'refused', message: TOO_LARGE }
        : { kind: 'idle' },
    );
  };

  const send = async (dryRun: boolean) => {
    if (file === undefined || file.size > IMPORT_MAX_BYTES) return;
    setStep({ kind: 'busy', what: dryRun ? 'checking' : 'importing' });
    try {
      const report = await importCatalogue({ dryRun, file }).unwrap();
      if (report.problemCount > 0)
        setStep({
          kind: 'refused',
          message: `${count(report.badRows)} of ${count(report.rows)} rows have problems: nothing was imported. Fix them in the file and check it again.`,
          report,
        });
      else setStep({ kind: dryRun ? 'checked' : 'imported', report });
    } catch (error) {
      setStep({ kind: 'refused', message: refusalOf(error).message });
    }
  };

  const report =
    step.kind === 'checked' || step.kind === 'imported'
      ? step.report
      : step.kind === 'refused'
        ? step.report
        : undefined;
  const status =
    step.kind === 'busy'
      ? step.what === 'checking'
        ? 'Checking the file…'
        : 'Importing… A large file takes a few minutes.'
      : step.kind === 'checked'
        ? `The file is ready to import: ${count(step.report.added)} new, ${count(step.report.changed)} changed, ${count(step.report.unchanged)} unchanged. Nothing has been written yet.`
        : step.kind === 'imported'
          ? `Imported: ${count(step.report.added)} new, ${count(step.report.changed)} changed, ${count(step.report.unchanged)} unchanged. The public pages show it now (catalogue version ${step.report.version ?? '—'}).`
          : '';

  return (
    <PageContainer>
      <PageHeading title="Import and export" />
      <p>
        <Link to="/catalogue">Back to the catalogue</Link>
      </p>
      <section aria-labelledby="catalogue-export">
        <h2 id="catalogue-export">Export</h2>
        <p>Every product in one file, one row each, in the catalogue’s order: the same columns as the import takes.</p>
        <Downloads>
          <li>
            <a href={exportUrl('xlsx')} download>
              Download as Excel (.xlsx)
            </a>
          </li>
          <li>
            <a href={exportUrl('csv')} download>
              Download as CSV
            </a>
          </li>
        </Downloads>
      </section>
      <section aria-labelledby="catalogue-import">
        <h2 id="catalogue-import">Import</h2>
        <p>
          {`Adds and updates products by their id from a .csv or .xlsx file of at most ${MEGABYTES} MB. Check the file first: every row is checked and nothing is written. If any row has a problem, nothing is imported.`}
        </p>
        <StaffField
          label="Catalogue file"
          hint="An export of this page, edited in a spreadsheet (.xlsx or CSV in UTF-8)."
        >
          {(control) => (
            <input
              {...control}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              disabled={busy}
              onChange={choose}
            />
          )}
        </StaffField>
        <Actions>
          <Button
            type="button"
            disabled={busy || file === undefined || file.size > IMPORT_MAX_BYTES}
            onClick={() => void send(true)}
          >
            Check the file
          </Button>
          {step.kind === 'checked' ? (
            <Button type="button" disabled={busy} onClick={() => void send(false)}>
              Import
            </Button>
          ) : null}
        </Actions>
        <Notice tone={step.kind === 'imported' ? 'success' : 'info'}>{status}</Notice>
        <Notice tone="error">{step.kind === 'refused' ? step.message : null}</Notice>
        {report !== undefined ? <ReportCounts report={report} /> : null}
        {report !== undefined ? <ProblemTable report={report} /> : null}
        {report !== undefined && report.problemCount === 0 ? <ChangeTable report={report} /> : null}
      </section>
    </PageContainer>
  );
}
