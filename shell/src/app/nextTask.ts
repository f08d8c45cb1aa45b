/**
 * Resolves in a later task: the browser may handle input and paint in between. Start-up work split this way stays
 * under Lighthouse's 50 ms long-task line (TBT) instead of holding the main thread in one piece.
 */
export const nextTask = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 0));
