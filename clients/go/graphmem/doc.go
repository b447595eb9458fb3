// Package graphmem is a small Go client for the graphmem.v1 memory service.
//
// It wraps the generated stubs (package graphmemv1 under gen/graphmem/v1) with what every caller needs:
// the API key sent as per-RPC bearer credentials, a default deadline for calls whose context has none,
// and errors decoded from google.rpc.Status into *Error (code, message, reason, field violations).
//
//	client, err := graphmem.New("127.0.0.1:50051", graphmem.WithAPIKey("graphmem-dev-key"))
//	if err != nil { ... }
//	defer client.Close()
//	res, err := client.Search(ctx, &graphmemv1.SearchRequest{Scope: graphmem.User("alice"), Query: "她不吃什么？"})
//
// Every RPC of the service is reachable through Client.API, with the same credentials, deadline and errors.
package graphmem
