// An undo's report (an import undone as one step, or its check): how many products it changes back, each field a later
// change touched too (the undo is refused while there is any), and what it changes back, product by product, in the
// import report's words ("HEX-CW-25: price 16 → 14"). Its entries are products, not a file's lines.
import type { ImportReport } from '@site/contracts/staff-catalogue-api';
import { ChangeTable, ProblemTable, ReportCounts } from './ImportReportView';
import { count } from './importJobText';

export function UndoReportView({ report }: { report: ImportReport }) {
  return (
    <>
      <ReportCounts
        counts={[
          ['Products the import changed', report.rows],
          ['Changed back', report.changed],
          ['Nothing left to change back', report.unchanged],
          ['Changed again since', report.badRows],
        ]}
      />
      <ProblemTable
        report={report}
        caption={`Changed again after the import (${count(report.problemCount)})`}
        lines={false}
        reasonHeading="Why it stays"
        moreText={(more) => `And ${more} more fields changed again, not listed.`}
      />
      {report.problemCount === 0 ? (
        <ChangeTable
          report={report}
          caption={`What the undo changes back (${count(report.changeCount ?? report.changes?.length ?? 0)})`}
          lines={false}
        />
      ) : null}
    </>
  );
}
