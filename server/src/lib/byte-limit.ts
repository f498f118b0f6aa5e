import { Transform } from 'node:stream';

/**
 * A pass-through stream for an upload that counts its bytes in `counter` and fails the stream with
 * `tooLarge()` as soon as more than `max` have passed (whatever the multipart limit says).
 */
export function byteLimit(max: number, counter: { bytes: number }, tooLarge: () => Error): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counter.bytes += chunk.length;
      if (counter.bytes > max) callback(tooLarge());
      else callback(null, chunk);
    },
  });
}
