// Quickstart: OpenSession, AddEpisodes → Search (route and score breakdown) → ListFacts → GetContext.
// Run against a local `graphmem serve`: go run ./examples/quickstart
// (GRAPHMEM_ADDRESS, GRAPHMEM_API_KEY and GRAPHMEM_QUICKSTART_USER override the defaults).
package main

import (
	"context"
	"fmt"
	"log"
	"os"

	v1 "github.com/graphmem/graphmem/clients/go/gen/graphmem/v1"
	"github.com/graphmem/graphmem/clients/go/graphmem"
)

func main() {
	ctx := context.Background()
	address, apiKey := envOr("GRAPHMEM_ADDRESS", "127.0.0.1:50051"), envOr("GRAPHMEM_API_KEY", graphmem.DevAPIKey)
	user := envOr("GRAPHMEM_QUICKSTART_USER", "alice")

	client, err := graphmem.New(address, graphmem.WithAPIKey(apiKey)) // WithTransportCredentials for TLS
	check(err)
	defer client.Close()
	scope := graphmem.Session(user, "s1")
	_, err = client.OpenSession(ctx, scope, "Answer in one sentence")
	check(err)
	_, err = client.AddEpisodes(ctx, scope, &v1.EpisodeInput{Key: "m1", Text: "Remember: I prefer short replies", Speaker: "user"},
		&v1.EpisodeInput{Key: "m2", Text: "我不吃香菜", Speaker: "user"})
	check(err)
	found, err := client.Search(ctx, &v1.SearchRequest{Scope: scope, Query: "她不吃什么？", TopK: 3})
	printSearch(found, err) // the route taken and why; each hit with its score breakdown
	facts, err := client.ListFacts(ctx, scope)
	printFacts(facts, err)
	prompt, err := client.GetContext(ctx, &v1.GetContextRequest{Scope: scope, Query: "how should I reply?", TokenBudget: 500})
	printContext(prompt, err)
}

func printSearch(found *v1.SearchResponse, err error) {
	check(err)
	fmt.Printf("route: %v (%s)\n", found.GetRoute().GetLayers(), found.GetRoute().GetReason())
	for _, hit := range found.GetHits() {
		b := hit.GetBreakdown()
		fmt.Printf("hit: %.3f %s %q similarity=%.2f lexical=%.2f recency=%.2f importance=%.2f\n",
			hit.GetScore(), hit.GetLayer(), hit.GetText(), b.GetSimilarity(), b.GetLexical(), b.GetRecency(), b.GetImportance())
	}
}

func printFacts(facts []*v1.Fact, err error) {
	check(err)
	fmt.Printf("facts: %d\n", len(facts))
	for _, f := range facts {
		fmt.Printf("fact: %s = %s (%s)\n", f.GetKey(), f.GetValue(), f.GetStatus())
	}
}

func printContext(prompt *v1.GetContextResponse, err error) {
	check(err)
	fmt.Printf("context: %d items, %d/%d tokens\n", len(prompt.GetItems()), prompt.GetTokens(), prompt.GetBudget())
	for _, item := range prompt.GetItems() {
		fmt.Printf("  [%s] %s\n", item.GetSection(), item.GetText())
	}
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
