// The browser's reports of how a remote loaded (POST /api/remote-loads), made the same way by the shell's runtime plugin
// and the staff host: the server counts them per release and takes a failing canary out
// (server/src/releases/releaseHealth.ts). One report per page view per build and outcome: the first load, or the
// failure; not one per module (a page may load several of one remote), which is what a failure rate means to a visitor.
import { LOAD_REPORT_SESSION_PATTERN, REMOTE_LOAD_REPORT_PATH } from './releasesApi';
import type { RemoteLoadReport } from './releasesApiSchemas';

export type SendLoadReport = (report: RemoteLoadReport) => void;

/** Reports that `remote`'s build `entry` (its manifest address, as the page's map has it) loaded, or failed (`kind`). */
export type LoadReporter = (remote: string, entry: string, kind?: RemoteLoadReport['kind']) => void;

/** Where the tab keeps its session id (sessionStorage: this tab only, gone when it closes). */
export const LOAD_REPORT_SESSION_KEY = 'site_load_session';

/** This page's id when sessionStorage cannot keep one (storage blocked): one page view, one visitor. */
let pageSession: string | undefined;

/**
 * The visitor's session id sent with each report: a random id the tab keeps, so that the server counts a visitor
 * once however many pages they open. Nothing about the visitor: 16 random bytes, hex.
 */
export function loadReportSession(
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = browserSessionStorage(),
): string {
  try {
    const kept = storage?.getItem(LOAD_REPORT_SESSION_KEY);
    if (kept != null && LOAD_REPORT_SESSION_PATTERN.test(kept)) return kept;
    const made = randomSessionId();
    storage?.setItem(LOAD_REPORT_SESSION_KEY, made);
    if (storage !== undefined) return made;
  } catch {
    // storage refused (privacy settings): a session of this page only
  }
  pageSession ??= randomSessionId();
  return pageSession;
}

function browserSessionStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined; // reading sessionStorage itself throws where storage is blocked
  }
}

// getRandomValues, not randomUUID: the latter exists only on https pages
const randomSessionId = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** The POST to the server, with the tab's session id; its failure is of no concern to the visitor. */
export function postRemoteLoadReport(report: RemoteLoadReport): void {
  const body = JSON.stringify({ ...report, session: report.session ?? loadReportSession() });
  // the answer is read to its end: an unread one keeps the request open (and the page never network-idle)
  fetch(REMOTE_LOAD_REPORT_PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    .then((answer) => answer.text())
    .catch(() => undefined);
}

/** A page's reporter: sends each build's first load, and its first failure, to `send`, and no other report. */
export function remoteLoadReporter(send: SendLoadReport = postRemoteLoadReport): LoadReporter {
  const reported = new Set<string>();
  return (remote, entry, kind) => {
    // a load has no kind (undefined: not in the JSON sent)
    const outcome = kind ? 'failed' : 'loaded';
    if (reported.has(outcome + entry)) return;
    reported.add(outcome + entry);
    send({ remote, entry, outcome, kind });
  };
}

/**
 * What failed, from the federation runtime's error of a load whose remoteEntry.js was registered: its codes for a
 * remoteEntry.js that did not load or defined nothing as it ran (RUNTIME-001, RUNTIME-008) are the entry's; any other
 * failure (its init, the module's get or chunks) the module's.
 */
export const loadFailureKind = (error: unknown): 'entry' | 'module' =>
  /RUNTIME-00[18]/.test(String(error)) ? 'entry' : 'module';
