import type { ReactNode } from 'react';
import { PageContainer } from '@site/shared-ui';
import { useStaffSelector } from '../app/store';
import { PageHeading } from '../ui/PageHeading';
import { Notice } from '../ui/Notice';
import { selectIsAdmin } from './sessionSlice';

/** A page for administrators only (the server refuses its calls to others with 403 anyway). */
export function RequireAdmin({ title, children }: { title: string; children: ReactNode }) {
  const admin = useStaffSelector(selectIsAdmin);
  if (admin) return children;
  return (
    <PageContainer>
      <PageHeading title={title} />
      <Notice>Only administrators can open this page.</Notice>
    </PageContainer>
  );
}
