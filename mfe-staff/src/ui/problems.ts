import type { StaffFailure } from '../api/staffBaseQuery';

/** The problem the server named at `path` ('lines', 0, 'unitPrice'), if any: a refused field shows it beside itself. */
export const problemAt = (problems: StaffFailure['problems'], ...path: (string | number)[]): string | undefined =>
  problems.find(
    (problem) => problem.path.length === path.length && problem.path.every((part, index) => part === path[index]),
  )?.message;
