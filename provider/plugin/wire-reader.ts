/**
 * A cursor over protobuf wire bytes: what struct-decoding.ts and request-decoding.ts need to read
 * a message's fields without google-protobuf's message objects.
 */

import { WireDecodingError } from "./errors";

const VARINT = 0;
const FIXED64 = 1;
export const LENGTH_DELIMITED = 2;
const FIXED32 = 5;

/** A cursor over one message's bytes, `end` excluded. */
export class WireReader {
  pos: number;

  constructor(
    readonly bytes: Buffer,
    start: number,
    readonly end: number,
  ) {
    this.pos = start;
  }

  /** A varint as a JavaScript number: exact for tags, lengths, enums and booleans. */
  varint(): number {
    let result = 0;
    let scale = 1;
    for (let i = 0; i < 10; i++) {
      if (this.pos >= this.end) throw new WireDecodingError("truncated varint", this.pos);
      const byte = this.bytes[this.pos++]!;
      result += (byte & 0x7f) * scale;
      if (byte < 0x80) return result;
      scale *= 128;
    }
    throw new WireDecodingError("varint longer than 10 bytes", this.pos);
  }

  /** The bounds of a length-delimited field's content, the cursor moved past it. */
  delimited(): [number, number] {
    const length = this.varint();
    const start = this.pos;
    if (length > this.end - start) throw new WireDecodingError("length past the end", start);
    this.pos = start + length;
    return [start, this.pos];
  }

  double(): number {
    if (this.end - this.pos < 8) throw new WireDecodingError("truncated double", this.pos);
    const value = this.bytes.readDoubleLE(this.pos);
    this.pos += 8;
    return value;
  }

  /** Steps over a field this reader has no use for, as protobuf readers must. */
  skip(wireType: number): void {
    if (wireType === VARINT) this.varint();
    else if (wireType === LENGTH_DELIMITED) this.delimited();
    else if (wireType === FIXED64 || wireType === FIXED32) {
      const size = wireType === FIXED64 ? 8 : 4;
      if (this.end - this.pos < size) throw new WireDecodingError("truncated fixed field", this.pos);
      this.pos += size;
    } else throw new WireDecodingError(`unsupported wire type ${wireType}`, this.pos);
  }
}
