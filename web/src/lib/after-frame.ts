/** Runs `run` in a task of its own once the next frame is drawn; answers a cancel. */
export function afterFrame(run: () => void): () => void {
  let timer = 0;
  const frame = requestAnimationFrame(() => (timer = window.setTimeout(run)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
