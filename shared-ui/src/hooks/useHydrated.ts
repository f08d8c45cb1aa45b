import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;
const sameEverywhere = () => 0;
/** How often React asked for the server snapshot below: it does so only while it hydrates (and on the server). */
let serverSnapshotReads = 0;
const serverSnapshot = () => {
  serverSnapshotReads += 1;
  return 0;
};

/**
 * Whether this component mounted while React hydrated the server's HTML. Both snapshots are equal, so this store
 * never asks React for a re-render of its own.
 */
function useMountedInHydration(): boolean {
  const readsBefore = serverSnapshotReads;
  useSyncExternalStore(noSubscription, sameEverywhere, serverSnapshot);
  return serverSnapshotReads !== readsBefore;
}

/**
 * False on the server and while the browser hydrates its HTML, true on every render after: for what only the browser
 * knows (its today, its stored data, the address's query), drawn without a hydration mismatch. A component that
 * mounts in the browser (a page drawn there, a later navigation) is true from its first render.
 *
 * After hydration the switch is a transition, not a store's forced re-render: React renders a store's change at once,
 * in one task, and the parts drawn only in the browser (a product's eleven quote forms) held the main thread for
 * ~100 ms at Lighthouse's 4x CPU there; as a transition React draws them in short slices.
 */
export function useHydrated(): boolean {
  const mountedInHydration = useMountedInHydration();
  const [hydrated, setHydrated] = useState(!mountedInHydration);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
