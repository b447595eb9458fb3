// Quickstart: openSession, addEpisodes → search (route and score breakdown) → listFacts → getContext.
// Run against a local `graphmem serve`: npm run build && npm run quickstart
// (GRAPHMEM_ADDRESS, GRAPHMEM_API_KEY and GRAPHMEM_QUICKSTART_USER override the defaults).
import { Fact, GetContextResponse, GraphmemClient, Layer, SearchResponse } from "../src";

const env = process.env;

async function main(): Promise<void> {
  const client = new GraphmemClient(env.GRAPHMEM_ADDRESS ?? "127.0.0.1:50051", { apiKey: env.GRAPHMEM_API_KEY });
  const scope = { userId: env.GRAPHMEM_QUICKSTART_USER ?? "alice", sessionId: "s1" };
  try {
    await client.openSession(scope, ["Answer in one sentence"]);
    await client.addEpisodes(scope, [
      { key: "m1", text: "Remember: I prefer short replies", speaker: "user" },
      { key: "m2", text: "我不吃香菜", speaker: "user" },
    ]);
    printSearch(await client.search({ scope, query: "她不吃什么？", topK: 3 })); // route, hits, breakdowns
    printFacts(await client.listFacts(scope));
    printContext(await client.getContext({ scope, query: "how should I reply?", tokenBudget: 500 }));
  } finally {
    client.close();
  }
}

function printSearch(found: SearchResponse): void {
  console.log(`route: ${found.route?.layers.map((l) => Layer[l]).join(",")} (${found.route?.reason})`);
  for (const hit of found.hits) {
    const b = hit.breakdown;
    console.log(
      `hit: ${hit.score.toFixed(3)} ${Layer[hit.layer]} ${JSON.stringify(hit.text)} similarity=${b?.similarity.toFixed(2)} ` +
        `lexical=${b?.lexical.toFixed(2)} recency=${b?.recency.toFixed(2)} importance=${b?.importance.toFixed(2)}`,
    );
  }
}

function printFacts(facts: Fact[]): void {
  console.log(`facts: ${facts.length}`);
  for (const f of facts) console.log(`fact: ${f.key} = ${f.value}`);
}

function printContext(context: GetContextResponse): void {
  console.log(`context: ${context.items.length} items, ${context.tokens}/${context.budget} tokens`);
  for (const item of context.items) console.log(`  [${item.section}] ${item.text}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
