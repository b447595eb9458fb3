/** GraphmemClient: promise-based calls to graphmem.v1 with the API key, a default deadline and typed errors. */
import {
  CallOptions,
  ChannelCredentials,
  ChannelOptions,
  ClientUnaryCall,
  credentials,
  Metadata,
  ServiceError,
} from "@grpc/grpc-js";
import {
  AddEpisodesRequest,
  AddEpisodesResponse,
  DeepPartial,
  EpisodeInput,
  Fact,
  GetContextRequest,
  GetContextResponse,
  GetFactHistoryRequest,
  GetSessionRequest,
  ListCandidatesRequest,
  ListFactsRequest,
  MemoryServiceClient,
  OpenSessionRequest,
  Scope,
  SearchRequest,
  SearchResponse,
  Session,
  Turn,
} from "./gen/graphmem/v1/memory_service";
import { GraphmemError } from "./errors";

/** The development key a local `graphmem serve` accepts unless GRAPHMEM_API_KEYS is set. */
export const DEV_API_KEY = "graphmem-dev-key";

export interface ClientOptions {
  /** Sent as `authorization: Bearer <key>`; the key decides the tenant. Default: DEV_API_KEY. */
  apiKey?: string;
  /** Deadline of each call in milliseconds (default 30,000). */
  timeoutMs?: number;
  /** TLS credentials; default plaintext (loopback / private network). */
  credentials?: ChannelCredentials;
  channelOptions?: ChannelOptions;
}

type Unary<Req, Res> = (
  request: Req,
  metadata: Metadata,
  options: Partial<CallOptions>,
  callback: (error: ServiceError | null, response: Res) => void,
) => ClientUnaryCall;

/** One connection to a graphmem service. Close it when done. */
export class GraphmemClient {
  /** The generated client for every RPC (callback style); `call` gives any of them as a promise. */
  readonly api: MemoryServiceClient;
  private readonly apiKey: string;
  private readonly timeoutMs: number;

  constructor(address: string, options: ClientOptions = {}) {
    this.apiKey = options.apiKey ?? DEV_API_KEY;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.api = new MemoryServiceClient(address, options.credentials ?? credentials.createInsecure(), options.channelOptions);
  }

  /** Calls any RPC of the service, for example `client.call(client.api.getEpisode, {scope, id})`. */
  call<Req, Res>(method: Unary<Req, Res>, request: Req, timeoutMs: number = this.timeoutMs): Promise<Res> {
    const metadata = new Metadata();
    metadata.set("authorization", `Bearer ${this.apiKey}`);
    return new Promise((resolve, reject) => {
      method.call(this.api, request, metadata, { deadline: Date.now() + timeoutMs }, (error, response) => {
        if (error) {
          reject(new GraphmemError(error));
        } else {
          resolve(response);
        }
      });
    });
  }

  /** Opens scope's session (`scope.sessionId` is required), pinning instructions; getContext needs one. */
  async openSession(scope: DeepPartial<Scope>, instructions: string[] = []): Promise<Session | undefined> {
    return (await this.call(this.api.openSession, OpenSessionRequest.fromPartial({ scope, instructions }))).session;
  }

  /** Writes a batch of episodes for scope; resolves once they are committed. */
  addEpisodes(scope: DeepPartial<Scope>, episodes: DeepPartial<EpisodeInput>[]): Promise<AddEpisodesResponse> {
    return this.call(this.api.addEpisodes, AddEpisodesRequest.fromPartial({ scope, episodes }));
  }

  /** Recalls memories; the response says which route was taken and each hit's score breakdown. */
  search(request: DeepPartial<SearchRequest>): Promise<SearchResponse> {
    return this.call(this.api.search, SearchRequest.fromPartial(request));
  }

  /** The scope's current facts and preferences: every page of ListFacts. */
  async listFacts(scope: DeepPartial<Scope>): Promise<Fact[]> {
    const facts: Fact[] = [];
    for await (const fact of this.facts({ scope })) {
      facts.push(fact);
    }
    return facts;
  }

  /** Every item of a paginated listing, fetching the page a token names as the loop needs it. */
  private async *pages<T>(fetch: (pageToken: string) => Promise<[T[], string]>): AsyncGenerator<T> {
    let token = "";
    do {
      const [items, next] = await fetch(token);
      yield* items;
      token = next;
    } while (token);
  }

  /** Every fact ListFacts lists for `request`, page by page (`pageSize` sets the page size). */
  facts(request: DeepPartial<ListFactsRequest>): AsyncGenerator<Fact> {
    return this.pages(async (pageToken) => {
      const res = await this.call(this.api.listFacts, ListFactsRequest.fromPartial({ ...request, pageToken }));
      return [res.facts, res.nextPageToken];
    });
  }

  /** Every candidate fact ListCandidates lists for `request`, page by page. */
  candidates(request: DeepPartial<ListCandidatesRequest>): AsyncGenerator<Fact> {
    return this.pages(async (pageToken) => {
      const res = await this.call(this.api.listCandidates, ListCandidatesRequest.fromPartial({ ...request, pageToken }));
      return [res.candidates, res.nextPageToken];
    });
  }

  /** Every version of `request.key`, oldest first (GetFactHistory, page by page). */
  factHistory(request: DeepPartial<GetFactHistoryRequest>): AsyncGenerator<Fact> {
    return this.pages(async (pageToken) => {
      const res = await this.call(this.api.getFactHistory, GetFactHistoryRequest.fromPartial({ ...request, pageToken }));
      return [res.versions, res.nextPageToken];
    });
  }

  /** Every turn of a session's dialogue, oldest first (GetSession, page by page; the other zones come whole
   * with every page: read them with `call(api.getSession, ...)`). */
  dialogue(request: DeepPartial<GetSessionRequest>): AsyncGenerator<Turn> {
    return this.pages(async (pageToken) => {
      const res = await this.call(this.api.getSession, GetSessionRequest.fromPartial({ ...request, pageToken }));
      return [res.session?.dialogue ?? [], res.nextPageToken];
    });
  }

  /** A prompt context for a session (`scope.sessionId` is required) within `tokenBudget` tokens. */
  getContext(request: DeepPartial<GetContextRequest>): Promise<GetContextResponse> {
    return this.call(this.api.getContext, GetContextRequest.fromPartial(request));
  }

  close(): void {
    this.api.close();
  }
}
