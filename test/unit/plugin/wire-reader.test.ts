import { describe, expect, it } from "vitest";
import { WireDecodingError } from "../../../provider/plugin/errors";
import { WireReader } from "../../../provider/plugin/wire-reader";

const reader = (...bytes: number[]) => new WireReader(Buffer.from(bytes), 0, bytes.length);

describe("WireReader", () => {
  it("reads varints of one to ten bytes, past 32 bits", () => {
    expect(reader(0x00).varint()).toBe(0);
    expect(reader(0x96, 0x01).varint()).toBe(150);
    expect(reader(0xff, 0xff, 0xff, 0xff, 0x0f).varint()).toBe(2 ** 32 - 1);
    expect(reader(0x80, 0x80, 0x80, 0x80, 0x10).varint()).toBe(2 ** 32);
    // A negative int64 takes ten bytes; the reader steps over it whole.
    const negative = reader(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 0x08);
    negative.varint();
    expect(negative.pos).toBe(10);
  });

  it("refuses a varint that does not end, or ends past the message", () => {
    expect(() => reader(...Array(11).fill(0x80)).varint()).toThrow(/varint longer than 10 bytes/);
    expect(() => reader(0x80).varint()).toThrow(WireDecodingError);
    expect(() => reader(0x80).varint()).toThrow(/truncated varint at byte 1/);
  });

  it("bounds a length-delimited field and refuses one longer than what is left", () => {
    const r = reader(3, 0x61, 0x62, 0x63, 0x09);
    expect(r.delimited()).toEqual([1, 4]);
    expect(r.pos).toBe(4);
    expect(() => reader(4, 0x61, 0x62).delimited()).toThrow(/length past the end at byte 1/);
  });

  it("stays within its end, not the buffer's", () => {
    const r = new WireReader(Buffer.from([0x05, 0x61, 0x62, 0x63, 0x64, 0x65]), 0, 3);
    expect(() => r.delimited()).toThrow(/length past the end/);
  });

  it("reads doubles little-endian and refuses a cut one", () => {
    const bytes = Buffer.alloc(8);
    bytes.writeDoubleLE(-1.5);
    expect(new WireReader(bytes, 0, 8).double()).toBe(-1.5);
    expect(() => new WireReader(bytes, 0, 7).double()).toThrow(/truncated double at byte 0/);
  });

  it("skips fields of every wire type a message may hold, and no other", () => {
    const r = reader(0x96, 0x01, 1, 2, 3, 4, 1, 2, 3, 4, 5, 6, 7, 8, 2, 0x68, 0x69);
    r.skip(0);
    expect(r.pos).toBe(2);
    r.skip(5);
    expect(r.pos).toBe(6);
    r.skip(1);
    expect(r.pos).toBe(14);
    r.skip(2);
    expect(r.pos).toBe(17);
    expect(() => reader(1, 2, 3).skip(5)).toThrow(/truncated fixed field/);
    for (const groupOrUnknown of [3, 4, 6, 7]) {
      expect(() => reader(0).skip(groupOrUnknown)).toThrow(`unsupported wire type ${groupOrUnknown}`);
    }
  });
});
