// An undo's report (an import undone as one step, or its check): how many products it changes back, each field a later
// change touched too (the undo is refused while there is any), and what it changes back, product by product, in the
// import report's words ("HEX-CW-25: price 16 → 14"). Its lines are products, not a file's: no line column.
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

export function UndoReportView({ report }: { report: ImportReport }) {
  const changes = report.changes ?? [];
  return (
    <>
      <Counts>
        <dt>Products the import changed</dt>
        <dd>{count(report.rows)}</dd>
        <dt>Changed back</dt>
        <dd>{count(report.changed)}</dd>
        <dt>Nothing left to change back</dt>
        <dd>{count(report.unchanged)}</dd>
        <dt>Changed again since</dt>
        <dd>{count(report.badRows)}</dd>
      </Counts>
      {report.problems.length > 0 ? (
        <Table caption={`Changed again after the import (${count(report.problemCount)})`}>
          <thead>
            <tr>
              <th scope="col">Product id</th>
              <th scope="col">Field</th>
              <th scope="col">Why it stays</th>
            </tr>
          </thead>
          <tbody>
            {report.problems.map((problem, index) => (
              <tr key={`${problem.id}-${index}`}>
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
      ) : null}
      {report.problemCount === 0 && changes.length > 0 ? (
        <Table caption={`What the undo changes back (${count(report.changeCount ?? changes.length)})`}>
          <thead>
            <tr>
              <th scope="col">Product id</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change, index) => (
              <tr key={`${change.id}-${index}`}>
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
      ) : null}
    </>
  );
}
