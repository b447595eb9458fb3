package io.github.graphmem.client;

import graphmem.v1.MemoryServiceGrpc;
import graphmem.v1.MemoryServiceOuterClass.AddEpisodesRequest;
import graphmem.v1.MemoryServiceOuterClass.AddEpisodesResponse;
import graphmem.v1.MemoryServiceOuterClass.EpisodeInput;
import graphmem.v1.MemoryServiceOuterClass.Fact;
import graphmem.v1.MemoryServiceOuterClass.GetContextRequest;
import graphmem.v1.MemoryServiceOuterClass.GetContextResponse;
import graphmem.v1.MemoryServiceOuterClass.GetFactHistoryRequest;
import graphmem.v1.MemoryServiceOuterClass.GetFactHistoryResponse;
import graphmem.v1.MemoryServiceOuterClass.GetSessionRequest;
import graphmem.v1.MemoryServiceOuterClass.GetSessionResponse;
import graphmem.v1.MemoryServiceOuterClass.ListCandidatesRequest;
import graphmem.v1.MemoryServiceOuterClass.ListCandidatesResponse;
import graphmem.v1.MemoryServiceOuterClass.ListFactsRequest;
import graphmem.v1.MemoryServiceOuterClass.ListFactsResponse;
import graphmem.v1.MemoryServiceOuterClass.OpenSessionRequest;
import graphmem.v1.MemoryServiceOuterClass.Scope;
import graphmem.v1.MemoryServiceOuterClass.SearchRequest;
import graphmem.v1.MemoryServiceOuterClass.SearchResponse;
import graphmem.v1.MemoryServiceOuterClass.Session;
import graphmem.v1.MemoryServiceOuterClass.Turn;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ClientInterceptors;
import io.grpc.ForwardingClientCall;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.StatusRuntimeException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A blocking client for graphmem.v1. Every call carries the API key as {@code authorization: Bearer <key>},
 * has a deadline ({@link Builder#timeout}), and fails with {@link GraphmemException} decoded from the
 * {@code google.rpc.Status} details. {@link #api()} reaches every RPC. Close it when done.
 */
public final class GraphmemClient implements AutoCloseable {
  /** The development key a local {@code graphmem serve} accepts unless GRAPHMEM_API_KEYS is set. */
  public static final String DEV_API_KEY = "graphmem-dev-key";

  private final ManagedChannel channel;
  private final MemoryServiceGrpc.MemoryServiceBlockingStub stub;
  private final Duration timeout;

  private GraphmemClient(ManagedChannel channel, String apiKey, Duration timeout) {
    this.channel = channel;
    this.timeout = timeout;
    Channel withKey = ClientInterceptors.intercept(channel, bearer(apiKey));
    this.stub = MemoryServiceGrpc.newBlockingStub(withKey);
  }

  /** A builder for a plaintext connection to {@code host:port} (use {@link Builder#channel} for TLS). */
  public static Builder builder(String address) {
    return new Builder(address);
  }

  /** Options for {@link GraphmemClient}. */
  public static final class Builder {
    private final String address;
    private String apiKey = DEV_API_KEY;
    private Duration timeout = Duration.ofSeconds(30);
    private ManagedChannel channel;

    private Builder(String address) {
      this.address = address;
    }

    /** The API key; it decides the tenant. Default {@link #DEV_API_KEY}. */
    public Builder apiKey(String apiKey) {
      this.apiKey = apiKey;
      return this;
    }

    /** The deadline of each call. Default 30 s. */
    public Builder timeout(Duration timeout) {
      this.timeout = timeout;
      return this;
    }

    /** A channel built by the caller (TLS, interceptors, ...); the client closes it. */
    public Builder channel(ManagedChannel channel) {
      this.channel = channel;
      return this;
    }

    public GraphmemClient build() {
      if (apiKey == null || apiKey.isEmpty()) {
        throw new IllegalArgumentException("an API key is required");
      }
      ManagedChannel ch =
          channel != null ? channel : ManagedChannelBuilder.forTarget(address).usePlaintext().build();
      return new GraphmemClient(ch, apiKey, timeout);
    }
  }

  /** A user's long-term memory scope, outside any session. */
  public static Scope user(String userId) {
    return Scope.newBuilder().setUserId(userId).build();
  }

  /** A user's conversation session (getContext and the working layer need one). */
  public static Scope session(String userId, String sessionId) {
    return Scope.newBuilder().setUserId(userId).setSessionId(sessionId).build();
  }

  /** The generated blocking stub, with this client's key and deadline; its errors are raw gRPC errors. */
  public MemoryServiceGrpc.MemoryServiceBlockingStub api() {
    return stub.withDeadlineAfter(timeout.toNanos(), TimeUnit.NANOSECONDS);
  }

  /** Runs any call of {@link #api()} and decodes its failure, e.g. {@code call(() -> api().getEpisode(r))}. */
  public <T> T call(Supplier<T> rpc) {
    try {
      return rpc.get();
    } catch (StatusRuntimeException e) {
      throw GraphmemException.from(e);
    }
  }

  /**
   * Opens the scope's session ({@code scope.session_id} is required), pinning instructions for all of it;
   * opening an open session changes nothing. getContext needs an open session.
   */
  public Session openSession(Scope scope, List<String> instructions) {
    OpenSessionRequest request =
        OpenSessionRequest.newBuilder().setScope(scope).addAllInstructions(instructions).build();
    return call(() -> api().openSession(request)).getSession();
  }

  /** Writes a batch of episodes for scope; returns once they are committed. */
  public AddEpisodesResponse addEpisodes(Scope scope, List<EpisodeInput> episodes) {
    AddEpisodesRequest request =
        AddEpisodesRequest.newBuilder().setScope(scope).addAllEpisodes(episodes).build();
    return call(() -> api().addEpisodes(request));
  }

  /** Recalls memories; the response says which route was taken and each hit's score breakdown. */
  public SearchResponse search(SearchRequest request) {
    return call(() -> api().search(request));
  }

  /** The scope's current facts and preferences: every page of ListFacts. */
  public List<Fact> listFacts(Scope scope) {
    List<Fact> facts = new ArrayList<>();
    facts(ListFactsRequest.newBuilder().setScope(scope).build()).forEach(facts::add);
    return facts;
  }

  /**
   * Every fact ListFacts lists for the request ({@code page_size} sets the page size; the page token is the
   * iterator's), fetched a page at a time as the loop advances. A failed page throws {@link GraphmemException}.
   */
  public Iterable<Fact> facts(ListFactsRequest request) {
    return pages(token -> {
      ListFactsResponse res = call(() -> api().listFacts(request.toBuilder().setPageToken(token).build()));
      return new Page<>(res.getFactsList(), res.getNextPageToken());
    });
  }

  /** Every candidate fact ListCandidates lists for the request, page by page. */
  public Iterable<Fact> candidates(ListCandidatesRequest request) {
    return pages(token -> {
      ListCandidatesResponse res =
          call(() -> api().listCandidates(request.toBuilder().setPageToken(token).build()));
      return new Page<>(res.getCandidatesList(), res.getNextPageToken());
    });
  }

  /** Every version of the request's key, oldest first (GetFactHistory, page by page). */
  public Iterable<Fact> factHistory(GetFactHistoryRequest request) {
    return pages(token -> {
      GetFactHistoryResponse res =
          call(() -> api().getFactHistory(request.toBuilder().setPageToken(token).build()));
      return new Page<>(res.getVersionsList(), res.getNextPageToken());
    });
  }

  /**
   * Every turn of a session's dialogue, oldest first (GetSession, page by page; the other zones of the session
   * come whole with every page: read them through {@link #api()}).
   */
  public Iterable<Turn> dialogue(GetSessionRequest request) {
    return pages(token -> {
      GetSessionResponse res = call(() -> api().getSession(request.toBuilder().setPageToken(token).build()));
      return new Page<>(res.getSession().getDialogueList(), res.getNextPageToken());
    });
  }

  private record Page<T>(List<T> items, String nextPageToken) {}

  /** The items of every page; {@code fetch} reads the page a token names (the first page: ""). */
  private static <T> Iterable<T> pages(Function<String, Page<T>> fetch) {
    return () -> new Iterator<T>() {
      private Page<T> page = fetch.apply("");
      private int next = 0;

      @Override
      public boolean hasNext() {
        while (next == page.items().size() && !page.nextPageToken().isEmpty()) {
          page = fetch.apply(page.nextPageToken());
          next = 0;
        }
        return next < page.items().size();
      }

      @Override
      public T next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        return page.items().get(next++);
      }
    };
  }

  /** A prompt context for the scope within the request's token budget. */
  public GetContextResponse getContext(GetContextRequest request) {
    return call(() -> api().getContext(request));
  }

  @Override
  public void close() {
    channel.shutdown();
    try {
      if (!channel.awaitTermination(5, TimeUnit.SECONDS)) {
        channel.shutdownNow();
      }
    } catch (InterruptedException e) {
      channel.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }

  private static final Metadata.Key<String> AUTHORIZATION =
      Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);

  /** Adds the bearer key to every call (a plain interceptor: CallCredentials would demand TLS here). */
  private static ClientInterceptor bearer(String apiKey) {
    return new ClientInterceptor() {
      @Override
      public <Q, R> ClientCall<Q, R> interceptCall(
          MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
        return new ForwardingClientCall.SimpleForwardingClientCall<>(next.newCall(method, options)) {
          @Override
          public void start(Listener<R> listener, Metadata headers) {
            headers.put(AUTHORIZATION, "Bearer " + apiKey);
            super.start(listener, headers);
          }
        };
      }
    };
  }
}
