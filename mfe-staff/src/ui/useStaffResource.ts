// A staff GET whose answer only one page shows (the settings, a page of the audit log, the colleagues one can assign
// to): kept in the component, not in the store. A 401 ends the session like any other staff call's.
import { useCallback, useEffect, useState } from 'react';
import { staffFetch, StaffApiError } from '../api/staffFetch';
import { sessionExpired } from '../session/sessionSlice';
import { useStaffDispatch } from '../app/store';

export type Resource<T> =
  | { status: 'loading'; data: T | undefined }
  | { status: 'ready'; data: T }
  | { status: 'failed'; data: T | undefined; error: string; httpStatus: number };

type Settled<T> = { key: string; status: 'ready'; data: T } | { key: string; status: 'failed'; data: T | undefined; error: string; httpStatus: number };

/**
 * GETs `url` (again when it changes, or on retry()); while a new answer is awaited the last one's data stays
 * (`status: 'loading'`). `set` puts in a later answer (a PUT's).
 */
export function useStaffResource<T>(url: string): { resource: Resource<T>; retry: () => void; set: (data: T) => void } {
  const dispatch = useStaffDispatch();
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | undefined>(undefined);
  const key = `${attempt} ${url}`;

  useEffect(() => {
    const controller = new AbortController();
    staffFetch<T>(url, { signal: controller.signal }).then(
      (data) => setSettled({ key, status: 'ready', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const failure = error instanceof StaffApiError ? error : new StaffApiError(0, String(error));
        if (failure.status === 401) dispatch(sessionExpired());
        setSettled((last) => ({ key, status: 'failed', data: last?.data, error: failure.message, httpStatus: failure.status }));
      },
    );
    return () => controller.abort();
  }, [url, key, dispatch]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  const set = useCallback((data: T) => setSettled({ key, status: 'ready', data }), [key]);
  const resource: Resource<T> = settled !== undefined && settled.key === key ? settled : { status: 'loading', data: settled?.data };
  return { resource, retry, set };
}
