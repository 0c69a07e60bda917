// tierUpAfterCalls: the loader's way back to V8's defaults is taken at the limit-th call, once.
import { tierUpAfterCalls } from "../../../lib/provider/plugin/tier-up";

test("restores V8's defaults at the limit-th call and only then", () => {
  const restoreDefaults = jest.fn();
  const called = tierUpAfterCalls({ restoreDefaults }, 3);
  called();
  called();
  expect(restoreDefaults).not.toHaveBeenCalled();
  called();
  expect(restoreDefaults).toHaveBeenCalledTimes(1);
  called();
  called();
  expect(restoreDefaults).toHaveBeenCalledTimes(1);
});

test("without the loader (the code not run from a bundle) there is nothing to restore", () => {
  expect(() => tierUpAfterCalls(undefined, 1)()).not.toThrow();
});
