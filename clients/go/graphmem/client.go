package graphmem

import (
	"context"
	"errors"
	"time"

	graphmemv1 "github.com/graphmem/graphmem/clients/go/gen/graphmem/v1"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
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

// ListFacts lists the scope's current facts and preferences.
func (c *Client) ListFacts(ctx context.Context, scope *graphmemv1.Scope) ([]*graphmemv1.Fact, error) {
	res, err := c.API.ListFacts(ctx, &graphmemv1.ListFactsRequest{Scope: scope})
	return res.GetFacts(), err
}

// GetContext assembles a prompt context for a session (req.Scope.SessionId is required) within
// req.TokenBudget tokens.
func (c *Client) GetContext(ctx context.Context, req *graphmemv1.GetContextRequest) (*graphmemv1.GetContextResponse, error) {
	return c.API.GetContext(ctx, req)
}
