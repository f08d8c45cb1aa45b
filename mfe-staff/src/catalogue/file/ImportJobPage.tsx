// /staff/catalogue-file/jobs/:id: one import job, followed as the import page follows it (useImportJob.ts), so that a
// reload or a colleague sees its progress and, once done, its report. The file itself is not here: importing it after
// a check is done on the import page, with the file chosen again.
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { PageContainer } from '@site/shared-ui';
import { Notice } from '../../ui/Notice';
import { PageHeading } from '../../ui/PageHeading';
import { formatDateTime } from '../../ui/format';
import { CATALOGUE_FILE_PATH } from '../catalogueCalls';
import { BulkEditActions } from './BulkEditActions';
import { ImportJobStatus } from './ImportJobStatus';
import { isBulkEdit, JOB_KIND_WORDS } from './importJobText';
import { UndoActions } from './UndoActions';
import { useImportJob } from './useImportJob';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 4px 16px;
  dt { font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

export function ImportJobPage() {
  const { id = '' } = useParams();
  const { job, failure } = useImportJob(id);
  // a bulk edit is made on the catalogue list, and goes back there
  const bulk = isBulkEdit(job);
  return (
    <PageContainer>
      <PageHeading title={bulk ? 'Bulk edit' : 'Import job'} />
      <p>
        {bulk ? (
          <Link to="/catalogue">Back to the catalogue</Link>
        ) : (
          <Link to={CATALOGUE_FILE_PATH}>Back to import and export</Link>
        )}
      </p>
      {job === undefined && failure === undefined ? <Notice>Loading the job…</Notice> : null}
      {job === undefined && failure !== undefined ? <Notice tone="error">{failure.message}</Notice> : null}
      {job !== undefined ? (
        <>
          <Facts>
            <dt>{bulk ? 'Edit' : 'File'}</dt>
            <dd>{job.fileName}</dd>
            <dt>Kind</dt>
            <dd>{JOB_KIND_WORDS[job.kind]}</dd>
            <dt>Sent by</dt>
            <dd>{job.by}</dd>
            <dt>Sent</dt>
            <dd>{formatDateTime(job.createdAt)}</dd>
          </Facts>
          <ImportJobStatus job={job} />
          <BulkEditActions job={job} />
          <UndoActions job={job} />
        </>
      ) : null}
    </PageContainer>
  );
}
