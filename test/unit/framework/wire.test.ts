// A request value the server decoded for its secrets is handed to the RPC handler instead of decoded again, once:
// a later decode of the same DynamicValue gets a fresh value, so no reader sees what another one changed.
import { encodeMsgpack, parseCtyType } from "../../../lib/provider/cty";
import { decodeDynamic, decodeDynamicAhead } from "../../../lib/provider/framework/server/wire";

const type = parseCtyType(JSON.stringify(["object", { name: "string", tags: ["map", "string"] }]));
const dv = () => ({ msgpack: encodeMsgpack({ name: "a", tags: { k: "v" } }, type) });

test("the handler takes the value decoded ahead, once", () => {
  const wire = dv();
  const ahead = decodeDynamicAhead(wire, type);
  expect(decodeDynamic(wire, type)).toBe(ahead);
  const again = decodeDynamic(wire, type);
  expect(again).not.toBe(ahead);
  expect(again).toEqual({ name: "a", tags: { k: "v" } });
});

test("a decode with another type decodes anew", () => {
  const wire = dv();
  const ahead = decodeDynamicAhead(wire, type);
  const other = parseCtyType(JSON.stringify(["object", { name: "string", tags: ["map", "string"] }]));
  const decoded = decodeDynamic(wire, other);
  expect(decoded).not.toBe(ahead);
  expect(decoded).toEqual(ahead);
});
