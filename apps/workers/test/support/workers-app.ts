/**
 * The workers' entry point for another app's tests that start them in process (the console's
 * browser tests): they reach the workers' source only through this support folder (.dependency-cruiser.cjs).
 */
export { createWorkers } from '../../src/workers.factory';
