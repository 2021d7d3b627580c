/** Resolves in a later task (a message to itself, no timer clamp): the browser draws and answers input between two slices of work. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}
