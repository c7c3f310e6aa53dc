// Preloaded into the API by `npm run bench` (`node --require`): the delays of the API's own event loop
// (perf_hooks.monitorEventLoopDelay), reset and read by the bench over the IPC channel it opened. Does
// nothing in a process started without one.
const { monitorEventLoopDelay } = require('node:perf_hooks');

if (process.send) {
  const histogram = monitorEventLoopDelay({ resolution: 2 });
  histogram.enable();
  process.on('message', (message) => {
    if (message === 'loop:reset') {
      histogram.reset();
      process.send({ loop: 'reset' });
    } else if (message === 'loop:report') {
      process.send({ loop: { maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6, meanMs: histogram.mean / 1e6 } });
    }
  });
  // The channel must not keep the API alive when it is asked to stop.
  process.channel?.unref();
}
