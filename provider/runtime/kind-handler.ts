import type * as pulumi from "@pulumi/pulumi";
import type { RuntimeContext } from "./context";
import type { PropertyBag } from "./inputs";

/**
 * One resource kind's operations. Both front doors call these: the dynamic shell with the
 * process's default context, the plugin with the context of the provider instance that serves
 * the resource. Results have the dynamic provider's shapes; the plugin translates them.
 */
export interface KindHandler {
  check(ctx: RuntimeContext, olds: PropertyBag, news: PropertyBag): Promise<pulumi.dynamic.CheckResult>;
  diff(
    ctx: RuntimeContext,
    id: string,
    olds: PropertyBag,
    news: PropertyBag,
  ): Promise<pulumi.dynamic.DiffResult>;
  create(ctx: RuntimeContext, inputs: PropertyBag): Promise<pulumi.dynamic.CreateResult>;
  read(ctx: RuntimeContext, id: string, props: PropertyBag): Promise<pulumi.dynamic.ReadResult>;
  update(
    ctx: RuntimeContext,
    id: string,
    olds: PropertyBag,
    news: PropertyBag,
  ): Promise<pulumi.dynamic.UpdateResult>;
  delete(ctx: RuntimeContext, id: string, props: PropertyBag): Promise<void>;
}
