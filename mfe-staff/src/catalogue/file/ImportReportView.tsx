// An import job's report, as the page showed it before imports were jobs: the counts, the rows with problems (nothing
// was imported), and what the file changes, line by line (the check's list to read before importing).
import styled from 'styled-components';
import type { ImportReport } from '@site/contracts/staff-catalogue-api';
import { Table } from '../../ui/Table';
import { VisibleText } from '../../ui/VisibleText';
import { count } from './importJobText';

const Counts = styled.dl`
  display: grid;
  grid-template-columns: max-content max-content;
  gap: 4px 16px;
  dt { font-weight: 600; }
  dd { margin: 0; }
`;

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

/** The counts, then the bad rows, or (with none) what the file changes. */
export function ImportReportView({ report }: { report: ImportReport }) {
  return (
    <>
      <ReportCounts report={report} />
      <ProblemTable report={report} />
      {report.problemCount === 0 ? <ChangeTable report={report} /> : null}
    </>
  );
}
