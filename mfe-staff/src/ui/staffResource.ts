// A staff read (an endpoint of api/staffApi.ts) as the pages show it: loading (the last answer kept while a new one is
// awaited), ready, or failed with the server's sentence and status, and a retry.
import { failureOf } from '../api/staffBaseQuery';

export type Resource<T> =
  | { status: 'loading'; data: T | undefined }
  | { status: 'ready'; data: T }
  | { status: 'failed'; data: T | undefined; error: string; httpStatus: number };

/** What a query hook gives that this reads. */
interface QueryResult<T> {
  data?: T | undefined;
  error?: unknown;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export function staffResource<T>(query: QueryResult<T>): { resource: Resource<T>; retry: () => void } {
  const retry = () => void query.refetch();
  if (query.isFetching) return { resource: { status: 'loading', data: query.data }, retry };
  if (query.isError) {
    const { message, status } = failureOf(query.error);
    return { resource: { status: 'failed', data: query.data, error: message, httpStatus: status }, retry };
  }
  if (query.data === undefined) return { resource: { status: 'loading', data: undefined }, retry };
  return { resource: { status: 'ready', data: query.data }, retry };
}
