package notifications_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/notifications"
	"github.com/clustersearch/clustersearch-go/types"
)

func ptr[T any](v T) *T { return &v }

const base = "/_plugins/_notifications"

func TestRequests(t *testing.T) {
	ctx := context.Background()
	slack := notifications.NewConfig("Ops Slack", &notifications.Slack{URL: "https://hooks.slack.com/services/T000/B000/XXXX"})
	slack.Description = "Alerts for the ops team"
	cases := []struct {
		name                string
		call                func(*notifications.Service) error
		method, path, query string
		body                string
	}{
		{"features", func(s *notifications.Service) error { _, err := s.Features(ctx); return err }, "GET", base + "/features", "", ""},
		{"channels", func(s *notifications.Service) error { _, err := s.ListChannels(ctx); return err }, "GET", base + "/channels", "", ""},
		{"list defaults", func(s *notifications.Service) error { _, err := s.ListConfigs(ctx, nil); return err }, "GET", base + "/configs", "", ""},
		{"list every filter", func(s *notifications.Service) error {
			_, err := s.ListConfigs(ctx, &notifications.ListConfigsParams{
				ConfigID: "a", ConfigIDList: []string{"b", "c"}, FromIndex: ptr(10), MaxItems: ptr(5),
				SortOrder: notifications.SortDesc, SortField: "name",
				LastUpdatedTimeMs: notifications.TimeBetween(1, 2), CreatedTimeMs: notifications.TimeAt(3), IsEnabled: ptr(true),
				ConfigType: []notifications.ConfigType{notifications.TypeSlack, notifications.TypeEmail}, Name: "ops", Description: "team",
				EmailAccountID: []string{"smtp-1"}, EmailGroupIDList: []string{"g1", "g2"}, EmailRecipient: "a@b.c", EmailGroupRecipient: "d@e.f",
				SMTPAccountMethod: []string{notifications.SMTPMethodSSL}, SMTPAccountHost: "smtp.x", SMTPAccountFrom: "n@x.y",
				SlackURL: "s", ChimeURL: "c", MicrosoftTeamsURL: "m", WebhookURL: "w", SNSTopicARN: "t", SNSRoleARN: "r",
				SESAccountRegion: []string{"us-east-1"}, SESAccountRoleARN: "sr", SESAccountFromAddress: "sf", Query: "q*", TextQuery: "tq",
			})
			return err
		}, "GET", base + "/configs",
			"chime.url=c&config_id=a&config_id_list=b%2Cc&config_type=slack%2Cemail&created_time_ms=3&description=team" +
				"&email.email_account_id=smtp-1&email.email_group_id_list=g1%2Cg2&email.recipient_list.recipient=a%40b.c" +
				"&email_group.recipient_list.recipient=d%40e.f&from_index=10&is_enabled=true&last_updated_time_ms=1..2&max_items=5" +
				"&microsoft_teams.url=m&name=ops&query=q%2A&ses_account.from_address=sf&ses_account.region=us-east-1&ses_account.role_arn=sr" +
				"&slack.url=s&smtp_account.from_address=n%40x.y&smtp_account.host=smtp.x&smtp_account.method=ssl&sns.role_arn=r&sns.topic_arn=t" +
				"&sort_field=name&sort_order=desc&text_query=tq&webhook.url=w", ""},
		{"list keyword filters", func(s *notifications.Service) error {
			_, err := s.ListConfigs(ctx, &notifications.ListConfigsParams{
				NameKeyword: []string{"Ops Slack", "Hook"}, DescriptionKeyword: []string{"d"}, SlackURLKeyword: []string{"s"},
				ChimeURLKeyword: []string{"c"}, MicrosoftTeamsURLKeyword: []string{"m"}, WebhookURLKeyword: []string{"w"},
				SMTPAccountHostKeyword: []string{"h"}, SMTPAccountFromKeyword: []string{"f@x.y"}, SNSTopicARNKeyword: []string{"t"},
				SNSRoleARNKeyword: []string{"r"}, SESAccountRoleARNKeyword: []string{"sr"}, SESAccountFromAddressKeyword: []string{"sf"},
			})
			return err
		}, "GET", base + "/configs",
			"chime.url.keyword=c&description.keyword=d&microsoft_teams.url.keyword=m&name.keyword=Ops+Slack%2CHook" +
				"&ses_account.from_address.keyword=sf&ses_account.role_arn.keyword=sr&slack.url.keyword=s" +
				"&smtp_account.from_address.keyword=f%40x.y&smtp_account.host.keyword=h&sns.role_arn.keyword=r&sns.topic_arn.keyword=t" +
				"&webhook.url.keyword=w", ""},
		{"get", func(s *notifications.Service) error { _, err := s.GetConfig(ctx, "slack-ops"); return err }, "GET", base + "/configs/slack-ops", "", ""},
		{"get escapes the id", func(s *notifications.Service) error { _, err := s.GetConfig(ctx, "a/b+c"); return err }, "GET", base + "/configs/a%2Fb+c", "", ""},
		{"create with id", func(s *notifications.Service) error { _, err := s.CreateConfig(ctx, "slack-ops", slack); return err }, "POST", base + "/configs", "",
			`{"config_id":"slack-ops","config":{"name":"Ops Slack","description":"Alerts for the ops team","config_type":"slack","is_enabled":true,"slack":{"url":"https://hooks.slack.com/services/T000/B000/XXXX"}}}`},
		{"create without id", func(s *notifications.Service) error {
			_, err := s.CreateConfig(ctx, "", notifications.Config{Name: "g", Channel: &notifications.EmailGroup{RecipientList: notifications.Recipients("a@example.com")}})
			return err
		}, "POST", base + "/configs", "", `{"config":{"name":"g","description":"","config_type":"email_group","email_group":{"recipient_list":[{"recipient":"a@example.com"}]}}}`},
		{"update", func(s *notifications.Service) error {
			_, err := s.UpdateConfig(ctx, "hook-1", notifications.NewConfig("Hook", &notifications.Webhook{URL: "https://x.example/h", HeaderParams: map[string]string{"X-A": "1"}, Method: "PATCH"}))
			return err
		}, "PUT", base + "/configs/hook-1", "", `{"config":{"name":"Hook","description":"","config_type":"webhook","is_enabled":true,"webhook":{"url":"https://x.example/h","header_params":{"X-A":"1"},"method":"PATCH"}}}`},
		{"delete one", func(s *notifications.Service) error { _, err := s.DeleteConfig(ctx, "slack-ops"); return err }, "DELETE", base + "/configs/slack-ops", "", ""},
		{"delete several", func(s *notifications.Service) error { _, err := s.DeleteConfigs(ctx, []string{"a", "b"}); return err }, "DELETE", base + "/configs", "config_id_list=a%2Cb", ""},
		{"send test", func(s *notifications.Service) error { _, err := s.SendTest(ctx, "slack-ops"); return err }, "POST", base + "/feature/test/slack-ops", "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tr, mock := sdktest.New(t)
			got := sdktest.Capture(mock, 200, `{}`, nil)
			if err := tc.call(notifications.NewService(tr)); err != nil {
				t.Fatal(err)
			}
			if len(*got) != 1 {
				t.Fatalf("%d requests", len(*got))
			}
			r := (*got)[0]
			if r.Method != tc.method || r.Path != tc.path || r.Query != tc.query {
				t.Fatalf("sent %s %s ?%s; want %s %s ?%s", r.Method, r.Path, r.Query, tc.method, tc.path, tc.query)
			}
			if tc.body == "" {
				if len(r.Body) != 0 {
					t.Fatalf("unexpected body %s", r.Body)
				}
				return
			}
			if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
				t.Fatalf("Content-Type %q", ct)
			}
			sdktest.JSONEqual(t, r.Body, []byte(tc.body))
		})
	}
}

func TestRefusedBeforeSending(t *testing.T) {
	ctx := context.Background()
	tr, mock := sdktest.New(t)
	got := sdktest.Capture(mock, 200, `{}`, nil)
	s := notifications.NewService(tr)
	errs := []error{}
	_, err := s.CreateConfig(ctx, "x", notifications.Config{Name: "no block"})
	errs = append(errs, err)
	_, err = s.UpdateConfig(ctx, "", notifications.NewConfig("n", &notifications.Slack{URL: "https://x"}))
	errs = append(errs, err)
	_, err = s.UpdateConfig(ctx, "x", notifications.Config{Name: "no block"})
	errs = append(errs, err)
	_, err = s.GetConfig(ctx, "")
	errs = append(errs, err)
	_, err = s.DeleteConfig(ctx, "")
	errs = append(errs, err)
	_, err = s.DeleteConfigs(ctx, nil)
	errs = append(errs, err)
	_, err = s.DeleteConfigs(ctx, []string{"a,b"})
	errs = append(errs, err)
	_, err = s.SendTest(ctx, "")
	errs = append(errs, err)
	for i, err := range errs {
		if err == nil {
			t.Fatalf("case %d: no error", i)
		}
	}
	if len(*got) != 0 {
		t.Fatalf("%d requests sent", len(*got))
	}
}

func TestConfigsOfEveryType(t *testing.T) {
	data := sdktest.Fixture(t, "configs_all_types.json")
	tr, mock := sdktest.New(t)
	sdktest.Capture(mock, 200, string(data), nil)
	res, err := notifications.NewService(tr).ListConfigs(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.TotalHits != 9 || res.TotalHitRelation != "eq" || len(res.ConfigList) != 9 {
		t.Fatalf("page = %+v", res)
	}
	seen := map[notifications.ConfigType]bool{}
	for _, item := range res.ConfigList {
		c := item.Config
		seen[c.Type()] = true
		switch ch := c.Channel.(type) {
		case *notifications.Slack:
			if ch.URL != "https://hooks.slack.com/services/T000/B000/XXXX" || c.Description != "Alerts for the ops team" {
				t.Fatalf("slack = %+v %+v", c, ch)
			}
		case *notifications.Chime:
			if *c.IsEnabled || !strings.HasPrefix(ch.URL, "https://hooks.chime.aws/") {
				t.Fatalf("chime = %+v %+v", c, ch)
			}
		case *notifications.MicrosoftTeams:
			if ch.URL != "https://contoso.webhook.office.com/webhookb2/abc" {
				t.Fatalf("teams = %+v", ch)
			}
		case *notifications.Webhook:
			if ch.Method != "PUT" || ch.HeaderParams["X-Token"] != "abc" {
				t.Fatalf("webhook = %+v", ch)
			}
		case *notifications.SNS:
			if ch.TopicARN != "arn:aws:sns:us-east-1:123456789012:alerts" || ch.RoleARN == "" {
				t.Fatalf("sns = %+v", ch)
			}
		case *notifications.SESAccount:
			if ch.Region != "us-east-1" || ch.FromAddress != "alerts@example.com" {
				t.Fatalf("ses = %+v", ch)
			}
		case *notifications.SMTPAccount:
			if ch.Port != 587 || ch.Method != notifications.SMTPMethodStartTLS {
				t.Fatalf("smtp = %+v", ch)
			}
		case *notifications.EmailGroup:
			if len(ch.RecipientList) != 2 || ch.RecipientList[1].Recipient != "bob@example.com" {
				t.Fatalf("group = %+v", ch)
			}
		case *notifications.Email:
			if ch.EmailAccountID != "smtp-sender" || ch.RecipientList[0].Recipient != "ops@example.com" || ch.EmailGroupIDList[0] != "group-oncall" {
				t.Fatalf("email = %+v", ch)
			}
		default:
			t.Fatalf("unexpected block %T", ch)
		}
	}
	if len(seen) != 9 {
		t.Fatalf("types seen: %v", seen)
	}
	sdktest.AssertRoundTrip[notifications.ConfigsResponse](t, data)
	sdktest.AssertRoundTrip[notifications.ConfigsResponse](t, sdktest.Fixture(t, "configs_empty.json"))
}

func TestEmailRecipientsInBothForms(t *testing.T) {
	var body struct {
		ID     string               `json:"id"`
		Config notifications.Config `json:"config"`
	}
	if err := jsonx.Unmarshal(sdktest.Fixture(t, "create_email_docs_sample.json"), &body); err != nil {
		t.Fatal(err)
	}
	email, ok := body.Config.Channel.(*notifications.Email)
	if !ok || body.ID != "sample-id" || email.EmailAccountID != "sample-1abcd123" || len(email.RecipientList) != 1 || email.RecipientList[0].Recipient != "sample@email.com" {
		t.Fatalf("config = %+v block %+v", body.Config, body.Config.Channel)
	}
	var mixed []notifications.Recipient
	if err := jsonx.Unmarshal([]byte(`["a@x.io",{"recipient":"b@x.io"}]`), &mixed); err != nil || len(mixed) != 2 || mixed[0].Recipient != "a@x.io" || mixed[1].Recipient != "b@x.io" {
		t.Fatalf("mixed = %+v, %v", mixed, err)
	}
	out, _ := jsonx.Marshal(mixed)
	if string(out) != `[{"recipient":"a@x.io"},{"recipient":"b@x.io"}]` {
		t.Fatalf("encoded %s", out)
	}
	for _, bad := range []string{`[1]`, `[["a"]]`, `[null]`} {
		if err := jsonx.Unmarshal([]byte(bad), &mixed); err == nil {
			t.Fatalf("%s decoded", bad)
		}
	}
}

func TestConfigDecodeErrorsAndUnknownType(t *testing.T) {
	var c notifications.Config
	if err := jsonx.Unmarshal([]byte(`{"name":"x","config_type":"slack"}`), &c); err == nil {
		t.Fatal("a slack config without its block decoded")
	}
	if err := jsonx.Unmarshal([]byte(`{"name":"x","config_type":"slack","slack":{"url":1}}`), &c); err == nil {
		t.Fatal("a malformed block decoded")
	}
	src := `{"name":"p","description":"","config_type":"pagerduty","is_enabled":true,"pagerduty":{"routing_key":"k"}}`
	if err := jsonx.Unmarshal([]byte(src), &c); err != nil {
		t.Fatal(err)
	}
	u, ok := c.Channel.(*notifications.UnknownChannel)
	if !ok || u.Type != "pagerduty" || c.Type() != "pagerduty" {
		t.Fatalf("channel = %#v", c.Channel)
	}
	out, err := jsonx.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	sdktest.JSONEqual(t, out, []byte(src))
	if _, err := jsonx.Marshal(notifications.Config{Name: "x"}); err == nil {
		t.Fatal("a config without a block encoded")
	}
}

func TestFeaturesChannelsDeleteSendTest(t *testing.T) {
	f := sdktest.AssertRoundTrip[notifications.FeaturesResponse](t, sdktest.Fixture(t, "features.json"))
	if len(f.AllowedConfigTypeList) != 9 || f.AllowedConfigTypeList[2] != notifications.TypeMicrosoftTeams || f.PluginFeatures["tooltip_support"] != "true" {
		t.Fatalf("features = %+v", f)
	}
	ch := sdktest.AssertRoundTrip[notifications.ChannelsResponse](t, sdktest.Fixture(t, "channels.json"))
	if ch.TotalHits != 2 || ch.ChannelList[1].IsEnabled || ch.ChannelList[0].ConfigType != notifications.TypeSlack {
		t.Fatalf("channels = %+v", ch)
	}
	d := sdktest.AssertRoundTrip[notifications.DeleteResponse](t, sdktest.Fixture(t, "delete_mixed.json"))
	if d.DeleteResponseList["slack-ops"] != "OK" || d.DeleteResponseList["chime-dev"] != "NOT_FOUND" {
		t.Fatalf("delete = %+v", d)
	}
	st := sdktest.AssertRoundTrip[notifications.SendTestResponse](t, sdktest.Fixture(t, "send_test_email.json"))
	if st.EventSource.Title != "Test Message Title-email-ops" || st.EventSource.Tags == nil ||
		st.StatusList[0].EmailRecipientStatus[1].Recipient != "alice@example.com" || st.StatusList[0].DeliveryStatus.StatusCode != "200" {
		t.Fatalf("send test = %+v", st)
	}
}

func TestDeleteMultiStatus(t *testing.T) {
	tr, mock := sdktest.New(t)
	sdktest.Capture(mock, http.StatusMultiStatus, string(sdktest.Fixture(t, "delete_mixed.json")), nil)
	res, err := notifications.NewService(tr).DeleteConfigs(context.Background(), []string{"slack-ops", "chime-dev"})
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != 207 || len(res.DeleteResponseList) != 2 {
		t.Fatalf("res = %+v", res)
	}
}

func TestSendTestFailure(t *testing.T) {
	tr, mock := sdktest.New(t)
	sdktest.Capture(mock, 404, `{"error":{"root_cause":[{"type":"status_exception","reason":"{\"event_status_list\": [{\"config_id\":\"x\",\"config_type\":\"none\",\"config_name\":\"invalid-config\",\"email_recipient_status\":[],\"delivery_status\":{\"status_code\":\"404\",\"status_text\":\"Channel x not found\"}}]}"}],"type":"status_exception","reason":"{\"event_status_list\": [{\"config_id\":\"x\",\"config_type\":\"none\",\"config_name\":\"invalid-config\",\"email_recipient_status\":[],\"delivery_status\":{\"status_code\":\"404\",\"status_text\":\"Channel x not found\"}}]}"},"status":404}`, nil)
	_, err := notifications.NewService(tr).SendTest(context.Background(), "x")
	if !types.IsNotFound(err) {
		t.Fatalf("err = %v", err)
	}
	st, ok := notifications.DeliveryFailure(err)
	if !ok || len(st) != 1 || st[0].ConfigType != "none" || st[0].DeliveryStatus.StatusCode != "404" || st[0].DeliveryStatus.StatusText != "Channel x not found" {
		t.Fatalf("statuses = %+v %v", st, ok)
	}
	plain := &types.Error{StatusCode: 404, ErrorCause: types.ErrorCause{Type: "status_exception", Reason: "NotificationConfig x not found"}}
	if _, ok := notifications.DeliveryFailure(plain); ok {
		t.Fatal("a plain status_exception is not a delivery failure")
	}
}

func TestFixturesCoverEveryField(t *testing.T) {
	sdktest.AssertFixturesCoverType[notifications.ConfigsResponse](t, sdktest.Fixture(t, "configs_all_types.json"))
	sdktest.AssertFixturesCoverType[notifications.FeaturesResponse](t, sdktest.Fixture(t, "features.json"))
	sdktest.AssertFixturesCoverType[notifications.ChannelsResponse](t, sdktest.Fixture(t, "channels.json"))
	sdktest.AssertFixturesCoverType[notifications.DeleteResponse](t, sdktest.Fixture(t, "delete_mixed.json"))
	sdktest.AssertFixturesCoverType[notifications.SendTestResponse](t, sdktest.Fixture(t, "send_test_email.json"))
}

// FuzzConfig decodes arbitrary configuration objects: they fail cleanly, or
// encode and decode again to the same JSON.
func FuzzConfig(f *testing.F) {
	f.Add([]byte(`{"name":"a","config_type":"email","email":{"email_account_id":"x","recipient_list":["a@b.c",{"recipient":"d@e.f"}]}}`))
	f.Add([]byte(`{"name":"a","config_type":"webhook","webhook":{"url":"u","header_params":{}}}`))
	f.Add([]byte(`{"name":"a","config_type":"zzz","zzz":[1,2]}`))
	f.Add([]byte(`{"config_type":"slack","slack":null}`))
	f.Add([]byte(`{"config_type":"","":{}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var c notifications.Config
		if jsonx.Unmarshal(data, &c) != nil {
			return
		}
		enc, err := jsonx.Marshal(c)
		if err != nil {
			t.Fatalf("encode: %v", err)
		}
		var d notifications.Config
		if err := jsonx.Unmarshal(enc, &d); err != nil {
			t.Fatalf("re-decode %s: %v", enc, err)
		}
		enc2, _ := jsonx.Marshal(d)
		if string(enc) != string(enc2) {
			t.Fatalf("unstable:\n%s\n%s", enc, enc2)
		}
	})
}

// FuzzDeliveryFailure feeds arbitrary reasons to the parser of failed deliveries.
func FuzzDeliveryFailure(f *testing.F) {
	f.Add(`{"event_status_list": [{"config_id":"x","delivery_status":{"status_code":"500"}}]}`)
	f.Add(`{"event_status_list": null}`)
	f.Add(`NotificationConfig x not found`)
	f.Add(`{`)
	f.Fuzz(func(t *testing.T, reason string) {
		err := &types.Error{StatusCode: 500, ErrorCause: types.ErrorCause{Type: "status_exception", Reason: reason}}
		st, ok := notifications.DeliveryFailure(err)
		if ok && st == nil {
			t.Fatal("ok without statuses")
		}
	})
}
