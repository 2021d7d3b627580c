/** Tags as they leave the server. */
import type { TagRefRow } from '../db/queries/concepts';

export const presentTagRef = (tag: TagRefRow) => ({ id: tag.id, name: tag.name });

export const presentTag = (tag: TagRefRow & { count: number }) => ({ id: tag.id, name: tag.name, count: tag.count });
