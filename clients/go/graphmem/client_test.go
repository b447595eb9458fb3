package graphmem_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"testing"
	"time"

	v1 "github.com/graphmem/graphmem/clients/go/gen/graphmem/v1"
	"github.com/graphmem/graphmem/clients/go/graphmem"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// These tests talk to a running graphmem service; GRAPHMEM_ADDRESS names it (the as-launched test stage
// sets it). Unset is a failure, never a skip.
func connect(t *testing.T, opts ...graphmem.Option) *graphmem.Client {
	t.Helper()
	address := os.Getenv("GRAPHMEM_ADDRESS")
	if address == "" {
		t.Fatal("GRAPHMEM_ADDRESS is not set: start `graphmem serve` and set it to host:port")
	}
	client, err := graphmem.New(address, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = client.Close() })
	return client
}

func uniqueUser(t *testing.T) string {
	return fmt.Sprintf("go-%s-%d", t.Name(), time.Now().UnixNano())
}

func TestAddSearchListFactsGetContext(t *testing.T) {
	ctx := context.Background()
	client := connect(t)
	user := graphmem.Session(uniqueUser(t), "s1")
	if _, err := client.OpenSession(ctx, user, "Answer in one sentence"); err != nil {
		t.Fatal(err)
	}
	added, err := client.AddEpisodes(ctx, user,
		&v1.EpisodeInput{Key: "m1", Text: "Remember: I prefer short replies", SessionId: "s1", Speaker: "user"},
		&v1.EpisodeInput{Key: "m2", Text: "I never drink coffee after noon", SessionId: "s1", Speaker: "user"})
	if err != nil {
		t.Fatal(err)
	}
	if len(added.GetResults()) != 2 || !added.GetResults()[0].GetCreated() {
		t.Fatalf("AddEpisodes results: %v", added.GetResults())
	}
	found, err := client.Search(ctx, &v1.SearchRequest{Scope: user, Query: "coffee after noon", TopK: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(found.GetHits()) == 0 || found.GetHits()[0].GetText() != "I never drink coffee after noon" {
		t.Fatalf("Search hits: %v", found.GetHits())
	}
	if found.GetRoute().GetReason() == "" || found.GetHits()[0].GetBreakdown().GetWeights() == nil {
		t.Fatalf("Search lacks route or breakdown: %v", found)
	}
	var facts []*v1.Fact
	for deadline := time.Now().Add(60 * time.Second); len(facts) == 0 && time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		if facts, err = client.ListFacts(ctx, user); err != nil {
			t.Fatal(err)
		}
	}
	if len(facts) == 0 || facts[0].GetEvidence() != "Remember: I prefer short replies" {
		t.Fatalf("ListFacts: no fact from the remembered preference within 60 s: %v", facts)
	}
	prompt, err := client.GetContext(ctx, &v1.GetContextRequest{Scope: user, Query: "how should I reply?", TokenBudget: 300})
	if err != nil {
		t.Fatal(err)
	}
	if len(prompt.GetItems()) == 0 || prompt.GetItems()[0].GetText() != "Answer in one sentence" ||
		prompt.GetTokens() > 300 || prompt.GetBudget() != 300 {
		t.Fatalf("GetContext: %v", prompt)
	}
}

func TestInvalidArgumentIsDecodedWithFieldViolations(t *testing.T) {
	client := connect(t)
	_, err := client.Search(context.Background(), &v1.SearchRequest{Scope: &v1.Scope{}, Query: "anything"})
	var gmErr *graphmem.Error
	if !errors.As(err, &gmErr) {
		t.Fatalf("want *graphmem.Error, got %T %v", err, err)
	}
	if gmErr.Code != codes.InvalidArgument || gmErr.Reason == "" {
		t.Fatalf("want INVALID_ARGUMENT with a reason, got %v", gmErr)
	}
	if len(gmErr.FieldViolations) == 0 || gmErr.FieldViolations[0].Field != "scope.user_id" {
		t.Fatalf("want a violation on scope.user_id, got %v", gmErr.FieldViolations)
	}
	if status.Code(err) != codes.InvalidArgument || !errors.Is(err, &graphmem.Error{Code: codes.InvalidArgument}) {
		t.Fatalf("status.Code / errors.Is do not see the code: %v", err)
	}
}

func TestUnknownAPIKeyIsUnauthenticated(t *testing.T) {
	client := connect(t, graphmem.WithAPIKey("not-a-key"))
	_, err := client.ListFacts(context.Background(), graphmem.User("nobody"))
	if status.Code(err) != codes.Unauthenticated {
		t.Fatalf("want UNAUTHENTICATED, got %v", err)
	}
}

func TestUnknownEpisodeIsNotFoundThroughTheFullAPI(t *testing.T) {
	client := connect(t)
	_, err := client.API.GetEpisode(context.Background(), &v1.GetEpisodeRequest{Scope: graphmem.User(uniqueUser(t)), Id: "no-such-episode"})
	var gmErr *graphmem.Error
	if !errors.As(err, &gmErr) || gmErr.Code != codes.NotFound {
		t.Fatalf("want NOT_FOUND as *graphmem.Error, got %v", err)
	}
}

func TestDefaultTimeoutBecomesDeadlineExceeded(t *testing.T) {
	client := connect(t, graphmem.WithTimeout(time.Microsecond))
	_, err := client.ListFacts(context.Background(), graphmem.User("nobody"))
	if status.Code(err) != codes.DeadlineExceeded {
		t.Fatalf("want DEADLINE_EXCEEDED, got %v", err)
	}
}

func TestPagedListsAreWalkedPageByPage(t *testing.T) {
	ctx := context.Background()
	client := connect(t)
	scope := graphmem.Session(uniqueUser(t), "s1")
	if _, err := client.OpenSession(ctx, scope); err != nil {
		t.Fatal(err)
	}
	var messages []*v1.Message
	for i := range 5 {
		messages = append(messages, &v1.Message{Role: "user", Text: fmt.Sprintf("turn %d", i)})
	}
	if _, err := client.API.AppendMessages(ctx, &v1.AppendMessagesRequest{Scope: scope, Messages: messages}); err != nil {
		t.Fatal(err)
	}
	var texts []string
	for turn, err := range client.Dialogue(ctx, &v1.GetSessionRequest{Scope: scope, PageSize: 2}) {
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, turn.GetText())
	}
	if fmt.Sprint(texts) != "[turn 0 turn 1 turn 2 turn 3 turn 4]" {
		t.Fatalf("Dialogue over pages of 2: %v", texts)
	}
	// an error is yielded once and ends the loop
	calls := 0
	for _, err := range client.Dialogue(ctx, &v1.GetSessionRequest{Scope: scope, PageSize: -1}) {
		calls++
		if status.Code(err) != codes.InvalidArgument {
			t.Fatalf("negative page size: %v", err)
		}
	}
	if calls != 1 {
		t.Fatalf("the failed listing yielded %d times", calls)
	}

	user := graphmem.User(scope.GetUserId())
	if _, err := client.AddEpisodes(ctx, user,
		&v1.EpisodeInput{Key: "f1", Text: "Remember: I prefer short replies", SessionId: "s1", Speaker: "user"},
		&v1.EpisodeInput{Key: "f2", Text: "Remember: I never drink coffee", SessionId: "s1", Speaker: "user"}); err != nil {
		t.Fatal(err)
	}
	var all []*v1.Fact
	for deadline := time.Now().Add(120 * time.Second); len(all) < 2 && time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		var err error
		if all, err = client.ListFacts(ctx, user); err != nil {
			t.Fatal(err)
		}
	}
	var paged []string
	for fact, err := range client.Facts(ctx, &v1.ListFactsRequest{Scope: user, PageSize: 1}) {
		if err != nil {
			t.Fatal(err)
		}
		paged = append(paged, fact.GetId())
	}
	if len(all) < 2 || len(paged) != len(all) || paged[0] != all[0].GetId() || paged[len(paged)-1] != all[len(all)-1].GetId() {
		t.Fatalf("Facts over pages of 1: %v, ListFacts: %v", paged, all)
	}
}
