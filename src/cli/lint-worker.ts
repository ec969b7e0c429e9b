// A worker thread of the many-file pool (lint-pool.ts) when the pool runs from the unbundled modules;
// the CLI's pool starts src/startup/cli-start.ts's `startPoolWorker` instead (lint-pool.ts says why).
import { parentPort } from 'node:worker_threads';
import { serveLintJobs } from './lint-jobs.js';

serveLintJobs(parentPort!);
