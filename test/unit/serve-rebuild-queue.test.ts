import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RebuildQueue, type SettleOptions } from '../../src/dev/rebuild-queue.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sitegen-queue-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A runner whose runs stay open until the test lets them finish. */
function controlledRunner() {
  const runs: { changed: string[]; signal: AbortSignal; settled: (options?: SettleOptions) => Promise<void>; finish: (finished?: boolean) => void }[] = [];
  let active = 0;
  let maxActive = 0;
  const waiting: (() => void)[] = [];
  const run = (changed: ReadonlySet<string>, signal: AbortSignal, settled: (options?: SettleOptions) => Promise<void>) =>
    new Promise<boolean>((resolve) => {
      active++;
      maxActive = Math.max(maxActive, active);
      runs.push({ changed: [...changed].sort(), signal, settled, finish: (finished = true) => (active--, resolve(finished)) });
      for (const w of waiting.splice(0)) w();
    });
  const nextRun = (count: number) =>
    new Promise<void>((resolve) => {
      const check = () => (runs.length >= count ? resolve() : waiting.push(check));
      check();
    });
  return { run, runs, nextRun, maxActive: () => maxActive };
}

/** A queue whose first run was started by a write to a new file `name` of the temporary folder. */
async function startedByWrite(name: string, debounceMs: number, settleMs: number) {
  const file = path.join(dir, name);
  writeFileSync(file, '{"a": "1"}');
  const r = controlledRunner();
  const queue = new RebuildQueue(r.run, debounceMs, settleMs);
  queue.write(file);
  await r.nextRun(1);
  return { file, r, queue };
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

  it('starts a run at once on a write, and only a write that changes the content aborts it', async () => {
    // Debounced changes would wait a minute: the write's run starts without it.
    const { file, r, queue } = await startedByWrite('de.json', 60_000, 0);
    // The same save's later events, and chokidar's own for it, find the content the run started with.
    queue.write(file);
    queue.add(file);
    expect(r.runs[0]!.signal.aborted).toBe(false);
    writeFileSync(file, '{"a": "2"}');
    queue.write(file);
    expect(r.runs[0]!.signal.aborted).toBe(true);
    r.runs[0]!.finish(false);
    await r.nextRun(2);
    r.runs[1]!.finish();
    await queue.idle();
    expect(r.runs.map((x) => x.changed)).toEqual([[file], [file]]);
  });

  it("holds a run's settled() while its files are written, and lets go when a newer write aborts it", async () => {
    const { file, r, queue } = await startedByWrite('en.json', 1, 60_000);
    let settled = false;
    const waiting = r.runs[0]!.settled().then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    writeFileSync(file, '{"a": "2"}');
    queue.write(file);
    await waiting;
    expect(r.runs[0]!.signal.aborted).toBe(true);
    r.runs[0]!.finish(false);
    await r.nextRun(2);
    r.runs[1]!.finish();
    await queue.idle();
  });

  it('lets go of settled() for a file the run read whole without waiting settleMs, but holds it for the files it did not', async () => {
    // A rest time of a minute: settled() resolves in time only for a file read whole (else the test times out).
    const { file, r, queue } = await startedByWrite('whole.json', 1, 60_000);
    const other = path.join(dir, 'other.json');
    writeFileSync(other, '{"b": "1"}');
    queue.write(other); // a second file: the running run is aborted, the next one has both
    r.runs[0]!.finish(false);
    await r.nextRun(2);
    const run = r.runs[1]!;
    expect(run.changed).toEqual([file, other].sort());
    let held = true;
    const partly = run.settled({ whole: new Set([file]) }).then(() => (held = false));
    await run.settled({ whole: new Set([file, other]) });
    expect([run.signal.aborted, held]).toEqual([false, true]);
    // A newer write that changes the file aborts the run, as always, and lets go of the one still held.
    writeFileSync(other, '{"b": "2"}');
    queue.write(other);
    await partly;
    expect(run.signal.aborted).toBe(true);
    run.finish(false);
    await r.nextRun(3);
    r.runs[2]!.finish();
    await queue.idle();
  });

  it('a change chokidar reports for a folder, or a file gone, is always rebuilt', async () => {
    const r = controlledRunner();
    const queue = new RebuildQueue(r.run, 1, 0);
    queue.add(dir);
    await r.nextRun(1);
    r.runs[0]!.finish();
    queue.add(dir);
    await r.nextRun(2);
    r.runs[1]!.finish();
    await queue.idle();
    expect(r.runs).toHaveLength(2);
  });
});
