import { useEffect, useRef, useState } from 'react';
import { Breadcrumb, PageContainer, SectionHeading, Spinner } from '@site/shared-ui';
import { branches, type BranchId } from '@site/content';
import { RegionSelector } from './RegionSelector';
import { BranchDetails } from './BranchDetails';
import { MessageForm } from '../message-form';
import { HOME_PATH } from '@site/contracts/paths';

/** Spec: switching region shows a spinner for 500 ms. */
export const REGION_SWITCH_MS = 500;

/** /contact-us: the regions, the selected branch's details, and the 'Send us a message' form. */
export default function ContactPage() {
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

  const branch = branches.find((item) => item.id === selected) ?? branches[0]!;
  return (
    <PageContainer>
      <Breadcrumb items={[{ moduleName: 'Home', link: HOME_PATH }, { moduleName: 'Contact Us' }]} />
      <SectionHeading>Contact Us</SectionHeading>
      <RegionSelector branches={branches} selected={selected} onSelect={selectRegion} />
      {switching ? <Spinner label={`Loading ${branch.label} details`} /> : <BranchDetails branch={branch} />}
      <MessageForm />
    </PageContainer>
  );
}
