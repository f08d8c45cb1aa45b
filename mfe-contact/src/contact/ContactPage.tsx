import { useEffect, useRef, useState } from 'react';
import { Breadcrumb, LoadError, PageContainer, SectionHeading, Spinner } from '@site/shared-ui';
import type { BranchId } from '@site/content';
import type { LoadFirstView } from '@site/shared-store';
import { HOME_PATH } from '@site/contracts/paths';
import { RegionSelector } from './RegionSelector';
import { BranchDetails } from './BranchDetails';
import { MessageForm } from '../message-form';
import { loadPostedForm } from '../form-parts/postedForm';
import { useText } from '../i18n/useText';
import { loadPageBranches, usePageBranches } from './pageBranches';

/** Spec: switching region shows a spinner for 500 ms. */
export const REGION_SWITCH_MS = 500;

/** For the server: an Arabic page's branches, so its HTML has them; and what came of the message form's plain post it answers. */
export const loadFirstView: LoadFirstView = (context) =>
  Promise.all([loadPageBranches(context), loadPostedForm(context)]);

/** /contact-us: the regions, the selected branch's details, and the 'Send us a message' form. */
export default function ContactPage() {
  const text = useText();
  const page = usePageBranches();
  const [selected, setSelected] = useState<BranchId>('dubai');
  const [switching, setSwitching] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const selectRegion = (id: BranchId) => {
    setSelected(id);
    setSwitching(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setSwitching(false), REGION_SWITCH_MS);
  };

  let body;
  if (page.status === 'ready') {
    const { branches } = page;
    const branch = branches.find((item) => item.id === selected) ?? branches[0]!;
    body = (
      <>
        <RegionSelector branches={branches} selected={selected} onSelect={selectRegion} />
        {switching ? (
          <Spinner label={text('contact.loadingBranch', { branch: branch.label })} />
        ) : (
          <BranchDetails branch={branch} />
        )}
        <MessageForm branches={branches} />
      </>
    );
  } else if (page.status === 'failed') {
    body = <LoadError message={text('contact.loadError')} onRetry={page.retry} />;
  } else {
    body = <Spinner label={text('contact.loading')} />;
  }

  return (
    <PageContainer>
      <Breadcrumb
        items={[{ moduleName: text('contact.breadcrumbHome'), link: HOME_PATH }, { moduleName: text('contact.title') }]}
      />
      <SectionHeading>{text('contact.title')}</SectionHeading>
      {body}
    </PageContainer>
  );
}
