/** Tags as they leave the server. */
export interface TagRow {
  id: number;
  name: string;
}

export const presentTagRef = (tag: TagRow) => ({ id: tag.id, name: tag.name });

export const presentTag = (tag: TagRow & { count: number }) => ({ id: tag.id, name: tag.name, count: tag.count });
