package notifications_test

import (
	"context"
	"fmt"
	"log"

	"github.com/jarcoal/httpmock"

	clustersearch "github.com/clustersearch/clustersearch-go"
	"github.com/clustersearch/clustersearch-go/notifications"
)

// Create a Slack channel, then read the stored configurations back with a type switch.
func ExampleService_CreateConfig() {
	// A stand-in for a cluster; point WithAddresses at a real one instead.
	mock := httpmock.NewMockTransport()
	mock.RegisterResponder("POST", "http://cluster.test:9200/_plugins/_notifications/configs",
		httpmock.NewStringResponder(200, `{"config_id":"ops-slack"}`))
	mock.RegisterResponder("GET", "http://cluster.test:9200/_plugins/_notifications/configs?config_type=slack%2Cemail",
		httpmock.NewStringResponder(200, `{"start_index":0,"total_hits":2,"total_hit_relation":"eq","config_list":[
			{"config_id":"ops-slack","last_updated_time_ms":1732237200100,"created_time_ms":1732237200100,"config":{"name":"Ops","description":"","config_type":"slack","is_enabled":true,"slack":{"url":"https://hooks.slack.com/services/T0/B0/X"}}},
			{"config_id":"ops-mail","last_updated_time_ms":1732237200200,"created_time_ms":1732237200200,"config":{"name":"Ops mail","description":"","config_type":"email","is_enabled":true,"email":{"email_account_id":"smtp-1","recipient_list":[{"recipient":"ops@example.com"}],"email_group_id_list":[]}}}]}`))
	client, err := clustersearch.New(clustersearch.WithAddresses("http://cluster.test:9200"), clustersearch.WithTransport(mock))
	if err != nil {
		log.Fatal(err)
	}

	ctx := context.Background()
	created, err := client.Notifications.CreateConfig(ctx, "ops-slack",
		notifications.NewConfig("Ops", &notifications.Slack{URL: "https://hooks.slack.com/services/T0/B0/X"}))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("created", created.ConfigID)

	list, err := client.Notifications.ListConfigs(ctx, &notifications.ListConfigsParams{
		ConfigType: []notifications.ConfigType{notifications.TypeSlack, notifications.TypeEmail},
	})
	if err != nil {
		log.Fatal(err)
	}
	for _, item := range list.ConfigList {
		switch ch := item.Config.Channel.(type) {
		case *notifications.Slack:
			fmt.Printf("%s: slack to %s\n", item.ConfigID, ch.URL)
		case *notifications.Email:
			fmt.Printf("%s: email via %s to %s\n", item.ConfigID, ch.EmailAccountID, ch.RecipientList[0].Recipient)
		}
	}
	// Output:
	// created ops-slack
	// ops-slack: slack to https://hooks.slack.com/services/T0/B0/X
	// ops-mail: email via smtp-1 to ops@example.com
}
