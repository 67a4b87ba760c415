import type { RunningEmulator } from "../../../emulator/server";
import type { ApiClient } from "../../../provider/api/client";
import { controlOk } from "../../support/emulator";
import { developerAddresses, strategyInput } from "./helpers";

/**
 * Every endpoint of the typed client once, in the order a user meets them, with enough data
 * (an event, a backtest) that every list has items to parse. What each call returned is kept,
 * so a test can assert on what a variant changed.
 */
export async function clientTour(em: RunningEmulator, client: ApiClient, userId: string) {
  const me = await client.account.me();
  const [address] = developerAddresses(1, "Tour");
  const added = await client.devs.add(address!, { alias: "tour dev" });
  const devTags = await client.devs.tags();
  const tagged = await client.devs.setTags(address!, [devTags.tags[0]!.id]);
  const updated = await client.devs.update(address!, { alias: "tour dev 2" });
  const devTagIds = await client.devs.getTags(address!);
  const devs = await client.devs.list();
  const handles = await client.microblog.handles();
  const microblogTags = await client.microblog.tags();

  const first = await client.strategies.create(strategyInput({ name: "Tour first" }));
  const second = await client.strategies.create(
    strategyInput({ name: "Tour second", triggers: ["new_token_created", "followed_dev_new_token_created"] }),
  );
  const single = await client.strategies.get(first.id);
  const patched = await client.strategies.update(first.id, {
    rules: [{ rule: "is_honeypot", dealbreaker: true }],
  });
  const activated = await client.strategies.activate(first.id);
  const list = await client.strategies.list();

  await controlOk(em, "POST", "/events", {
    eventType: "new_token_created",
    tokenAddress: "TourToken".padEnd(40, "t"),
    token: { name: "Tour", symbol: "TOUR", priceUsd: 1, marketCap: 50_000, liquidityUsd: 20_000 },
  });
  const evaluations = await client.evaluations.list();
  const notifications = await client.notifications.list();
  const notification = notifications.items[0]
    ? await client.notifications.get(notifications.items[0].id)
    : undefined;
  const performance = await client.notifications.performance({ strategyId: first.id, range: "daily" });

  const now = Date.now();
  const job = await client.backtests.create({
    strategyId: first.id,
    from: new Date(now - 3 * 86_400_000).toISOString(),
    to: new Date(now - 3_600_000).toISOString(),
    labelDefinition: { threshold: 2 },
    options: {},
  });
  await controlOk(em, "POST", "/jobs/run", {});
  const jobs = await client.backtests.list();
  const jobRead = await client.backtests.get(job.id);
  const results = await client.backtests.results(job.id);

  const webhook = await client.webhook.get();
  const deactivated = await client.strategies.deactivate(first.id);
  const deleted = await client.strategies.delete(second.id);
  void userId;
  return {
    me,
    added,
    devTags,
    tagged,
    updated,
    devTagIds,
    devs,
    handles,
    microblogTags,
    first,
    second,
    single,
    patched,
    activated,
    list,
    evaluations,
    notifications,
    notification,
    performance,
    job,
    jobs,
    jobRead,
    results,
    webhook,
    deactivated,
    deleted,
  };
}
