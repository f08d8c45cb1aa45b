// An import job's report, as the page showed it before imports were jobs: the counts, the rows with problems (nothing
// was imported), and what the file changes, line by line (the check's list to read before importing). The tables are
// the undo's too (UndoReportView.tsx), whose lines are products, not a file's: drawn without the line column.
import { Fragment } from 'react';
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

/** The report's counts, each a term and its number. */
export function ReportCounts({ counts }: { counts: readonly (readonly [string, number])[] }) {
  return (
    <Counts>
      {counts.map(([term, value]) => (
        <Fragment key={term}>
          <dt>{term}</dt>
          <dd>{count(value)}</dd>
        </Fragment>
      ))}
    </Counts>
  );
}

interface TableWords {
  caption: string;
  /** The file's line of each entry as a column (an undo's entries are products: none). */
  lines: boolean;
}

/** The problems listed (each at its product and column) and how many more there are. */
export function ProblemTable({
  report,
  caption,
  lines,
  reasonHeading,
  moreText,
}: { report: ImportReport; reasonHeading: string; moreText: (more: string) => string } & TableWords) {
  if (report.problems.length === 0) return null;
  const more = report.problemCount - report.problems.length;
  return (
    <>
      <Table caption={caption}>
        <thead>
          <tr>
            {lines ? <th scope="col">Line</th> : null}
            <th scope="col">Product id</th>
            <th scope="col">{lines ? 'Column' : 'Field'}</th>
            <th scope="col">{reasonHeading}</th>
          </tr>
        </thead>
        <tbody>
          {report.problems.map((problem, index) => (
            <tr key={`${problem.line}-${problem.id}-${index}`}>
              {lines ? <td>{problem.line}</td> : null}
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
      {more > 0 ? <p>{moreText(count(more))}</p> : null}
    </>
  );
}

/** What the report changes, entry by entry ("HEX-CW-25: price 14 → 15"), and how many more there are. */
export function ChangeTable({ report, caption, lines }: { report: ImportReport } & TableWords) {
  const changes = report.changes ?? [];
  if (changes.length === 0) return null;
  const more = (report.changeCount ?? changes.length) - changes.length;
  return (
    <>
      <Table caption={caption}>
        <thead>
          <tr>
            {lines ? <th scope="col">Line</th> : null}
            <th scope="col">Product id</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change, index) => (
            <tr key={`${change.line}-${change.id}-${index}`}>
              {lines ? <td>{change.line}</td> : null}
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
export function ImportReportView({ report, of = 'file' }: { report: ImportReport; of?: 'file' | 'edit' }) {
  return (
    <>
      <ReportCounts
        counts={[
          ['Rows', report.rows],
          ['New', report.added],
          ['Changed', report.changed],
          ['Unchanged', report.unchanged],
          ['With problems', report.badRows],
        ]}
      />
      <ProblemTable
        report={report}
        caption={`Rows with problems (${count(report.badRows)})`}
        lines
        reasonHeading="Problem"
        moreText={(more) =>
          `And ${more} more problems not listed: fix these and check the ${of === 'edit' ? 'edit' : 'file'} again.`
        }
      />
      {report.problemCount === 0 ? (
        <ChangeTable
          report={report}
          caption={`What the ${of} changes (${count(report.changeCount ?? report.changes?.length ?? 0)})`}
          lines
        />
      ) : null}
    </>
  );
}
