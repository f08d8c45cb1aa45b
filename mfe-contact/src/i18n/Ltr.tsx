import type { ReactNode } from 'react';

/**
 * Text that reads left to right wherever it stands (a phone number, an e-mail address, a code): isolated, so Arabic
 * text around it neither reorders it nor is reordered by it. Harmless on an English page.
 */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}
