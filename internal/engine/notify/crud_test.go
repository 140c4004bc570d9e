package notify

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"
)

func TestFeaturesListsNineTypesInPluginOrder(t *testing.T) {
	s, _ := newTestService(t, Options{})
	got := mustOK(t, s, OpFeatures, "", nil, "")
	want := `{"allowed_config_type_list":["slack","chime","microsoft_teams","webhook","email","sns","ses_account","smtp_account","email_group"],"plugin_features":{"tooltip_support":"true"}}`
	if got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}

func TestCreateGetUpdateDelete(t *testing.T) {
	s, clk := newTestService(t, Options{})
	id := create(t, s, `{"config_id":"sample-id","config":{"name":"Sample Slack Channel","description":"This is a Slack channel","config_type":"slack","is_enabled":true,"slack":{"url":"https://sample-slack-webhook"}}}`)
	if id != "sample-id" {
		t.Fatalf("id %q", id)
	}
	got := mustOK(t, s, OpGet, "sample-id", nil, "")
	want := `{"start_index":0,"total_hits":1,"total_hit_relation":"eq","config_list":[{"config_id":"sample-id","last_updated_time_ms":1652760532774,"created_time_ms":1652760532774,"config":{"name":"Sample Slack Channel","description":"This is a Slack channel","config_type":"slack","is_enabled":true,"slack":{"url":"https://sample-slack-webhook"}}}]}`
	if got != want {
		t.Fatalf("get:\n got %s\nwant %s", got, want)
	}

	clk.advance(5 * time.Second)
	out := mustOK(t, s, OpUpdate, "sample-id", nil, `{"config":{"name":"Renamed","config_type":"slack","is_enabled":false,"slack":{"url":"http://other"}}}`)
	if out != `{"config_id":"sample-id"}` {
		t.Fatalf("update: %s", out)
	}
	got = mustOK(t, s, OpGet, "sample-id", nil, "")
	want = `{"start_index":0,"total_hits":1,"total_hit_relation":"eq","config_list":[{"config_id":"sample-id","last_updated_time_ms":1652760537774,"created_time_ms":1652760532774,"config":{"name":"Renamed","description":"","config_type":"slack","is_enabled":false,"slack":{"url":"http://other"}}}]}`
	if got != want {
		t.Fatalf("get after update:\n got %s\nwant %s", got, want)
	}

	out = mustOK(t, s, OpDelete, "sample-id", nil, "")
	if out != `{"delete_response_list":{"sample-id":"OK"}}` {
		t.Fatalf("delete: %s", out)
	}
	mustFail(t, s, OpGet, "sample-id", nil, "", 404, "status_exception", "NotificationConfig sample-id not found")
	mustFail(t, s, OpDelete, "sample-id", nil, "", 404, "status_exception", "NotificationConfig sample-id not found")
	got = mustOK(t, s, OpList, "", nil, "")
	if got != `{"start_index":0,"total_hits":0,"total_hit_relation":"eq","config_list":[]}` {
		t.Fatalf("empty list: %s", got)
	}
}

func TestEveryTypePrintsItsBlock(t *testing.T) {
	s, _ := newTestService(t, Options{})
	bodies := []struct{ body, block string }{
		{`{"config_id":"ch","config":{"name":"n","config_type":"chime","chime":{"url":"https://c"}}}`,
			`"chime":{"url":"https://c"}`},
		{`{"config_id":"tm","config":{"name":"n","config_type":"microsoft_teams","microsoft_teams":{"url":"https://x.webhook.office.com/a"}}}`,
			`"microsoft_teams":{"url":"https://x.webhook.office.com/a"}`},
		{`{"config_id":"wh","config":{"name":"n","config_type":"webhook","webhook":{"url":"https://w","method":"DELETE"}}}`,
			`"webhook":{"url":"https://w","header_params":{},"method":"POST"}`},
		{`{"config_id":"wh2","config":{"name":"n","config_type":"webhook","webhook":{"url":"https://w","method":"PATCH","header_params":{"X-Zeta":"1","Content-Type":"application/json","A":"b"}}}}`,
			`"webhook":{"url":"https://w","header_params":{"A":"b","X-Zeta":"1","Content-Type":"application/json"},"method":"PATCH"}`},
		{`{"config_id":"smtp","config":{"name":"n","config_type":"smtp_account","smtp_account":{"host":"h","port":"25","method":"tls?","from_address":"a@b.co"}}}`,
			`"smtp_account":{"host":"h","port":25,"method":"none","from_address":"a@b.co"}`},
		{`{"config_id":"ses","config":{"name":"n","config_type":"ses_account","ses_account":{"region":"us-east-1","from_address":"a@b.co","role_arn":"arn:aws:iam::012345678912:role/x"}}}`,
			`"ses_account":{"region":"us-east-1","role_arn":"arn:aws:iam::012345678912:role/x","from_address":"a@b.co"}`},
		{`{"config_id":"sns","config":{"name":"n","config_type":"sns","sns":{"topic_arn":"arn:aws:sns:us-west-2:012345678912:topic"}}}`,
			`"sns":{"topic_arn":"arn:aws:sns:us-west-2:012345678912:topic"}`},
		{`{"config_id":"grp","config":{"name":"n","config_type":"email_group","email_group":{"recipient_list":[{"recipient":"x@y.co"}]}}}`,
			`"email_group":{"recipient_list":[{"recipient":"x@y.co"}]}`},
		{`{"config_id":"em","config":{"name":"n","config_type":"email","email":{"email_account_id":"smtp","email_group_id_list":["grp"]}}}`,
			`"email":{"email_account_id":"smtp","recipient_list":[],"email_group_id_list":["grp"]}`},
	}
	for _, b := range bodies {
		id := create(t, s, b.body)
		got := mustOK(t, s, OpGet, id, nil, "")
		if !strings.Contains(got, `"is_enabled":true,`+b.block+`}}]}`) {
			t.Errorf("%s: got %s, want block %s", id, got, b.block)
		}
	}
}

func TestGeneratedIDsAreTwentyCharURLSafeBase64(t *testing.T) {
	s, _ := newTestService(t, Options{})
	seen := map[string]bool{}
	for i := 0; i < 50; i++ {
		id := create(t, s, `{"config":{"name":"n","config_type":"slack","slack":{"url":"https://s"}}}`)
		if len(id) != 20 || checkID(id) != nil {
			t.Fatalf("id %q is not a 20-char base64url id", id)
		}
		if seen[id] {
			t.Fatalf("duplicate id %q", id)
		}
		seen[id] = true
	}
}

func TestIDLayoutFollowsTimeBasedUUIDGenerator(t *testing.T) {
	g := newIDGenerator(func() time.Time { return time.UnixMilli(0x0102030405_06) }, strings.NewReader("\x00\x00\x07ABCDEF"))
	// seq becomes 8; bytes: seq, seq>>16, ts>>16, ts>>24, ts>>32, ts>>40, mac, ts>>8, seq>>8, ts.
	want := []byte{8, 0, 0x04, 0x03, 0x02, 0x01, 'A', 'B', 'C', 'D', 'E', 'F', 0x05, 0, 0x06}
	if got := g.next(); got != b64(want) {
		t.Fatalf("got %s want %s", got, b64(want))
	}
}

func TestDuplicateIDConflictsWithCurrentVersion(t *testing.T) {
	s, _ := newTestService(t, Options{})
	create(t, s, slackBody("dup", "a", "https://s"))
	mustFail(t, s, OpCreate, "", nil, slackBody("dup", "a", "https://s"), 409, "status_exception",
		"[dup]: version conflict, document already exists (current version [1])")
	mustOK(t, s, OpUpdate, "dup", nil, `{"config":{"name":"b","config_type":"slack","slack":{"url":"https://s"}}}`)
	mustFail(t, s, OpCreate, "", nil, slackBody("dup", "a", "https://s"), 409, "status_exception",
		"[dup]: version conflict, document already exists (current version [2])")
}

func TestLongIDFailsIndexRequestValidation(t *testing.T) {
	s, _ := newTestService(t, Options{})
	long := strings.Repeat("a", 513)
	mustFail(t, s, OpCreate, "", nil, slackBody(long, "n", "https://s"), 400, "status_exception",
		"Validation Failed: 1: id ["+long+"] is too long, must be no longer than 512 bytes but was: 513;")
	create(t, s, slackBody(long[:512], "n", "https://s"))
}

func TestUpdateErrors(t *testing.T) {
	s, _ := newTestService(t, Options{})
	create(t, s, slackBody("one", "a", "https://s"))
	mustFail(t, s, OpUpdate, "nope", nil, `{"config":{"name":"b","config_type":"slack","slack":{"url":"https://s"}}}`,
		404, "status_exception", "NotificationConfig nope not found")
	mustFail(t, s, OpUpdate, "one", nil, `{"config":{"name":"b","config_type":"chime","chime":{"url":"https://s"}}}`,
		409, "status_exception", "Config type cannot be changed after creation")
	// The NONE check runs before the lookup.
	mustFail(t, s, OpUpdate, "nope", nil, `{"config":{"name":"b","config_type":"foo"}}`,
		406, "status_exception", "NotificationConfig with type NONE is not acceptable")
	// A config_id in the body wins over the path.
	mustFail(t, s, OpUpdate, "one", nil, `{"config_id":"other","config":{"name":"b","config_type":"slack","slack":{"url":"https://s"}}}`,
		404, "status_exception", "NotificationConfig other not found")
	mustFail(t, s, OpUpdate, "one", nil, `{}`, 400, "illegal_argument_exception", "config field absent")
	mustFail(t, s, OpUpdate, "one", nil, `{"config_id":"","config":{"name":"b","config_type":"slack","slack":{"url":"https://s"}}}`,
		400, "status_exception", "Validation Failed: 1: id is missing;")
}

func TestGetByIDListAndQueryID(t *testing.T) {
	s, _ := newTestService(t, Options{})
	for _, id := range []string{"a", "b", "c"} {
		create(t, s, slackBody(id, id, "https://s"))
	}
	got := mustOK(t, s, OpList, "", url.Values{"config_id_list": {"c,a"}, "config_id": {"b"}}, "")
	if ids := configIDs(t, got); strings.Join(ids, ",") != "c,a,b" {
		t.Fatalf("ids %v in %s", ids, got)
	}
	mustFail(t, s, OpList, "", url.Values{"config_id_list": {"a,x,b,y"}}, "", 404, "status_exception", "NotificationConfig [x, y] not found")
	mustFail(t, s, OpList, "", url.Values{"config_id": {"x"}}, "", 404, "status_exception", "NotificationConfig x not found")
	mustFail(t, s, OpList, "", url.Values{"config_id_list": {""}}, "", 400, "status_exception", "Validation Failed: 1: id is missing;")
	// The path id wins over the query's config_id.
	got = mustOK(t, s, OpGet, "a", url.Values{"config_id": {"b"}}, "")
	if ids := configIDs(t, got); strings.Join(ids, ",") != "a" {
		t.Fatalf("ids %v", ids)
	}
}

func TestDeleteSeveral(t *testing.T) {
	s, _ := newTestService(t, Options{})
	for _, id := range []string{"a", "b", "c"} {
		create(t, s, slackBody(id, id, "https://s"))
	}
	// Any missing id fails the whole request and deletes nothing.
	mustFail(t, s, OpDeleteMany, "", url.Values{"config_id_list": {"a,zz,b,yy"}}, "", 404, "status_exception", "NotificationConfig [zz, yy] not found")
	if ids := configIDs(t, mustOK(t, s, OpList, "", nil, "")); len(ids) != 3 {
		t.Fatalf("a failed delete removed configs: %v", ids)
	}
	got := mustOK(t, s, OpDeleteMany, "", url.Values{"config_id_list": {"c,,a,c"}}, "")
	if got != `{"delete_response_list":{"c":"OK","a":"OK"}}` {
		t.Fatalf("delete: %s", got)
	}
	// config_id_list replaces the path id.
	create(t, s, slackBody("d", "d", "https://s"))
	got = mustOK(t, s, OpDelete, "b", url.Values{"config_id_list": {"d"}}, "")
	if got != `{"delete_response_list":{"d":"OK"}}` {
		t.Fatalf("delete: %s", got)
	}
	got = mustOK(t, s, OpDeleteMany, "", url.Values{"config_id": {"b"}}, "")
	if got != `{"delete_response_list":{"b":"OK"}}` {
		t.Fatalf("delete: %s", got)
	}
	_, err := call(t, s, OpDeleteMany, "", nil, "")
	if err == nil || err.Status != 400 || err.Shape != ShapePlainText || string(err.Body()) != "either config_id or config_id_list is required" ||
		err.ContentType() != "text/plain; charset=UTF-8" {
		t.Fatalf("no ids: %+v", err)
	}
}

func TestChannelsListOnlyChannelTypes(t *testing.T) {
	s, clk := newTestService(t, Options{})
	create(t, s, `{"config_id":"smtp","config":{"name":"mail","config_type":"smtp_account","smtp_account":{"host":"h","port":25,"method":"none","from_address":"a@b.co"}}}`)
	clk.advance(time.Millisecond)
	create(t, s, `{"config_id":"wh","config":{"name":"hook","description":"d","config_type":"webhook","is_enabled":false,"webhook":{"url":"https://w"}}}`)
	clk.advance(time.Millisecond)
	create(t, s, `{"config_id":"em","config":{"name":"email","config_type":"email","email":{"email_account_id":"smtp"}}}`)
	got := mustOK(t, s, OpChannels, "", nil, "")
	want := `{"start_index":0,"total_hits":2,"total_hit_relation":"eq","channel_list":[` +
		`{"config_id":"wh","name":"hook","description":"d","config_type":"webhook","is_enabled":false},` +
		`{"config_id":"em","name":"email","description":"","config_type":"email","is_enabled":true}]}`
	if got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}

func TestErrorBodies(t *testing.T) {
	e := statusErr(404, "NotificationConfig abc not found")
	want := `{"error":{"root_cause":[{"type":"status_exception","reason":"NotificationConfig abc not found"}],"type":"status_exception","reason":"NotificationConfig abc not found"},"status":404}`
	if string(e.Body()) != want {
		t.Fatalf("got %s", e.Body())
	}
	c := &Error{Status: 400, Type: "x_content_parse_exception", Reason: "[1:2] outer", Cause: &Error{Type: "illegal_argument_exception", Reason: "inner"}}
	want = `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"inner"}],"type":"x_content_parse_exception","reason":"[1:2] outer","caused_by":{"type":"illegal_argument_exception","reason":"inner"}},"status":400}`
	if string(c.Body()) != want {
		t.Fatalf("got %s", c.Body())
	}
	p := parsingErr("Failed to parse object: expecting token of type [START_OBJECT] but found [VALUE_STRING]", 1, 2)
	want = `{"error":{"root_cause":[{"type":"parsing_exception","reason":"Failed to parse object: expecting token of type [START_OBJECT] but found [VALUE_STRING]","line":1,"col":2}],"type":"parsing_exception","reason":"Failed to parse object: expecting token of type [START_OBJECT] but found [VALUE_STRING]","line":1,"col":2},"status":400}`
	if string(p.Body()) != want {
		t.Fatalf("got %s", p.Body())
	}
}

func TestRoutes(t *testing.T) {
	var got []string
	for _, r := range Routes() {
		line := r.Method + " " + r.Path + " " + r.Op
		if r.Body {
			line += " +body"
		}
		if r.Deprecation != "" {
			line += " (" + r.Deprecation + ")"
		}
		got = append(got, line)
	}
	want := []string{
		"GET /_plugins/_notifications/features notifications.features",
		"GET /_plugins/_notifications/channels notifications.channels",
		"POST /_plugins/_notifications/configs notifications.configs.create +body",
		"PUT /_plugins/_notifications/configs/{config_id} notifications.configs.update +body",
		"GET /_plugins/_notifications/configs notifications.configs.list",
		"GET /_plugins/_notifications/configs/{config_id} notifications.configs.get",
		"DELETE /_plugins/_notifications/configs notifications.configs.delete_many",
		"DELETE /_plugins/_notifications/configs/{config_id} notifications.configs.delete",
		"POST /_plugins/_notifications/feature/test/{config_id} notifications.feature.test",
		"GET /_plugins/_notifications/feature/test/{config_id} notifications.feature.test ([GET /_plugins/_notifications/feature/test/{config_id}] is deprecated! Use [POST /_plugins/_notifications/feature/test/{config_id}] instead.)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("routes:\n%s", strings.Join(got, "\n"))
	}
	r := Routes()
	if !contains(r[4].Params, "ses_account.from_address") || !contains(r[4].Params, "text_query") || contains(r[2].Params, "name") {
		t.Fatalf("params: list %v create %v", r[4].Params, r[2].Params)
	}
	// Routes returns fresh slices: callers may modify them.
	r[2].Params[0] = "changed"
	if Routes()[2].Params[0] != "config_id" {
		t.Fatal("Routes shares its slices")
	}
	_, err := New(Options{}).Handle(context.Background(), "bogus", Request{})
	if err == nil || err.Status != 500 {
		t.Fatalf("unknown op: %v", err)
	}
}
