/**
 * A body read as workerd reads a request or fetched body: a byte stream that hands over
 * 4 KB at each default read and fills a BYOB read's buffer (up to `fill` bytes at once: a
 * slow network fills less). `reads()` counts the reads, `sent()` the bytes handed over.
 */
export function runtimeStream(bytes: Uint8Array, { fill = Infinity }: { fill?: number } = {}) {
  let offset = 0;
  let reads = 0;
  const body = new ReadableStream({
    type: 'bytes',
    pull(controller) {
      reads += 1;
      if (offset >= bytes.length) {
        controller.close();
        return controller.byobRequest?.respond(0); // a BYOB read waiting is answered 'done'
      }
      const view = controller.byobRequest?.view;
      const length = Math.min(view ? view.byteLength : 4096, fill, bytes.length - offset);
      if (view) {
        new Uint8Array(view.buffer, view.byteOffset, length).set(bytes.subarray(offset, offset + length));
        controller.byobRequest!.respond(length);
      } else {
        controller.enqueue(bytes.slice(offset, offset + length));
      }
      offset += length;
    },
  });
  return { body: body as ReadableStream<Uint8Array>, reads: () => reads, sent: () => offset };
}
