package graphmem

import (
	"context"

	"google.golang.org/grpc/credentials"
)

// bearer sends `authorization: Bearer <key>` with every call; the key decides the tenant.
type bearer struct {
	key        string
	requireTLS bool
}

var _ credentials.PerRPCCredentials = bearer{}

func (b bearer) GetRequestMetadata(context.Context, ...string) (map[string]string, error) {
	return map[string]string{"authorization": "Bearer " + b.key}, nil
}

// RequireTransportSecurity is true unless the client was built for a plaintext (loopback) connection.
func (b bearer) RequireTransportSecurity() bool { return b.requireTLS }
