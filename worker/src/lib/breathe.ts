/**
 * A pause of one macrotask: between two long synchronous stretches of one request (an
 * export), the isolate's other requests get their turn — and so does DevTools, whose memory
 * samples the data bench reads (the local D1 otherwise answers within the same task).
 */
export const breathe = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
