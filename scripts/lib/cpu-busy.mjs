// How busy the machine's cores were over a stretch of time, from the kernel's counters (os.cpus()): `npm test` prints
// it beside each step's minutes, so a run's log tells a step that waits (room for more at once) from one that computes.
import { cpus } from 'node:os';

function cpuTimes() {
  let busy = 0;
  let total = 0;
  for (const { times } of cpus()) {
    const all = times.user + times.nice + times.sys + times.idle + times.irq;
    total += all;
    busy += all - times.idle;
  }
  return { busy, total };
}

/** Starts a measure; the function it returns gives the share of all cores' time spent busy since, as a percentage. */
export function measureCpuBusy() {
  const start = cpuTimes();
  return () => {
    const end = cpuTimes();
    const total = end.total - start.total;
    return total > 0 ? Math.round((100 * (end.busy - start.busy)) / total) : 0;
  };
}
