package io.github.graphmem.examples;

import graphmem.v1.MemoryServiceOuterClass.ContextItem;
import graphmem.v1.MemoryServiceOuterClass.EpisodeInput;
import graphmem.v1.MemoryServiceOuterClass.Fact;
import graphmem.v1.MemoryServiceOuterClass.GetContextRequest;
import graphmem.v1.MemoryServiceOuterClass.GetContextResponse;
import graphmem.v1.MemoryServiceOuterClass.Scope;
import graphmem.v1.MemoryServiceOuterClass.ScoreBreakdown;
import graphmem.v1.MemoryServiceOuterClass.SearchHit;
import graphmem.v1.MemoryServiceOuterClass.SearchRequest;
import graphmem.v1.MemoryServiceOuterClass.SearchResponse;
import io.github.graphmem.client.GraphmemClient;
import java.util.List;

/**
 * Quickstart: openSession, addEpisodes, search (route and score breakdown), listFacts, getContext. Run against a
 * local {@code graphmem serve}: {@code mvn -q compile exec:java} (GRAPHMEM_ADDRESS, GRAPHMEM_API_KEY and
 * GRAPHMEM_QUICKSTART_USER override the defaults).
 */
public final class Quickstart {
  private Quickstart() {}

  public static void main(String[] args) {
    String address = env("GRAPHMEM_ADDRESS", "127.0.0.1:50051");
    String apiKey = env("GRAPHMEM_API_KEY", GraphmemClient.DEV_API_KEY);
    Scope scope = GraphmemClient.session(env("GRAPHMEM_QUICKSTART_USER", "alice"), "s1");
    try (GraphmemClient client = GraphmemClient.builder(address).apiKey(apiKey).build()) {
      client.openSession(scope, List.of("Answer in one sentence"));
      client.addEpisodes(scope, List.of(said("m1", "Remember: I prefer short replies"), said("m2", "我不吃香菜")));
      printSearch(client.search(SearchRequest.newBuilder().setScope(scope).setQuery("她不吃什么？").setTopK(3).build()));
      printFacts(client.listFacts(scope));
      printContext(client.getContext(
          GetContextRequest.newBuilder().setScope(scope).setQuery("how should I reply?").setTokenBudget(500).build()));
    }
  }

  private static EpisodeInput said(String key, String text) {
    return EpisodeInput.newBuilder().setKey(key).setText(text).setSpeaker("user").build();
  }

  /** The route taken and why; each hit with its score breakdown. */
  private static void printSearch(SearchResponse found) {
    System.out.printf("route: %s (%s)%n", found.getRoute().getLayersList(), found.getRoute().getReason());
    for (SearchHit hit : found.getHitsList()) {
      ScoreBreakdown b = hit.getBreakdown();
      System.out.printf(
          "hit: %.3f %s \"%s\" similarity=%.2f lexical=%.2f recency=%.2f importance=%.2f%n",
          hit.getScore(), hit.getLayer(), hit.getText(), b.getSimilarity(), b.getLexical(),
          b.getRecency(), b.getImportance());
    }
  }

  private static void printFacts(List<Fact> facts) {
    System.out.printf("facts: %d%n", facts.size());
    facts.forEach(f -> System.out.printf("fact: %s = %s%n", f.getKey(), f.getValue()));
  }

  private static void printContext(GetContextResponse context) {
    System.out.printf("context: %d items, %d/%d tokens%n",
        context.getItemsCount(), context.getTokens(), context.getBudget());
    for (ContextItem item : context.getItemsList()) {
      System.out.printf("  [%s] %s%n", item.getSection(), item.getText());
    }
  }

  private static String env(String name, String fallback) {
    String value = System.getenv(name);
    return value == null || value.isEmpty() ? fallback : value;
  }
}
