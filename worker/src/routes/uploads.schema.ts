import { z } from 'zod';
import { UUID_PATTERN } from '../lib/r2-keys';

/** GET /api/v1/files/{owner}/{uuid}: the public, unguessable address of an upload. */
export const fileAddress = z.object({
  owner: z.coerce.number().int().positive(),
  uuid: z.string().regex(new RegExp(`^${UUID_PATTERN}$`)),
});
