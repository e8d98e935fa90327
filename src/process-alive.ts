/** Whether a process with this id runs (EPERM: it does, as another user's). For folders named by the pid that made them. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
