import { describe, expect, it } from 'vitest';
import { RebuildQueue } from '../../src/dev/rebuild-queue.ts';

/** A runner whose runs stay open until the test lets them finish. */
function controlledRunner() {
  const runs: { changed: string[]; signal: AbortSignal; finish: (finished?: boolean) => void }[] = [];
  let active = 0;
  let maxActive = 0;
  const waiting: (() => void)[] = [];
  const run = (changed: ReadonlySet<string>, signal: AbortSignal) =>
    new Promise<boolean>((resolve) => {
      active++;
      maxActive = Math.max(maxActive, active);
      runs.push({ changed: [...changed].sort(), signal, finish: (finished = true) => (active--, resolve(finished)) });
      for (const w of waiting.splice(0)) w();
    });
  const nextRun = (count: number) =>
    new Promise<void>((resolve) => {
      const check = () => (runs.length >= count ? resolve() : waiting.push(check));
      check();
    });
  return { run, runs, nextRun, maxActive: () => maxActive };
}

describe('RebuildQueue', () => {
  it('coalesces a burst of changes into one run', async () => {
    const r = controlledRunner();
    const queue = new RebuildQueue(r.run, 5);
    for (let i = 0; i < 10; i++) queue.add('/site/locales/de.json');
    queue.add('/site/pages/index.tsx');
    await r.nextRun(1);
    r.runs[0]!.finish();
    await queue.idle();
    expect(r.runs.map((x) => x.changed)).toEqual([['/site/locales/de.json', '/site/pages/index.tsx']]);
  });

  it('never runs two at once, aborts the overtaken run and carries its files into the next', async () => {
    const r = controlledRunner();
    const queue = new RebuildQueue(r.run, 1);
    queue.add('/a');
    await r.nextRun(1);
    queue.add('/b'); // arrives while the first run is under way
    expect(r.runs[0]!.signal.aborted).toBe(true);
    r.runs[0]!.finish(false); // it noticed and stopped early
    await r.nextRun(2);
    r.runs[1]!.finish();
    await queue.idle();
    expect(r.maxActive()).toBe(1);
    expect(r.runs[1]!.changed).toEqual(['/a', '/b']);
    expect(r.runs).toHaveLength(2);
  });

  it('does not repeat a run that finished although a newer change arrived', async () => {
    const r = controlledRunner();
    const queue = new RebuildQueue(r.run, 1);
    queue.add('/a');
    await r.nextRun(1);
    queue.add('/b');
    r.runs[0]!.finish(true); // it had already committed its work
    await r.nextRun(2);
    r.runs[1]!.finish();
    await queue.idle();
    expect(r.runs.map((x) => x.changed)).toEqual([['/a'], ['/b']]);
  });

  it('keeps working after a run rejects', async () => {
    const seen: string[][] = [];
    const queue = new RebuildQueue(async (changed) => {
      seen.push([...changed]);
      if (seen.length === 1) throw new Error('broken file');
      return true;
    }, 1);
    queue.add('/bad');
    await queue.idle();
    queue.add('/good');
    await queue.idle();
    expect(seen).toEqual([['/bad'], ['/good']]);
  });

  it('ignores changes once closed', async () => {
    const seen: string[][] = [];
    const queue = new RebuildQueue(async (changed) => (seen.push([...changed]), true), 1);
    await queue.close();
    queue.add('/late');
    await queue.idle();
    expect(seen).toEqual([]);
  });
});
