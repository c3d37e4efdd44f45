// What /proc says about the processes of one process group (a stack child is its group's leader):
// busy CPU seconds and resident memory, for benchmarks that report a process's cost.
import fs from 'node:fs';

const CLOCK_TICKS = 100;
const PAGE_KB = 4;

/** Busy CPU seconds (user + system) of process `pid` so far; 0 once it is gone. */
export function processCpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** Every live process of group `pgid`: pid, command name, busy CPU seconds (user + system) and RSS in KB. */
export function groupProcesses(pgid) {
  const members = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      // After "pid (comm) ": field 3 is the state, 5 the process group, 14/15 utime/stime, 24 rss (pages).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      members.push({ pid: Number(entry), comm, cpuSeconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS, rssKb: Number(fields[21]) * PAGE_KB });
    } catch {
      // Gone meanwhile.
    }
  }
  return members;
}

/** Busy CPU seconds of a whole process group so far. */
export const groupCpuSeconds = (pgid) => groupProcesses(pgid).reduce((total, member) => total + member.cpuSeconds, 0);
