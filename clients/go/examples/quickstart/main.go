// Quickstart: OpenSession, AddEpisodes → Search (route and score breakdown) → ListFacts → GetContext.
// Run: GRAPHMEM_ADDRESS=127.0.0.1:50051 go run ./examples/quickstart
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"time"

	v1 "github.com/graphmem/graphmem/clients/go/gen/graphmem/v1"
	"github.com/graphmem/graphmem/clients/go/graphmem"
)

func main() {
	address, user := envOr("GRAPHMEM_ADDRESS", "127.0.0.1:50051"), envOr("GRAPHMEM_QUICKSTART_USER", "alice")
	ctx := context.Background()
	client, err := graphmem.New(address, graphmem.WithAPIKey(envOr("GRAPHMEM_API_KEY", graphmem.DevAPIKey)), graphmem.WithTimeout(10*time.Second))
	check(err)
	defer client.Close()

	scope := graphmem.Session(user, "s1")
	_, err = client.OpenSession(ctx, scope, "Answer in one sentence")
	check(err)
	_, err = client.AddEpisodes(ctx, scope,
		&v1.EpisodeInput{Key: "m1", Text: "Remember: I prefer short replies", SessionId: "s1", Speaker: "user"},
		&v1.EpisodeInput{Key: "m2", Text: "我不吃香菜", SessionId: "s1", Speaker: "user"})
	check(err)
	found, err := client.Search(ctx, &v1.SearchRequest{Scope: scope, Query: "她不吃什么？", TopK: 3})
	check(err)
	fmt.Printf("route: %v (%s)\n", found.GetRoute().GetLayers(), found.GetRoute().GetReason())
	for _, hit := range found.GetHits() {
		b := hit.GetBreakdown()
		fmt.Printf("hit: %.3f %s %q similarity=%.2f lexical=%.2f recency=%.2f importance=%.2f\n",
			hit.GetScore(), hit.GetLayer(), hit.GetText(), b.GetSimilarity(), b.GetLexical(), b.GetRecency(), b.GetImportance())
	}
	facts, err := client.ListFacts(ctx, scope)
	check(err)
	fmt.Printf("facts: %d\n", len(facts))
	for _, f := range facts {
		fmt.Printf("fact: %s = %s (%s)\n", f.GetKey(), f.GetValue(), f.GetStatus())
	}
	prompt, err := client.GetContext(ctx, &v1.GetContextRequest{Scope: scope, Query: "how should I reply?", TokenBudget: 500})
	check(err)
	fmt.Printf("context: %d items, %d/%d tokens\n", len(prompt.GetItems()), prompt.GetTokens(), prompt.GetBudget())
}

func envOr(name, fallback string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return fallback
}

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
