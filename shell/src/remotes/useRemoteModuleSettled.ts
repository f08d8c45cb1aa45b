import { useEffect, useState } from 'react';
import { isRemoteModuleSettled, remoteModuleSettled } from './RemotePage';
import type { RemoteName } from './remotesMap';

/**
 * Whether a remote module has loaded (or failed), fetching it once `wanted`. A widget drawn only from then on never
 * suspends: React shows the content of a Suspense boundary at the earliest 300 ms after its fallback (its "throttle"),
 * which would hold back a modal whose code arrived sooner, e.g. preloaded while the pointer was on its button.
 */
export function useRemoteModuleSettled(remote: RemoteName, modulePath: string, wanted: boolean): boolean {
  const settled = isRemoteModuleSettled(remote, modulePath);
  const [, setLoads] = useState(0);
  useEffect(() => {
    if (!wanted || settled) return undefined;
    let current = true;
    void remoteModuleSettled(remote, modulePath).then(() => {
      if (current) setLoads((count) => count + 1);
    });
    return () => {
      current = false;
    };
  }, [remote, modulePath, wanted, settled]);
  return settled;
}
