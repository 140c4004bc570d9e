// Command notifications creates a webhook channel, sends a test message
// through it to a small receiver started by the program, lists the channels
// and deletes the configuration. It runs against an embedded fake unless
// CLUSTERSEARCH_URL names a cluster (which must then be able to reach this
// machine for the delivery to succeed).
//
//	go run ./examples/notifications
package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"time"

	"github.com/clustersearch/clustersearch-go/examples/internal/exampleenv"
	"github.com/clustersearch/clustersearch-go/notifications"
	"github.com/clustersearch/clustersearch-go/types"
)

const configID = "example-webhook"

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := run(ctx, os.Stdout); err != nil {
		log.Fatal(err)
	}
}

func run(ctx context.Context, out io.Writer) error {
	env, err := exampleenv.Connect()
	if err != nil {
		return err
	}
	defer env.Close()
	c := env.Client

	// The receiving end: a web hook that hands each message to the program.
	received := make(chan string, 1)
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		received <- string(body)
	}))
	defer hook.Close()

	if _, err := c.Notifications.DeleteConfig(ctx, configID); err != nil && !types.IsNotFound(err) {
		return err
	}
	created, err := c.Notifications.CreateConfig(ctx, configID,
		notifications.NewConfig("Example hook", &notifications.Webhook{URL: hook.URL, HeaderParams: map[string]string{"Content-Type": "text/plain"}}))
	if err != nil {
		return err
	}
	defer c.Notifications.DeleteConfig(context.WithoutCancel(ctx), created.ConfigID) //nolint:errcheck // best-effort clean-up
	fmt.Fprintf(out, "created channel %s\n", created.ConfigID)

	sent, err := c.Notifications.SendTest(ctx, created.ConfigID)
	if statuses, failed := notifications.DeliveryFailure(err); failed {
		return fmt.Errorf("delivery failed: %+v", statuses)
	} else if err != nil {
		return err
	}
	for _, s := range sent.StatusList {
		fmt.Fprintf(out, "delivered through %s (%s): %s\n", s.ConfigName, s.ConfigType, s.DeliveryStatus.StatusCode)
	}
	select {
	case msg := <-received:
		fmt.Fprintf(out, "the hook got: %q\n", msg)
	case <-ctx.Done():
		return ctx.Err()
	}

	channels, err := c.Notifications.ListChannels(ctx)
	if err != nil {
		return err
	}
	for _, ch := range channels.ChannelList {
		fmt.Fprintf(out, "channel %s: %s, %s\n", ch.ConfigID, ch.Name, ch.ConfigType)
	}
	return nil
}
