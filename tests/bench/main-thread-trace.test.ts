import { describe, expect, it } from 'vitest';
import { readLoad, readProfile, type TraceEvent } from '../../bench/main-thread-trace';

const url = 'http://127.0.0.1:3000/inbox';
const page = { pid: 2, tid: 7 };
const other = { pid: 3, tid: 9 };

function meta(where: { pid: number; tid: number }): TraceEvent {
  return { name: 'thread_name', cat: '__metadata', ph: 'M', ...where, ts: 0, args: { name: 'CrRendererMain' } };
}
function task(where: { pid: number; tid: number }, ts: number, ms: number, name = 'RunTask'): TraceEvent {
  return { name, cat: 'toplevel', ph: 'X', ...where, ts, dur: ms * 1000 };
}
function navigation(where: { pid: number; tid: number }, ts: number, loaded: string): TraceEvent {
  return { name: 'navigationStart', cat: 'blink.user_timing', ph: 'R', ...where, ts, args: { data: { documentLoaderURL: loaded, isLoadingMainFrame: true } } };
}

describe('readLoad', () => {
  it('counts the time past 50 ms of each long task from the first contentful paint, on the thread that loaded the page', () => {
    const events: TraceEvent[] = [
      meta(page), meta(other),
      navigation(page, 1_000_000, url),
      task(page, 1_010_000, 120), // before the paint: blocking only
      { name: 'firstContentfulPaint', cat: 'loading', ph: 'I', ...page, ts: 1_200_000 },
      task(page, 1_300_000, 200),
      task(page, 1_300_000, 190, 'ThreadControllerImpl::RunTask'), // nested in the one above: not twice
      { name: 'EvaluateScript', cat: 'devtools.timeline', ph: 'X', ...page, ts: 1_310_000, dur: 150_000, args: { data: { url: 'http://127.0.0.1:3000/_next/static/chunks/main.js' } } },
      { name: 'FunctionCall', cat: 'devtools.timeline', ph: 'X', ...page, ts: 1_320_000, dur: 100_000, args: { data: { url: 'http://127.0.0.1:3000/_next/static/chunks/other.js' } } },
      task(page, 1_600_000, 30),
      // Another renderer (a browser page of Chromium's own) busier than the page: not counted.
      task(other, 1_000_000, 900),
    ];
    const figures = readLoad(events, url);
    expect(figures.tbt_ms).toBe(150);
    expect(figures.blocking_ms).toBe(220);
    expect(figures.long_tasks).toBe(1);
    expect(figures.task_ms).toBe(350);
    expect(figures.longest_ms).toBe(200);
    expect(figures.fcp_ms).toBe(200);
    // The outermost script of a task takes its time, not the functions it calls.
    expect(figures.by_source['main.js']).toBe(150);
    expect(figures.by_source['other.js']).toBeUndefined();
    expect(figures.by_source['(other)']).toBe(170);
  });

  it('refuses a trace in which no renderer loaded the page', () => {
    expect(() => readLoad([meta(page), navigation(page, 0, 'http://127.0.0.1:3000/'), task(page, 10, 80)], url)).toThrow(/loaded http:\/\/127.0.0.1:3000\/inbox/);
  });
});

describe('readProfile', () => {
  it('sums self time by script file and function from the page renderer\'s samples', () => {
    const frame = (functionName: string, file: string, lineNumber = 0) => ({ functionName, url: file ? `http://127.0.0.1:3000/_next/static/chunks/${file}` : '', lineNumber, columnNumber: 4 });
    const events: TraceEvent[] = [
      meta(page), navigation(page, 0, url),
      {
        name: 'ProfileChunk', cat: 'disabled-by-default-v8.cpu_profiler', ph: 'P', ...page, ts: 0, id: '0x1',
        args: { data: {
          cpuProfile: { nodes: [{ id: 1, callFrame: frame('(root)', '') }, { id: 2, parent: 1, callFrame: frame('hydrate', 'react.js', 9) }, { id: 3, parent: 1, callFrame: frame('(idle)', '') }], samples: [2, 2, 3, 2] },
          timeDeltas: [0, 4000, 6000, 50_000],
        } },
      } as TraceEvent,
      { name: 'ProfileChunk', cat: 'disabled-by-default-v8.cpu_profiler', ph: 'P', ...other, ts: 0, id: '0x1', args: { data: { cpuProfile: { nodes: [{ id: 1, callFrame: frame('busy', 'other.js') }], samples: [1, 1] }, timeDeltas: [0, 900_000] } } } as TraceEvent,
    ];
    const profile = readProfile(events, url);
    expect(profile?.by_file).toEqual({ 'react.js': 10 });
    expect(profile?.top_functions).toEqual([{ name: 'hydrate react.js:10:5', ms: 10 }]);
  });
});
