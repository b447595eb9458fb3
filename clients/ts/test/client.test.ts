// GraphmemClient against a running graphmem service named by GRAPHMEM_ADDRESS (the as-launched test stage
// sets it). Unset is a failure, never a skip.
import assert from "node:assert/strict";
import { test } from "node:test";
import { status } from "@grpc/grpc-js";
import { AppendMessagesRequest, GraphmemClient, GraphmemError } from "../src";

function connect(apiKey?: string, timeoutMs?: number): GraphmemClient {
  const address = process.env.GRAPHMEM_ADDRESS;
  assert.ok(address, "GRAPHMEM_ADDRESS is not set: start `graphmem serve` and set it to host:port");
  return new GraphmemClient(address, { apiKey, timeoutMs });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("addEpisodes, search, listFacts and getContext round-trip", async () => {
  const client = connect();
  const scope = { userId: `ts-${Date.now()}`, sessionId: "s1" };
  try {
    await client.openSession(scope, ["Answer in one sentence"]);
    const added = await client.addEpisodes(scope, [
      { key: "m1", text: "Remember: I prefer short replies", sessionId: "s1", speaker: "user" },
      { key: "m2", text: "I never drink coffee after noon", sessionId: "s1", speaker: "user" },
    ]);
    assert.equal(added.results.length, 2);
    assert.ok(added.results.every((r) => r.created && r.id));
    const found = await client.search({ scope, query: "coffee after noon", topK: 3 });
    assert.equal(found.hits[0]?.text, "I never drink coffee after noon");
    assert.ok(found.route?.reason, "the route says why");
    assert.ok(Object.keys(found.hits[0]?.breakdown?.weights ?? {}).length > 0, "the breakdown names its weights");
    let facts = await client.listFacts(scope);
    for (const deadline = Date.now() + 60_000; facts.length === 0 && Date.now() < deadline; await sleep(200)) {
      facts = await client.listFacts(scope);
    }
    assert.equal(facts[0]?.evidence, "Remember: I prefer short replies");
    const context = await client.getContext({ scope, query: "how should I reply?", tokenBudget: 300 });
    assert.equal(context.items[0]?.text, "Answer in one sentence");
    assert.ok(context.tokens <= 300);
    assert.equal(context.budget, 300);
  } finally {
    client.close();
  }
});

test("INVALID_ARGUMENT is decoded with its field violations", async () => {
  const client = connect();
  try {
    const error = await client.search({ scope: {}, query: "anything" }).then(
      () => assert.fail("an empty user_id was accepted"),
      (e: unknown) => e,
    );
    assert.ok(error instanceof GraphmemError, String(error));
    assert.equal(error.code, status.INVALID_ARGUMENT);
    assert.ok(error.reason, "ErrorInfo reason decoded");
    assert.equal(error.fieldViolations[0]?.field, "scope.user_id");
  } finally {
    client.close();
  }
});

test("an unknown API key is UNAUTHENTICATED", async () => {
  const client = connect("not-a-key");
  try {
    await assert.rejects(client.listFacts({ userId: "nobody" }), (e: unknown) => e instanceof GraphmemError && e.code === status.UNAUTHENTICATED);
  } finally {
    client.close();
  }
});

test("an unknown episode is NOT_FOUND through the full API", async () => {
  const client = connect();
  try {
    await assert.rejects(
      client.call(client.api.getEpisode, { scope: { userId: `ts-${Date.now()}`, projectId: "", sessionId: "", agentId: "" }, id: "no-such-episode" }),
      (e: unknown) => e instanceof GraphmemError && e.code === status.NOT_FOUND,
    );
  } finally {
    client.close();
  }
});

test("the deadline becomes DEADLINE_EXCEEDED", async () => {
  const client = connect(undefined, 1);
  try {
    await assert.rejects(client.listFacts({ userId: "nobody" }), (e: unknown) => e instanceof GraphmemError && e.code === status.DEADLINE_EXCEEDED);
  } finally {
    client.close();
  }
});

test("paginated lists are walked page by page", async () => {
  const client = connect();
  const scope = { userId: `ts-pages-${Date.now()}`, sessionId: "s1" };
  try {
    await client.openSession(scope);
    const messages = [0, 1, 2, 3, 4].map((i) => ({ role: "user", text: `turn ${i}` }));
    await client.call(client.api.appendMessages, AppendMessagesRequest.fromPartial({ scope, messages }));
    const texts: string[] = [];
    for await (const turn of client.dialogue({ scope, pageSize: 2 })) {
      texts.push(turn.text);
    }
    assert.deepEqual(texts, ["turn 0", "turn 1", "turn 2", "turn 3", "turn 4"]);
    // a failed page rejects the loop
    await assert.rejects(
      (async () => {
        for await (const _ of client.dialogue({ scope, pageSize: -1 })) {
          assert.fail("a negative page size yielded a turn");
        }
      })(),
      (e: unknown) => e instanceof GraphmemError && e.code === status.INVALID_ARGUMENT,
    );
    const user = { userId: scope.userId };
    await client.addEpisodes(user, [
      { key: "f1", text: "Remember: I prefer short replies", sessionId: "s1", speaker: "user" },
      { key: "f2", text: "Remember: I never drink coffee", sessionId: "s1", speaker: "user" },
    ]);
    let all = await client.listFacts(user);
    for (const deadline = Date.now() + 120_000; all.length < 2 && Date.now() < deadline; await sleep(200)) {
      all = await client.listFacts(user);
    }
    const paged: string[] = [];
    for await (const fact of client.facts({ scope: user, pageSize: 1 })) {
      paged.push(fact.id);
    }
    assert.ok(all.length >= 2, "two remembered facts");
    assert.deepEqual(paged, all.map((f) => f.id));
  } finally {
    client.close();
  }
});
