import { z } from 'zod';

export const activityQuery = z.object({ days: z.coerce.number().int().min(1).max(366).default(30) });
