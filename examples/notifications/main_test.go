package main

import (
	"bytes"
	"context"
	"testing"

	clustersearch "github.com/clustersearch/clustersearch-go"
)

func TestNotificationsExample(t *testing.T) {
	t.Setenv(clustersearch.EnvURL, "")
	var out bytes.Buffer
	if err := run(context.Background(), &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	want := `created channel example-webhook
delivered through Example hook (webhook): 200
the hook got: "Test message content body for config id example-webhook"
channel example-webhook: Example hook, webhook
`
	if out.String() != want {
		t.Fatalf("output:\n%s\nwant:\n%s", out.String(), want)
	}
}
