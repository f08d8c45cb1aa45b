// /staff/catalogue-file: the whole catalogue as a spreadsheet, `npm run catalogue`'s export and import through the
// server. The downloads are plain links (a GET with the session cookie: the browser saves the streamed file itself).
// An import is checked first (a dry run whose bad rows are a table), then the same file, still held by the page, is
// sent again to be imported: nothing of it waits on the server between the two. Each send is a job on the server,
// answered at once and followed here (useImportJob.ts); its id is in the address (?job=), so a reload shows it still.
import { useState, type ChangeEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button, PageContainer } from '@site/shared-ui';
import { STAFF_API } from '@site/contracts/staff-api';
import { IMPORT_MAX_BYTES, type ImportBusy, type ImportJob } from '@site/contracts/staff-catalogue-api';
import { PageHeading } from '../../ui/PageHeading';
import { Actions, StaffField } from '../../ui/StaffField';
import { failureOf } from '../../api/staffBaseQuery';
import { newIdempotencyKey } from '../../api/idempotencyKey';
import { useImportCatalogueMutation } from '../catalogueApi';
import { importJobPath } from '../catalogueCalls';
import { ImportJobStatus } from './ImportJobStatus';
import { RecentImports } from './RecentImports';
import { isFinished, readyToImport } from './importJobText';
import { useImportJob } from './useImportJob';

export const exportUrl = (format: 'csv' | 'xlsx') => `${STAFF_API.catalogueExport}?format=${format}`;

const MEGABYTES = IMPORT_MAX_BYTES / (1024 * 1024);
/** Said before sending, in the server's words (server/src/catalogue/staff/uploads.ts's tooLarge). */
export const TOO_LARGE = `The catalogue file is too large: at most ${MEGABYTES} MB is taken. Nothing was sent.`;

/** A file's kinds of job (an undo is sent from the import's own page). */
type JobKind = 'check' | 'import';

/**
 * The file the page holds, with one Idempotency-Key per kind of send: sending it again (a second click, a retry after
 * a lost answer) is the same job, while its import is a job of its own. `sent`: the job each kind of send made.
 */
interface Chosen {
  file: File;
  keys: Record<JobKind, string>;
  sent: Partial<Record<JobKind, string>>;
}

const chosenOf = (file: File): Chosen => ({
  file,
  keys: { check: newIdempotencyKey(), import: newIdempotencyKey() },
  sent: {},
});

/** A send refused: the server's sentence; for a 409, the import running meanwhile. */
interface Refusal {
  message: string;
  running?: ImportJob | undefined;
}

function isImportBusy(body: unknown): body is ImportBusy {
  const busy = body as Partial<ImportBusy> | null;
  return typeof busy === 'object' && busy !== null && typeof busy.job?.id === 'string';
}

function refusalOfSend(error: unknown): Refusal {
  const failure = failureOf(error);
  return failure.status === 409 && isImportBusy(failure.body)
    ? { message: failure.message, running: failure.body.job }
    : { message: failure.message };
}

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

export function CatalogueFilePage() {
  const [importCatalogue] = useImportCatalogueMutation();
  const location = useLocation();
  const navigate = useNavigate();
  const jobId = new URLSearchParams(location.search).get('job') ?? undefined;
  const [chosen, setChosen] = useState<Chosen | undefined>(undefined);
  const [sending, setSending] = useState<JobKind | undefined>(undefined);
  const [refusal, setRefusal] = useState<Refusal | undefined>(undefined);
  /** The send's answer, shown until the job's first read. */
  const [sent, setSent] = useState<ImportJob | undefined>(undefined);
  const followed = useImportJob(jobId);
  const job = followed.job ?? (sent?.id === jobId ? sent : undefined);
  const tooLarge = chosen !== undefined && chosen.file.size > IMPORT_MAX_BYTES;
  const busy = sending !== undefined || (job !== undefined && !isFinished(job));

  /** The job followed, in the address (replacing it: the page is still the same page). */
  const follow = (id: string | undefined) => {
    const next = new URLSearchParams(location.search);
    if (id === undefined) next.delete('job');
    else next.set('job', id);
    const search = next.toString();
    void navigate({ pathname: location.pathname, search: search === '' ? '' : `?${search}` }, { replace: true });
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    setChosen(file === undefined ? undefined : chosenOf(file));
    setRefusal(file !== undefined && file.size > IMPORT_MAX_BYTES ? { message: TOO_LARGE } : undefined);
    // another file: the last job's report is not about it
    follow(undefined);
  };

  const send = async (kind: JobKind) => {
    if (chosen === undefined || tooLarge) return;
    // a job that failed keeps its key's answer: sending again is a new job, with a new key
    const failed = job !== undefined && job.state === 'failed' && chosen.sent[kind] === job.id;
    const key = failed ? newIdempotencyKey() : chosen.keys[kind];
    setSending(kind);
    setRefusal(undefined);
    try {
      const answer = await importCatalogue({
        dryRun: kind === 'check',
        file: chosen.file,
        idempotencyKey: key,
      }).unwrap();
      setSent(answer);
      // the file may have been chosen again meanwhile: only the file sent remembers the job
      setChosen((current) =>
        current?.file === chosen.file
          ? { ...current, keys: { ...current.keys, [kind]: key }, sent: { ...current.sent, [kind]: answer.id } }
          : current,
      );
      follow(answer.id);
    } catch (error) {
      setRefusal(refusalOfSend(error));
    } finally {
      setSending(undefined);
    }
  };

  const pending =
    sending === 'check'
      ? 'Checking the file…'
      : sending === 'import'
        ? 'Importing… A large file takes a few minutes.'
        : undefined;
  const ready = job !== undefined && readyToImport(job);
  /** The page still holds the file this check was of (not after a reload, nor for another file's check). */
  const holdsFile = ready && chosen !== undefined && chosen.sent.check === job.id;

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
          <Button type="button" disabled={busy || chosen === undefined || tooLarge} onClick={() => void send('check')}>
            Check the file
          </Button>
          {holdsFile ? (
            <Button type="button" disabled={busy} onClick={() => void send('import')}>
              Import
            </Button>
          ) : null}
        </Actions>
        {ready && !holdsFile ? <p>Choose the file again to import it.</p> : null}
        <ImportJobStatus
          job={job}
          pending={pending}
          refusal={
            refusal === undefined ? undefined : (
              <>
                {refusal.message}
                {refusal.running ? (
                  <>
                    {' '}
                    <Link to={importJobPath(refusal.running.id)}>Follow the running import</Link>
                  </>
                ) : null}
              </>
            )
          }
        />
      </section>
      <RecentImports />
    </PageContainer>
  );
}
