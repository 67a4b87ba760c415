/**
 * What the test of each kind's module asserts of the class it exports: the class of its own kind
 * (the descriptor's dynamic type token, the kind's name), recognising that kind's resources only.
 */
import { expect, it } from "vitest";
import { KINDS, RESOURCE_KINDS } from "../../../provider/model/kinds";
import type { ResourceKind } from "../../../provider/model/plain-types";

interface KindClass {
  readonly __pulumiType: string;
  readonly name: string;
  isInstance(obj: unknown): boolean;
}

/** True where A and B are the same type (not merely assignable one to the other). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/**
 * `cls` is accepted only where its static `__pulumiType` is exactly the kind's dynamic token, so
 * the typecheck holds the class's declared type as the tests below hold its value.
 */
export function itIsTheClassOf<K extends ResourceKind, C extends KindClass>(
  kind: K,
  cls: C &
    (Same<C["__pulumiType"], `pulumi-nodejs:dynamic/strategy-alerts:${K}`> extends true ? unknown : never),
): void {
  it(`carries the ${kind} kind's dynamic type token and its name`, () => {
    expect(cls.__pulumiType).toBe(KINDS[kind].dynamicToken);
    expect(cls.name).toBe(kind);
  });

  it("isInstance recognises its token only, across copies of the package", () => {
    expect(cls.isInstance({ __pulumiType: KINDS[kind].dynamicToken })).toBe(true);
    const others = RESOURCE_KINDS.filter((k) => k !== kind);
    expect(others.length).toBeGreaterThan(0);
    for (const other of others)
      expect(cls.isInstance({ __pulumiType: KINDS[other].dynamicToken })).toBe(false);
    expect(cls.isInstance(undefined)).toBe(false);
    expect(cls.isInstance(null)).toBe(false);
    expect(cls.isInstance(kind)).toBe(false);
  });
}
