import type { ReactNode } from 'react';
import { LoadError, Spinner } from '@site/shared-ui';
import { Notice } from '../ui/Notice';
import { PageSection } from '../ui/PageSection';
import type { Resource } from '../ui/staffResource';
import type { ChangeOutcome } from './useTableChange';

interface TableSectionProps<T> {
  id: string;
  title: string;
  intro: string;
  /** What the table holds, for the loading and failure texts ('exchange rates'). */
  what: string;
  resource: Resource<T>;
  retry: () => void;
  /** The table as read. */
  children: (data: T) => ReactNode;
  /** The form that adds to it, and what its last change came to. */
  form: ReactNode;
  outcome: ChangeOutcome | null;
}

/** One of the tables admins keep: its heading and words, the table once read (or why not), its form and outcome. */
export function TableSection<T>({
  id,
  title,
  intro,
  what,
  resource,
  retry,
  children,
  form,
  outcome,
}: TableSectionProps<T>) {
  const data = resource.data;
  return (
    <PageSection aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p>{intro}</p>
      {resource.status === 'failed' ? (
        <LoadError message={`The ${what} could not be loaded. ${resource.error}`} onRetry={retry} />
      ) : null}
      {data === undefined ? (
        resource.status === 'failed' ? null : (
          <Spinner label={`Loading the ${what}`} />
        )
      ) : (
        children(data)
      )}
      {form}
      <Notice tone={outcome?.tone ?? 'info'}>{outcome?.text}</Notice>
    </PageSection>
  );
}
