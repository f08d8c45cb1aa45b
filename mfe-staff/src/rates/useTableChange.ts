import { useState } from 'react';
import { failureOf, type StaffFailure } from '../api/staffBaseQuery';

export interface ChangeOutcome {
  tone: 'success' | 'error';
  text: string;
}

/**
 * A table's change as its form makes it: the outcome in words (the server's sentence when refused) and the fields it
 * refused, each shown beside its control.
 */
export function useTableChange() {
  const [outcome, setOutcome] = useState<ChangeOutcome | null>(null);
  const [problems, setProblems] = useState<StaffFailure['problems']>([]);
  /** Runs `change`; true when it was taken. */
  const run = async (change: () => Promise<unknown>, done: string): Promise<boolean> => {
    setOutcome(null);
    setProblems([]);
    try {
      await change();
      setOutcome({ tone: 'success', text: done });
      return true;
    } catch (failure) {
      const { message, problems: found } = failureOf(failure);
      setProblems(found);
      setOutcome({ tone: 'error', text: message });
      return false;
    }
  };
  return { outcome, problems, run };
}
