package fake_test

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/notifications"
	"github.com/clustersearch/clustersearch-go/types"
)

// doRaw sends one request to the fake and returns status, headers and body.
func doRaw(t *testing.T, srv *fake.Server, method, path, body string) (int, http.Header, string) {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL()+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := srv.HTTPClient().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header, string(b)
}

func TestNotificationsCRUDOverHTTP(t *testing.T) {
	clk := fake.NewManualClock(time.UnixMilli(1700000000000))
	srv := fake.New(t, fake.WithClock(clk))

	steps := []struct {
		method, path, body string
		status             int
		want               string
	}{
		{"GET", "/_plugins/_notifications/features", "", 200,
			`{"allowed_config_type_list":["slack","chime","microsoft_teams","webhook","email","sns","ses_account","smtp_account","email_group"],"plugin_features":{"tooltip_support":"true"}}`},
		{"POST", "/_plugins/_notifications/configs", `{"config_id":"b","config":{"name":"B","config_type":"slack","slack":{"url":"https://hooks.example.com/b"}}}`, 200,
			`{"config_id":"b"}`},
		{"POST", "/_plugins/_notifications/configs", `{"config_id":"a","config":{"name":"A","config_type":"chime","chime":{"url":"https://hooks.example.com/a"}}}`, 200,
			`{"config_id":"a"}`},
		{"POST", "/_plugins/_notifications/configs", `{"config_id":"a","config":{"name":"A","config_type":"chime","chime":{"url":"https://hooks.example.com/a"}}}`, 409,
			`{"error":{"root_cause":[{"type":"status_exception","reason":"[a]: version conflict, document already exists (current version [1])"}],"type":"status_exception","reason":"[a]: version conflict, document already exists (current version [1])"},"status":409}`},
		{"GET", "/_plugins/_notifications/configs?sort_field=name&sort_order=desc&max_items=1", "", 200,
			`{"start_index":0,"total_hits":2,"total_hit_relation":"eq","config_list":[{"config_id":"b","last_updated_time_ms":1700000000000,"created_time_ms":1700000000000,"config":{"name":"B","description":"","config_type":"slack","is_enabled":true,"slack":{"url":"https://hooks.example.com/b"}}}]}`},
		{"GET", "/_plugins/_notifications/configs?sort_field=name&from_index=1&max_items=1", "", 200,
			`{"start_index":1,"total_hits":2,"total_hit_relation":"eq","config_list":[{"config_id":"b","last_updated_time_ms":1700000000000,"created_time_ms":1700000000000,"config":{"name":"B","description":"","config_type":"slack","is_enabled":true,"slack":{"url":"https://hooks.example.com/b"}}}]}`},
		{"GET", "/_plugins/_notifications/configs?sort_field=config_id", "", 406,
			`{"error":{"root_cause":[{"type":"status_exception","reason":"Sort on config_id not acceptable"}],"type":"status_exception","reason":"Sort on config_id not acceptable"},"status":406}`},
		{"GET", "/_plugins/_notifications/channels", "", 200,
			`{"start_index":0,"total_hits":2,"total_hit_relation":"eq","channel_list":[{"config_id":"b","name":"B","description":"","config_type":"slack","is_enabled":true},{"config_id":"a","name":"A","description":"","config_type":"chime","is_enabled":true}]}`},
		{"PUT", "/_plugins/_notifications/configs/a", `{"config":{"name":"A2","config_type":"chime","chime":{"url":"https://hooks.example.com/a2"}}}`, 200,
			`{"config_id":"a"}`},
		{"GET", "/_plugins/_notifications/configs/nope", "", 404,
			`{"error":{"root_cause":[{"type":"status_exception","reason":"NotificationConfig nope not found"}],"type":"status_exception","reason":"NotificationConfig nope not found"},"status":404}`},
		{"GET", "/_plugins/_notifications/configs?bogus=1", "", 400,
			`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"request [/_plugins/_notifications/configs] contains unrecognized parameter: [bogus]"}],"type":"illegal_argument_exception","reason":"request [/_plugins/_notifications/configs] contains unrecognized parameter: [bogus]"},"status":400}`},
		{"DELETE", "/_plugins/_notifications/configs", "", 400, `either config_id or config_id_list is required`},
		{"DELETE", "/_plugins/_notifications/configs?config_id_list=a,b", "", 200,
			`{"delete_response_list":{"a":"OK","b":"OK"}}`},
	}
	for i, s := range steps {
		status, _, body := doRaw(t, srv, s.method, s.path, s.body)
		if status != s.status || body != s.want {
			t.Fatalf("step %d %s %s: got %d %s\nwant %d %s", i, s.method, s.path, status, body, s.status, s.want)
		}
	}
}

func TestNotificationsPlainTextErrorContentType(t *testing.T) {
	srv := fake.New(t)
	status, h, body := doRaw(t, srv, "DELETE", "/_plugins/_notifications/configs", "")
	if status != 400 || h.Get("Content-Type") != "text/plain; charset=UTF-8" || body != "either config_id or config_id_list is required" {
		t.Fatalf("got %d %q %q", status, h.Get("Content-Type"), body)
	}
}

// hookServer records the requests it receives.
type hookServer struct {
	mu   sync.Mutex
	reqs []string
}

func (h *hookServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	h.mu.Lock()
	h.reqs = append(h.reqs, r.Method+" "+r.URL.Path+" "+r.Header.Get("X-Team")+" "+string(b))
	h.mu.Unlock()
	_, _ = io.WriteString(w, `{"ok":"true"}`)
}

func (h *hookServer) got() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.reqs...)
}

func TestNotificationsWebhookDeliveryThroughSDK(t *testing.T) {
	hook := &hookServer{}
	hs := httptest.NewServer(hook)
	defer hs.Close()
	srv := fake.New(t)
	ns := srv.Client().Notifications
	ctx := context.Background()

	cfg := notifications.NewConfig("Hook", &notifications.Webhook{URL: hs.URL + "/in", Method: "PUT", HeaderParams: map[string]string{"X-Team": "ops"}})
	if _, err := ns.CreateConfig(ctx, "hook", cfg); err != nil {
		t.Fatal(err)
	}
	res, err := ns.SendTest(ctx, "hook")
	if err != nil {
		t.Fatal(err)
	}
	if res.Header.Get("Warning") != "" {
		t.Fatalf("SendTest uses the deprecated form: %q", res.Header.Get("Warning"))
	}
	if len(res.StatusList) != 1 || res.StatusList[0].ConfigID != "hook" || res.StatusList[0].DeliveryStatus != (notifications.DeliveryStatus{StatusCode: "200", StatusText: `{"ok":"true"}`}) {
		t.Fatalf("status list: %+v", res.StatusList)
	}
	want := []string{"PUT /in ops Test message content body for config id hook"}
	if got := hook.got(); len(got) != 1 || got[0] != want[0] {
		t.Fatalf("webhook received %q, want %q", got, want)
	}
	// The deprecated GET form still delivers and carries the deprecation warning.
	status, h, _ := doRaw(t, srv, "GET", "/_plugins/_notifications/feature/test/hook", "")
	wantWarn := `299 OpenSearch-2.19.0-0000000000000000000000000000000000000000 "[GET /_plugins/_notifications/feature/test/{config_id}] is deprecated! Use [POST /_plugins/_notifications/feature/test/{config_id}] instead."`
	if status != 200 || h.Get("Warning") != wantWarn {
		t.Fatalf("GET test: %d, Warning %q", status, h.Get("Warning"))
	}
	if n := len(hook.got()); n != 2 {
		t.Fatalf("webhook received %d requests, want 2", n)
	}

	got, err := ns.GetConfig(ctx, "hook")
	if err != nil {
		t.Fatal(err)
	}
	if got.TotalHits != 1 || got.ConfigList[0].Config.Name != "Hook" {
		t.Fatalf("get: %+v", got)
	}
	if _, err := ns.DeleteConfig(ctx, "hook"); err != nil {
		t.Fatal(err)
	}
	_, err = ns.GetConfig(ctx, "hook")
	var apiErr *types.Error
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 404 {
		t.Fatalf("get after delete: %v", err)
	}
}

func TestNotificationsValidationThroughSDK(t *testing.T) {
	srv := fake.New(t)
	_, err := srv.Client().Notifications.CreateConfig(context.Background(), "teams",
		notifications.NewConfig("T", &notifications.MicrosoftTeams{URL: "https://example.com/x"}))
	var apiErr *types.Error
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 400 || apiErr.Type != "status_exception" ||
		apiErr.Reason != `Wrong Microsoft Teams url. Should contain "webhook.office.com"` {
		t.Fatalf("got %v", err)
	}
}

// smtpSink is a plain SMTP listener that keeps what it receives.
type smtpSink struct {
	ln    net.Listener
	mu    sync.Mutex
	mails []string
	wg    sync.WaitGroup
}

func newSMTPSink(t *testing.T) *smtpSink {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &smtpSink{ln: ln}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s.wg.Add(1)
			go func() {
				defer s.wg.Done()
				s.serve(c)
			}()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		s.wg.Wait()
	})
	return s
}

func (s *smtpSink) serve(c net.Conn) {
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(10 * time.Second))
	r := bufio.NewReader(c)
	say := func(l string) { _, _ = io.WriteString(c, l+"\r\n") }
	say("220 sink ESMTP")
	var env []string
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		cmd := strings.ToUpper(strings.TrimSpace(line))
		switch {
		case strings.HasPrefix(cmd, "EHLO"), strings.HasPrefix(cmd, "HELO"):
			say("250 sink")
		case strings.HasPrefix(cmd, "MAIL"), strings.HasPrefix(cmd, "RCPT"):
			env = append(env, strings.TrimSpace(line))
			say("250 OK")
		case cmd == "DATA":
			say("354 go ahead")
			var data strings.Builder
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" {
					break
				}
				data.WriteString(l)
			}
			s.mu.Lock()
			s.mails = append(s.mails, strings.Join(env, "|")+"\n"+data.String())
			s.mu.Unlock()
			env = nil
			say("250 queued")
		case cmd == "QUIT":
			say("221 bye")
			return
		default:
			say("250 OK")
		}
	}
}

func (s *smtpSink) received() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.mails...)
}

func TestNotificationsEmailDeliveryToLocalSMTP(t *testing.T) {
	sink := newSMTPSink(t)
	port := sink.ln.Addr().(*net.TCPAddr).Port
	srv := fake.New(t)
	ns := srv.Client().Notifications
	ctx := context.Background()
	if _, err := ns.CreateConfig(ctx, "smtp", notifications.NewConfig("SMTP", &notifications.SMTPAccount{
		Host: "127.0.0.1", Port: port, Method: notifications.SMTPMethodNone, FromAddress: "alerts@example.com"})); err != nil {
		t.Fatal(err)
	}
	if _, err := ns.CreateConfig(ctx, "mail", notifications.NewConfig("Mail", &notifications.Email{
		// An empty (not nil) group list: the SDK writes nil as null, which the server rejects.
		EmailAccountID: "smtp", RecipientList: notifications.Recipients("ops@example.com"), EmailGroupIDList: []string{}})); err != nil {
		t.Fatal(err)
	}
	res, err := ns.SendTest(ctx, "mail")
	if err != nil {
		t.Fatal(err)
	}
	st := res.StatusList[0]
	if st.DeliveryStatus.StatusCode != "200" || len(st.EmailRecipientStatus) != 1 || st.EmailRecipientStatus[0].Recipient != "ops@example.com" {
		t.Fatalf("status: %+v", st)
	}
	mails := sink.received()
	if len(mails) != 1 {
		t.Fatalf("sink received %d mails, want 1", len(mails))
	}
	head, _, _ := strings.Cut(mails[0], "\n")
	if head != "MAIL FROM:<alerts@example.com>|RCPT TO:<ops@example.com>" {
		t.Fatalf("envelope %q", head)
	}
	if !strings.Contains(mails[0], "Subject: Test Message Title-mail") {
		t.Fatalf("mail lacks the subject:\n%s", mails[0])
	}
}

func TestNotificationsSNSSenderHook(t *testing.T) {
	var got []fake.SNSMessage
	var mu sync.Mutex
	srv := fake.New(t, fake.WithSNSSender(func(_ context.Context, m fake.SNSMessage) (string, error) {
		mu.Lock()
		got = append(got, m)
		mu.Unlock()
		return "msg-1", nil
	}))
	ns := srv.Client().Notifications
	ctx := context.Background()
	if _, err := ns.CreateConfig(ctx, "topic", notifications.NewConfig("Topic", &notifications.SNS{
		TopicARN: "arn:aws:sns:us-east-1:123456789012:alerts"})); err != nil {
		t.Fatal(err)
	}
	res, err := ns.SendTest(ctx, "topic")
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusList[0].DeliveryStatus.StatusCode != "200" {
		t.Fatalf("status %+v", res.StatusList[0])
	}
	mu.Lock()
	defer mu.Unlock()
	if len(got) != 1 || got[0].TopicARN != "arn:aws:sns:us-east-1:123456789012:alerts" || got[0].Region != "us-east-1" || got[0].Subject != "Test Message Title-topic" {
		t.Fatalf("sns got %+v", got)
	}
}
