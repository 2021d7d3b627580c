/** Where this device keeps the creations made offline (lib/queued-creation.ts): IndexedDB, through lib/idb-queue.ts. */
import { idbQueue } from './idb-queue';
import type { QueuedCreation } from './queued-creation';

export const PENDING_CREATIONS_DB = 'astrolabe-pending-creations';

export const pendingCreationsStore = idbQueue<QueuedCreation>(PENDING_CREATIONS_DB, 'creations');
