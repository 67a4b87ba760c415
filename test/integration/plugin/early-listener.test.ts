import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type EarlyListener, listenEarly } from "../../../provider/plugin/early-listener";

const opened: Array<() => void> = [];
afterEach(() => {
  for (const close of opened.splice(0)) close();
});

async function listener(): Promise<EarlyListener> {
  const l = await listenEarly();
  opened.push(() => l.close());
  return l;
}

/** A client connection that has sent `text` (the bytes are in the listener's kernel buffer). */
function sent(port: number, text: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(text, () => resolve(socket)));
    socket.once("error", reject);
    opened.push(() => socket.destroy());
  });
}

const received = (socket: Socket, bytes: number) =>
  new Promise<string>((resolve) => {
    let text = "";
    socket.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      if (text.length >= bytes) resolve(text);
    });
  });

describe("the plugin's early listener", () => {
  it("keeps every byte of a connection made before the hand-over for the new owner", async () => {
    const early = await listener();
    await sent(early.port, "before");
    await expect.poll(() => early.waiting()).toBe(1);
    const owned: Socket[] = [];
    early.handOver((socket) => owned.push(socket));
    expect(owned).toHaveLength(1);
    expect(early.waiting()).toBe(0);
    expect(await received(owned[0]!, 6)).toBe("before");
    // Later connections go to the owner directly.
    await sent(early.port, "after");
    await expect.poll(() => owned.length).toBe(2);
    expect(await received(owned[1]!, 5)).toBe("after");
  });

  it("drops the connections nobody took when it closes", async () => {
    const early = await listener();
    const client = await sent(early.port, "x");
    const closed = new Promise((resolve) => client.once("close", resolve));
    await expect.poll(() => early.waiting()).toBe(1);
    early.close();
    expect(early.waiting()).toBe(0);
    await closed;
    expect(client.destroyed).toBe(true);
  });
});
