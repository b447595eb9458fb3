package graphmem

import (
	"context"
	"errors"
	"iter"
	"time"

	graphmemv1 "github.com/graphmem/graphmem/clients/go/gen/graphmem/v1"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/protobuf/proto"
)

// DevAPIKey is the development key a local `graphmem serve` accepts unless GRAPHMEM_API_KEYS is set.
const DevAPIKey = "graphmem-dev-key"

// DefaultTimeout bounds a call whose context has no deadline.
const DefaultTimeout = 30 * time.Second

type options struct {
	apiKey      string
	timeout     time.Duration
	creds       credentials.TransportCredentials
	dialOptions []grpc.DialOption
}

// Option configures New.
type Option func(*options)

// WithAPIKey sets the key sent as `authorization: Bearer <key>` (default DevAPIKey).
func WithAPIKey(key string) Option { return func(o *options) { o.apiKey = key } }

// WithTimeout sets the deadline applied to calls whose context has none (default DefaultTimeout; 0 = none).
func WithTimeout(d time.Duration) Option { return func(o *options) { o.timeout = d } }

// WithTransportCredentials uses TLS (or other) transport credentials instead of plaintext; the API key
// then requires them.
func WithTransportCredentials(creds credentials.TransportCredentials) Option {
	return func(o *options) { o.creds = creds }
}

// WithDialOptions adds grpc.DialOptions (interceptors, message size limits, ...).
func WithDialOptions(opts ...grpc.DialOption) Option {
	return func(o *options) { o.dialOptions = append(o.dialOptions, opts...) }
}

// Client talks to one graphmem service. It is safe for concurrent use; Close it when done.
type Client struct {
	conn *grpc.ClientConn
	// API is the generated client for every RPC, with the Client's credentials, deadline and *Error errors.
	API graphmemv1.MemoryServiceClient
}

// New connects (lazily) to address, for example "127.0.0.1:50051".
func New(address string, opts ...Option) (*Client, error) {
	o := options{apiKey: DevAPIKey, timeout: DefaultTimeout}
	for _, opt := range opts {
		opt(&o)
	}
	if o.apiKey == "" {
		return nil, errors.New("graphmem: an API key is required")
	}
	secure := o.creds != nil
	if !secure {
		o.creds = insecure.NewCredentials()
	}
	dial := append([]grpc.DialOption{
		grpc.WithTransportCredentials(o.creds),
		grpc.WithPerRPCCredentials(bearer{key: o.apiKey, requireTLS: secure}),
		grpc.WithChainUnaryInterceptor(unaryInterceptor(o.timeout)),
	}, o.dialOptions...)
	conn, err := grpc.NewClient(address, dial...)
	if err != nil {
		return nil, err
	}
	return &Client{conn: conn, API: graphmemv1.NewMemoryServiceClient(conn)}, nil
}

// Close releases the connection.
func (c *Client) Close() error { return c.conn.Close() }

func unaryInterceptor(timeout time.Duration) grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn,
		invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		if _, has := ctx.Deadline(); !has && timeout > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, timeout)
			defer cancel()
		}
		return decodeError(invoker(ctx, method, req, reply, cc, opts...))
	}
}

// User is the scope of one user's long-term memory, outside any session.
func User(userID string) *graphmemv1.Scope { return &graphmemv1.Scope{UserId: userID} }

// Session is the scope of one user's conversation session (GetContext and the working layer need one).
func Session(userID, sessionID string) *graphmemv1.Scope {
	return &graphmemv1.Scope{UserId: userID, SessionId: sessionID}
}

// OpenSession opens scope's session (scope.SessionId is required) and pins instructions for all of it;
// opening an open session changes nothing. GetContext needs an open session.
func (c *Client) OpenSession(ctx context.Context, scope *graphmemv1.Scope, instructions ...string) (*graphmemv1.Session, error) {
	res, err := c.API.OpenSession(ctx, &graphmemv1.OpenSessionRequest{Scope: scope, Instructions: instructions})
	return res.GetSession(), err
}

// AddEpisodes writes a batch of episodes for scope; it returns once they are committed.
func (c *Client) AddEpisodes(ctx context.Context, scope *graphmemv1.Scope, episodes ...*graphmemv1.EpisodeInput) (*graphmemv1.AddEpisodesResponse, error) {
	return c.API.AddEpisodes(ctx, &graphmemv1.AddEpisodesRequest{Scope: scope, Episodes: episodes})
}

// Search recalls memories; the response says which route was taken and each hit's score breakdown.
func (c *Client) Search(ctx context.Context, req *graphmemv1.SearchRequest) (*graphmemv1.SearchResponse, error) {
	return c.API.Search(ctx, req)
}

// ListFacts lists the scope's current facts and preferences: every page of ListFacts.
func (c *Client) ListFacts(ctx context.Context, scope *graphmemv1.Scope) ([]*graphmemv1.Fact, error) {
	var facts []*graphmemv1.Fact
	for fact, err := range c.Facts(ctx, &graphmemv1.ListFactsRequest{Scope: scope}) {
		if err != nil {
			return facts, err
		}
		facts = append(facts, fact)
	}
	return facts, nil
}

// pages yields every item of a paginated listing: fetch reads the page a token names and returns its items
// and the next token (empty on the last page). An error is yielded once, and ends the iteration.
func pages[T any](fetch func(token string) ([]T, string, error)) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		token := ""
		for {
			items, next, err := fetch(token)
			if err != nil {
				var zero T
				yield(zero, err)
				return
			}
			for _, item := range items {
				if !yield(item, nil) {
					return
				}
			}
			if next == "" {
				return
			}
			token = next
		}
	}
}

// Facts iterates over every fact ListFacts lists for req (req.PageSize sets the page size; req.PageToken is
// managed by the iterator), fetching pages as the loop needs them.
func (c *Client) Facts(ctx context.Context, req *graphmemv1.ListFactsRequest) iter.Seq2[*graphmemv1.Fact, error] {
	return pages(func(token string) ([]*graphmemv1.Fact, string, error) {
		page := proto.CloneOf(req)
		page.PageToken = token
		res, err := c.API.ListFacts(ctx, page)
		return res.GetFacts(), res.GetNextPageToken(), err
	})
}

// Candidates iterates over every candidate fact ListCandidates lists for req, page by page.
func (c *Client) Candidates(ctx context.Context, req *graphmemv1.ListCandidatesRequest) iter.Seq2[*graphmemv1.Fact, error] {
	return pages(func(token string) ([]*graphmemv1.Fact, string, error) {
		page := proto.CloneOf(req)
		page.PageToken = token
		res, err := c.API.ListCandidates(ctx, page)
		return res.GetCandidates(), res.GetNextPageToken(), err
	})
}

// FactHistory iterates over every version of req.Key, oldest first (GetFactHistory, page by page).
func (c *Client) FactHistory(ctx context.Context, req *graphmemv1.GetFactHistoryRequest) iter.Seq2[*graphmemv1.Fact, error] {
	return pages(func(token string) ([]*graphmemv1.Fact, string, error) {
		page := proto.CloneOf(req)
		page.PageToken = token
		res, err := c.API.GetFactHistory(ctx, page)
		return res.GetVersions(), res.GetNextPageToken(), err
	})
}

// Dialogue iterates over every turn of a session's dialogue, oldest first (GetSession, page by page; the
// other zones of the session come whole with every page: read them with c.API.GetSession).
func (c *Client) Dialogue(ctx context.Context, req *graphmemv1.GetSessionRequest) iter.Seq2[*graphmemv1.Turn, error] {
	return pages(func(token string) ([]*graphmemv1.Turn, string, error) {
		page := proto.CloneOf(req)
		page.PageToken = token
		res, err := c.API.GetSession(ctx, page)
		return res.GetSession().GetDialogue(), res.GetNextPageToken(), err
	})
}

// GetContext assembles a prompt context for a session (req.Scope.SessionId is required) within
// req.TokenBudget tokens.
func (c *Client) GetContext(ctx context.Context, req *graphmemv1.GetContextRequest) (*graphmemv1.GetContextResponse, error) {
	return c.API.GetContext(ctx, req)
}
