import { useCallback, useState } from 'react';
import { messageOf } from '../api/staffBaseQuery';

export interface ItemAction {
  /** Runs a change (a thunk's unwrap()); says `done` when it worked, the server's reason when not. */
  run: (change: () => Promise<unknown>, done: string) => Promise<boolean>;
  busy: boolean;
  message: { tone: 'success' | 'error'; text: string } | null;
}

/** One section's change of the item: busy while it runs, then its outcome in that section's message. */
export function useItemAction(): ItemAction {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<ItemAction['message']>(null);
  const run = useCallback(async (change: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setMessage(null);
    try {
      await change();
      setMessage({ tone: 'success', text: done });
      return true;
    } catch (failure) {
      setMessage({ tone: 'error', text: messageOf(failure) });
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { run, busy, message };
}
