/**
 * Where an uploaded file lives. Each person's files sit under their own prefix in R2;
 * the public address carries the owner and a random UUID, so it cannot be guessed
 * (images in <img> cannot send a bearer token, so the address itself is the secret).
 */
export const UUID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

export const userFileKey = (userId: number, uuid: string): string => `users/${userId}/${uuid}`;

/** Same-origin relative address: works locally and deployed without knowing the host. */
export const publicFileUrl = (userId: number, uuid: string): string => `/api/v1/files/${userId}/${uuid}`;
