// What /proc says about a process or the processes of one process group (a stack child is its group's leader):
// busy CPU seconds and resident memory, for benchmarks that report a process's cost.
import fs from 'node:fs';

const CLOCK_TICKS = 100;
const PAGE_KB = 4;

/**
 * One process as /proc/<pid>/stat tells it: command name, process group, busy CPU seconds (user +
 * system) and RSS in KB; undefined once it is gone.
 */
function processStat(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    // After "pid (comm) ": field 3 is the state, 5 the process group, 14/15 utime/stime, 24 rss (pages).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { pid: Number(pid), comm, pgid: Number(fields[2]), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS, rssKb: Number(fields[21]) * PAGE_KB };
  } catch {
    return undefined;
  }
}

/** Busy CPU seconds of process `pid` so far; 0 once it is gone. */
export const processCpuSeconds = (pid) => processStat(pid)?.cpuSeconds ?? 0;

/** Every live process of group `pgid`: pid, command name, busy CPU seconds and RSS in KB. */
export function groupProcesses(pgid) {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(processStat)
    .filter((member) => member?.pgid === pgid);
}

/** Busy CPU seconds of a whole process group so far. */
export const groupCpuSeconds = (pgid) => groupProcesses(pgid).reduce((total, member) => total + member.cpuSeconds, 0);
