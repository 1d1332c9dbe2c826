/**
 * A tiny WebM muxer: wraps VP8 frames taken from lossy WebP files into a playable video, so the
 * demo video needs no ffmpeg.
 */

/**
 * A lossy WebP file is a RIFF wrapper around one VP8 key frame; a WebM is a Matroska wrapper
 * around VP8 frames. So without any video encoder we can build a short slideshow video whose
 * every frame is a key frame encoded by libwebp. Browsers play it like any WebM.
 */
export function ebmlSize(size: number): Buffer {
  const out = Buffer.alloc(8);
  // Always the 8-byte form: marker byte 0x01, then the size in the remaining 7 bytes.
  out[0] = 0x01;
  out.writeUIntBE(size, 2, 6);
  return out;
}

export function element(id: number, payload: Buffer): Buffer {
  const idBytes = Buffer.from(
    id.toString(16).padStart(id > 0xffffff ? 8 : id > 0xffff ? 6 : id > 0xff ? 4 : 2, "0"),
    "hex",
  );
  return Buffer.concat([idBytes, ebmlSize(payload.length), payload]);
}

export function uint(id: number, value: number): Buffer {
  const bytes: number[] = [];
  let v = value;
  do {
    bytes.unshift(v & 0xff);
    v = Math.floor(v / 256);
  } while (v > 0);
  return element(id, Buffer.from(bytes));
}

export function float(id: number, value: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(value);
  return element(id, b);
}

export function str(id: number, value: string): Buffer {
  return element(id, Buffer.from(value, "ascii"));
}

export function vp8FromWebp(webp: Buffer): Buffer {
  if (webp.toString("ascii", 0, 4) !== "RIFF" || webp.toString("ascii", 8, 12) !== "WEBP")
    throw new Error("not a WebP");
  if (webp.toString("ascii", 12, 16) !== "VP8 ") throw new Error("expected a simple lossy WebP (VP8 chunk)");
  const size = webp.readUInt32LE(16);
  return webp.subarray(20, 20 + size);
}

export function webm(frames: Buffer[], width: number, height: number, frameMs: number): Buffer {
  const header = element(
    0x1a45dfa3,
    Buffer.concat([
      uint(0x4286, 1),
      uint(0x42f7, 1),
      uint(0x42f2, 4),
      uint(0x42f3, 8),
      str(0x4282, "webm"),
      uint(0x4287, 2),
      uint(0x4285, 2),
    ]),
  );
  const info = element(
    0x1549a966,
    Buffer.concat([
      uint(0x2ad7b1, 1_000_000),
      float(0x4489, frames.length * frameMs),
      str(0x4d80, "peak-shilajit-demo"),
      str(0x5741, "peak-shilajit-demo"),
    ]),
  );
  const tracks = element(
    0x1654ae6b,
    element(
      0xae,
      Buffer.concat([
        uint(0xd7, 1),
        uint(0x73c5, 1),
        uint(0x83, 1),
        uint(0x9c, 0),
        str(0x86, "V_VP8"),
        uint(0x23e383, frameMs * 1_000_000),
        element(0xe0, Buffer.concat([uint(0xb0, width), uint(0xba, height)])),
      ]),
    ),
  );
  const blocks = frames.map((frame, i) => {
    const head = Buffer.alloc(4);
    head[0] = 0x81; // track 1
    head.writeInt16BE(i * frameMs, 1);
    head[3] = 0x80; // key frame
    return element(0xa3, Buffer.concat([head, frame]));
  });
  const cluster = element(0x1f43b675, Buffer.concat([uint(0xe7, 0), ...blocks]));
  return Buffer.concat([header, element(0x18538067, Buffer.concat([info, tracks, cluster]))]);
}
