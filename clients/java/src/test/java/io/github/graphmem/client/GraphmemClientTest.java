package io.github.graphmem.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import graphmem.v1.MemoryServiceOuterClass.AddEpisodesResponse;
import graphmem.v1.MemoryServiceOuterClass.EpisodeInput;
import graphmem.v1.MemoryServiceOuterClass.Fact;
import graphmem.v1.MemoryServiceOuterClass.GetContextRequest;
import graphmem.v1.MemoryServiceOuterClass.GetContextResponse;
import graphmem.v1.MemoryServiceOuterClass.AppendMessagesRequest;
import graphmem.v1.MemoryServiceOuterClass.GetEpisodeRequest;
import graphmem.v1.MemoryServiceOuterClass.GetSessionRequest;
import graphmem.v1.MemoryServiceOuterClass.ListFactsRequest;
import graphmem.v1.MemoryServiceOuterClass.Message;
import graphmem.v1.MemoryServiceOuterClass.Turn;
import graphmem.v1.MemoryServiceOuterClass.Scope;
import graphmem.v1.MemoryServiceOuterClass.SearchRequest;
import graphmem.v1.MemoryServiceOuterClass.SearchResponse;
import io.grpc.Status;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * GraphmemClient against a running graphmem service named by GRAPHMEM_ADDRESS (the as-launched test stage
 * sets it). Unset is a failure, never a skip.
 */
class GraphmemClientTest {
  private static GraphmemClient.Builder client() {
    String address = System.getenv("GRAPHMEM_ADDRESS");
    if (address == null || address.isEmpty()) {
      fail("GRAPHMEM_ADDRESS is not set: start `graphmem serve` and set it to host:port");
    }
    return GraphmemClient.builder(address);
  }

  private static EpisodeInput said(String key, String text) {
    return EpisodeInput.newBuilder().setKey(key).setText(text).setSessionId("s1").setSpeaker("user").build();
  }

  @Test
  void addSearchListFactsAndGetContextRoundTrip() throws InterruptedException {
    Scope scope = GraphmemClient.session("java-" + System.nanoTime(), "s1");
    try (GraphmemClient client = client().build()) {
      client.openSession(scope, List.of("Answer in one sentence"));
      AddEpisodesResponse added = client.addEpisodes(scope, List.of(
          said("m1", "Remember: I prefer short replies"), said("m2", "I never drink coffee after noon")));
      assertEquals(2, added.getResultsCount());
      assertTrue(added.getResults(0).getCreated());
      SearchResponse found = client.search(
          SearchRequest.newBuilder().setScope(scope).setQuery("coffee after noon").setTopK(3).build());
      assertEquals("I never drink coffee after noon", found.getHits(0).getText());
      assertFalse(found.getRoute().getReason().isEmpty(), "the route says why");
      assertFalse(found.getHits(0).getBreakdown().getWeightsMap().isEmpty(), "the breakdown names its weights");
      List<Fact> facts = client.listFacts(scope);
      for (long deadline = System.nanoTime() + 60_000_000_000L; facts.isEmpty() && System.nanoTime() < deadline; ) {
        Thread.sleep(200);
        facts = client.listFacts(scope);
      }
      assertFalse(facts.isEmpty(), "no fact from the remembered preference within 60 s");
      assertEquals("Remember: I prefer short replies", facts.get(0).getEvidence());
      GetContextResponse context = client.getContext(GetContextRequest.newBuilder()
          .setScope(scope).setQuery("how should I reply?").setTokenBudget(300).build());
      assertEquals("Answer in one sentence", context.getItems(0).getText());
      assertTrue(context.getTokens() <= 300);
      assertEquals(300, context.getBudget());
    }
  }

  @Test
  void invalidArgumentIsDecodedWithFieldViolations() {
    try (GraphmemClient client = client().build()) {
      GraphmemException error = assertThrows(GraphmemException.class, () -> client.search(
          SearchRequest.newBuilder().setScope(Scope.getDefaultInstance()).setQuery("anything").build()));
      assertEquals(Status.Code.INVALID_ARGUMENT, error.code());
      assertFalse(error.reason().isEmpty(), "ErrorInfo reason decoded");
      assertEquals("scope.user_id", error.fieldViolations().get(0).field());
    }
  }

  @Test
  void unknownApiKeyIsUnauthenticated() {
    try (GraphmemClient client = client().apiKey("not-a-key").build()) {
      GraphmemException error =
          assertThrows(GraphmemException.class, () -> client.listFacts(GraphmemClient.user("nobody")));
      assertEquals(Status.Code.UNAUTHENTICATED, error.code());
    }
  }

  @Test
  void unknownEpisodeIsNotFoundThroughTheFullApi() {
    try (GraphmemClient client = client().build()) {
      GetEpisodeRequest request = GetEpisodeRequest.newBuilder()
          .setScope(GraphmemClient.user("java-" + System.nanoTime())).setId("no-such-episode").build();
      GraphmemException error =
          assertThrows(GraphmemException.class, () -> client.call(() -> client.api().getEpisode(request)));
      assertEquals(Status.Code.NOT_FOUND, error.code());
    }
  }

  @Test
  void theDeadlineBecomesDeadlineExceeded() {
    try (GraphmemClient client = client().timeout(Duration.ofNanos(1)).build()) {
      GraphmemException error =
          assertThrows(GraphmemException.class, () -> client.listFacts(GraphmemClient.user("nobody")));
      assertEquals(Status.Code.DEADLINE_EXCEEDED, error.code());
    }
  }

  @Test
  void pagedListsAreWalkedPageByPage() throws InterruptedException {
    Scope scope = GraphmemClient.session("java-pages-" + System.nanoTime(), "s1");
    try (GraphmemClient client = client().build()) {
      client.openSession(scope, List.of());
      AppendMessagesRequest.Builder append = AppendMessagesRequest.newBuilder().setScope(scope);
      for (int i = 0; i < 5; i++) {
        append.addMessages(Message.newBuilder().setRole("user").setText("turn " + i));
      }
      client.call(() -> client.api().appendMessages(append.build()));
      List<String> texts = new ArrayList<>();
      for (Turn turn : client.dialogue(GetSessionRequest.newBuilder().setScope(scope).setPageSize(2).build())) {
        texts.add(turn.getText());
      }
      assertEquals(List.of("turn 0", "turn 1", "turn 2", "turn 3", "turn 4"), texts);
      GraphmemException bad = assertThrows(GraphmemException.class,
          () -> client.dialogue(GetSessionRequest.newBuilder().setScope(scope).setPageSize(-1).build()).iterator());
      assertEquals(Status.Code.INVALID_ARGUMENT, bad.code());

      Scope user = GraphmemClient.user(scope.getUserId());
      client.addEpisodes(user, List.of(
          said("f1", "Remember: I prefer short replies"), said("f2", "Remember: I never drink coffee")));
      List<Fact> all = client.listFacts(user);
      for (long deadline = System.nanoTime() + 120_000_000_000L; all.size() < 2 && System.nanoTime() < deadline; ) {
        Thread.sleep(200);
        all = client.listFacts(user);
      }
      assertTrue(all.size() >= 2, "two remembered facts");
      List<String> paged = new ArrayList<>();
      for (Fact fact : client.facts(ListFactsRequest.newBuilder().setScope(user).setPageSize(1).build())) {
        paged.add(fact.getId());
      }
      assertEquals(all.stream().map(Fact::getId).toList(), paged);
    }
  }
}
