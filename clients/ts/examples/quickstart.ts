// Quickstart: OpenSession, AddEpisodes → Search (route and score breakdown) → ListFacts → GetContext.
// Run: npm run build && GRAPHMEM_ADDRESS=127.0.0.1:50051 npm run quickstart
import { GraphmemClient, Layer } from "../src";

async function main(): Promise<void> {
  const client = new GraphmemClient(process.env.GRAPHMEM_ADDRESS ?? "127.0.0.1:50051", { apiKey: process.env.GRAPHMEM_API_KEY });
  const scope = { userId: process.env.GRAPHMEM_QUICKSTART_USER ?? "alice", sessionId: "s1" };
  try {
    await client.openSession(scope, ["Answer in one sentence"]);
    await client.addEpisodes(scope, [
      { key: "m1", text: "Remember: I prefer short replies", sessionId: "s1", speaker: "user" },
      { key: "m2", text: "我不吃香菜", sessionId: "s1", speaker: "user" },
    ]);
    const found = await client.search({ scope, query: "她不吃什么？", topK: 3 });
    console.log(`route: ${found.route?.layers.map((l) => Layer[l]).join(",")} (${found.route?.reason})`);
    for (const hit of found.hits) {
      const b = hit.breakdown;
      console.log(`hit: ${hit.score.toFixed(3)} ${Layer[hit.layer]} ${JSON.stringify(hit.text)} similarity=${b?.similarity.toFixed(2)} lexical=${b?.lexical.toFixed(2)} recency=${b?.recency.toFixed(2)} importance=${b?.importance.toFixed(2)}`);
    }
    const facts = await client.listFacts(scope);
    console.log(`facts: ${facts.length}`);
    for (const f of facts) console.log(`fact: ${f.key} = ${f.value}`);
    const context = await client.getContext({ scope, query: "how should I reply?", tokenBudget: 500 });
    console.log(`context: ${context.items.length} items, ${context.tokens}/${context.budget} tokens`);
  } finally {
    client.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
