/**
 * A room is named for the concept and its owner: `u<userId>-c<conceptId>`. Binding the
 * user into the name means the connect check is a comparison, with no lookup.
 */
export function roomName(userId: number, conceptId: number): string {
  return `u${userId}-c${conceptId}`;
}

export function parseRoomName(name: string): { userId: number; conceptId: number } | null {
  const match = /^u(\d{1,15})-c(\d{1,15})$/.exec(name);
  if (!match) return null;
  return { userId: Number(match[1]), conceptId: Number(match[2]) };
}
