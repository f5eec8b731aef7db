// The client's types of what the server sends (src/wire.ts) are generated from the server's schema
// (src/wire.schema.json, written by `python -m biriba.server.wire`): they must be the generation of the
// schema as committed, so that TypeScript checks the client against the server (`npm run types`).
import { readFileSync } from "node:fs";
import { compile } from "json-schema-to-typescript";
import { expect, test } from "vitest";

test("src/wire.ts is generated from src/wire.schema.json", async () => {
  const schema = JSON.parse(readFileSync(new URL("../src/wire.schema.json", import.meta.url), "utf8"));
  const generated = await compile(schema, "Wire", { unreachableDefinitions: true });
  expect(readFileSync(new URL("../src/wire.ts", import.meta.url), "utf8")).toBe(generated);
});
