import { preferencesSchema } from '../domain/preferences';

/** PUT /users/me/preferences: any of the fields (those not sent keep their stored values); unknown fields are refused. */
export const preferencesBody = preferencesSchema.partial();
