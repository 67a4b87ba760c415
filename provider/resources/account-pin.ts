import * as pulumi from "@pulumi/pulumi";
import { ACCOUNT_PIN_NAME, ACCOUNT_PIN_TOKEN } from "../model/account-pin";
import { accountPinInputs } from "./provider-shell";

/**
 * The stack's account pin (model/account-pin.ts) as a program registers it: a dynamic resource
 * of its own, parented to the stack, whose `accountId` output every resource of the program
 * takes as its `accountPin` input and depends on.
 */
export class AccountPin extends pulumi.CustomResource {
  declare readonly accountId: pulumi.Output<string>;

  constructor() {
    super(ACCOUNT_PIN_TOKEN, ACCOUNT_PIN_NAME, accountPinInputs());
  }
}

/** A program run's pin: keyed by its stack resource, so an Automation API process running several has one each. */
const pins = new WeakMap<object, AccountPin>();
/** The key under the SDK's mocks, which run a program without a stack resource. */
const NO_STACK = {};

/** The pin of the running program, registered the first time a resource of ours asks for it. */
export function accountPin(): AccountPin {
  const key = pulumi.runtime.getStackResource() ?? NO_STACK;
  let pin = pins.get(key);
  if (pin === undefined) {
    pin = new AccountPin();
    pins.set(key, pin);
  }
  return pin;
}
