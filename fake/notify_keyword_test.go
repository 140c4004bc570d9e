package fake_test

import (
	"context"
	"errors"
	"testing"

	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/notifications"
	"github.com/clustersearch/clustersearch-go/types"
)

// Keyword twins of text fields match whole values; the text field matches words.
func TestNotificationsKeywordFilters(t *testing.T) {
	srv := fake.New(t)
	ctx := context.Background()
	ns := srv.Client().Notifications
	for id, name := range map[string]string{"a": "Ops", "b": "Ops Slack"} {
		if _, err := ns.CreateConfig(ctx, id, notifications.NewConfig(name, &notifications.Slack{URL: "https://hooks.example/" + id})); err != nil {
			t.Fatal(err)
		}
	}
	ids := func(p *notifications.ListConfigsParams) []string {
		t.Helper()
		res, err := ns.ListConfigs(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, c := range res.ConfigList {
			out = append(out, c.ConfigID)
		}
		return out
	}
	if got := ids(&notifications.ListConfigsParams{NameKeyword: []string{"Ops"}}); len(got) != 1 || got[0] != "a" {
		t.Errorf("name.keyword=Ops: %v", got)
	}
	if got := ids(&notifications.ListConfigsParams{Name: "Ops"}); len(got) != 2 {
		t.Errorf("name=Ops: %v", got)
	}
	if got := ids(&notifications.ListConfigsParams{SlackURLKeyword: []string{"https://hooks.example/b", "https://hooks.example/x"}}); len(got) != 1 || got[0] != "b" {
		t.Errorf("slack.url.keyword: %v", got)
	}
	var e *types.Error
	if _, err := ns.ListConfigs(ctx, &notifications.ListConfigsParams{SortField: "config_id"}); !errors.As(err, &e) || e.StatusCode != 406 ||
		e.Reason != "Sort on config_id not acceptable" {
		t.Errorf("sort on config_id: %v", err)
	}
}
