import { readdirSync, readFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** The nice value of the image threads: the same as the simulation workers' (the GM's page and main come first). */
const IMAGE_NICE = 10;

/**
 * libvips does its pixel work on threads of its own ("libvips worker"), started by whichever
 * thread first asks it for work and at that thread's priority. On Linux, where a thread's nice
 * value is its own, this lowers them below the console's, so a map image being masked takes
 * only what the GM's work leaves (console's choice, as for the simulation workers). They are
 * found by name under /proc/self/task; elsewhere nothing is done.
 */
export function lowerImageThreads(): void {
  if (process.platform !== 'linux') return;
  let tasks: string[];
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    return;
  }
  for (const task of tasks) {
    try {
      const tid = Number(task);
      if (readFileSync(`/proc/self/task/${task}/comm`, 'utf8').startsWith('libvips worker') && getPriority(tid) < IMAGE_NICE) setPriority(tid, IMAGE_NICE);
    } catch {
      // The thread ended meanwhile, or this is not allowed here: it keeps its priority.
    }
  }
}
