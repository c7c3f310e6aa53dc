// Preloaded into the API by `npm run bench` (`node --require`): the delays of the API's own event loop
// (perf_hooks.monitorEventLoopDelay), reset and read by the bench over the IPC channel it opened. Does
// nothing in a process started without one.
//
// On a machine shared with other work, a delay can be the operating system running someone else; so
// the longest turn is also measured in the CPU time the API itself used meanwhile (process.cpuUsage,
// every 2 ms): what the API's own work held the loop for, whatever the machine's load.
const { monitorEventLoopDelay } = require('node:perf_hooks');

if (process.send) {
  const histogram = monitorEventLoopDelay({ resolution: 2 });
  histogram.enable();
  let longestOwnMs = 0;
  let lastCpu = process.cpuUsage();
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    // CPU of all the process's threads (the GC's included): at most the wall time of the turn counts.
    longestOwnMs = Math.max(longestOwnMs, Math.min(now - last, (cpu.user + cpu.system) / 1000));
    last = now;
    lastCpu = process.cpuUsage();
  }, 2).unref();
  process.on('message', (message) => {
    if (message === 'loop:reset') {
      histogram.reset();
      longestOwnMs = 0;
      process.send({ loop: 'reset' });
    } else if (message === 'loop:report') {
      process.send({ loop: { maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6, meanMs: histogram.mean / 1e6, longestOwnMs } });
    }
  });
  // The channel must not keep the API alive when it is asked to stop.
  process.channel?.unref();
}
