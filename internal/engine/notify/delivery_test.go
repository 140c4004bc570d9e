package notify

import (
	"context"
	"crypto/tls"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/mail"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// captured is one request seen by the test HTTP server.
type captured struct {
	method, path, body string
	header             http.Header
}

type hookServer struct {
	*httptest.Server
	mu       sync.Mutex
	requests []captured
	status   int
	reply    string
}

func startHook(t *testing.T, tlsServer bool) *hookServer {
	h := &hookServer{status: 200, reply: "ok"}
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		h.mu.Lock()
		h.requests = append(h.requests, captured{r.Method, r.URL.Path, string(b), r.Header.Clone()})
		status, reply := h.status, h.reply
		h.mu.Unlock()
		w.WriteHeader(status)
		io.WriteString(w, reply)
	})
	if tlsServer {
		h.Server = httptest.NewTLSServer(handler)
	} else {
		h.Server = httptest.NewServer(handler)
	}
	t.Cleanup(h.Close)
	return h
}

func (h *hookServer) last(t *testing.T) captured {
	t.Helper()
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.requests) == 0 {
		t.Fatal("no request received")
	}
	return h.requests[len(h.requests)-1]
}

const testHTML = `<html>\n<header><title>Test Message</title></header>\n<body>\n<p>Test Message for config id %s</p>\n</body>\n</html>`

func htmlFor(id string) string { return strings.ReplaceAll(testHTML, "%s", id) }

func successBody(id, typ, name, statusText string) string {
	return `{"event_source":{"title":"Test Message Title-` + id + `","reference_id":"` + id + `","severity":"info","tags":[]},` +
		`"status_list":[{"config_id":"` + id + `","config_type":"` + typ + `","config_name":"` + name + `","email_recipient_status":[],` +
		`"delivery_status":{"status_code":"200","status_text":"` + statusText + `"}}]}`
}

func TestSendTestToSlackChimeTeams(t *testing.T) {
	hook := startHook(t, true)
	s, _ := newTestService(t, Options{HTTPClient: hook.Client()})
	cases := []struct{ typ, url, wantBody string }{
		{TypeSlack, hook.URL + "/slack", `{"text":"` + htmlFor("ch-slack") + `"}`},
		{TypeChime, hook.URL + "/chime", `{"Content":"` + htmlFor("ch-chime") + `"}`},
		{TypeMicrosoftTeams, hook.URL + "/teams?via=https://x.webhook.office.com", `{"text":"` + htmlFor("ch-microsoft_teams") + `"}`},
	}
	for _, c := range cases {
		id := "ch-" + c.typ
		create(t, s, `{"config_id":"`+id+`","config":{"name":"N","config_type":"`+c.typ+`","`+c.typ+`":{"url":"`+c.url+`"}}}`)
		got := mustOK(t, s, OpSendTest, id, nil, "")
		if want := successBody(id, c.typ, "N", "ok"); got != want {
			t.Fatalf("%s response:\n got %s\nwant %s", c.typ, got, want)
		}
		req := hook.last(t)
		if req.method != "POST" || req.body != c.wantBody || req.header.Get("Content-Type") != "text/plain; charset=UTF-8" {
			t.Fatalf("%s request: %s %q %q", c.typ, req.method, req.body, req.header.Get("Content-Type"))
		}
	}
}

func TestSendTestToWebhook(t *testing.T) {
	hook := startHook(t, false)
	s, _ := newTestService(t, Options{})
	create(t, s, `{"config_id":"wh","config":{"name":"W","config_type":"webhook","webhook":{"url":"`+hook.URL+`/plain"}}}`)
	create(t, s, `{"config_id":"wh2","config":{"name":"W2","config_type":"webhook","webhook":{"url":"`+hook.URL+`/custom","method":"PUT","header_params":{"X-Token":"abc","Accept":"text/csv"}}}}`)
	create(t, s, `{"config_id":"wh3","config":{"name":"W3","config_type":"webhook","webhook":{"url":"`+hook.URL+`/ct","method":"PATCH","header_params":{"content-type":"application/x-ndjson"}}}}`)

	mustOK(t, s, OpSendTest, "wh", nil, "")
	req := hook.last(t)
	if req.method != "POST" || req.path != "/plain" || req.body != "Test message content body for config id wh" ||
		req.header.Get("Content-Type") != "application/json" {
		t.Fatalf("default webhook request: %+v", req)
	}

	hook.mu.Lock()
	hook.reply = ""
	hook.status = 204
	hook.mu.Unlock()
	got := mustOK(t, s, OpSendTest, "wh2", nil, "")
	if want := successBody("wh2", "webhook", "W2", "{}"); got != want {
		t.Fatalf("got %s\nwant %s", got, want)
	}
	req = hook.last(t)
	if req.method != "PUT" || req.header.Get("X-Token") != "abc" || req.header.Get("Accept") != "text/csv" ||
		req.header.Get("Content-Type") != "text/plain; charset=UTF-8" {
		t.Fatalf("custom webhook request: %+v", req)
	}

	mustOK(t, s, OpSendTest, "wh3", nil, "")
	req = hook.last(t)
	if req.method != "PATCH" || len(req.header["Content-Type"]) != 1 || req.header.Get("Content-Type") != "application/x-ndjson" {
		t.Fatalf("content-type override: %+v", req)
	}

	hook.mu.Lock()
	hook.status, hook.reply = 503, "down"
	hook.mu.Unlock()
	mustFail(t, s, OpSendTest, "wh", nil, "", 500, "status_exception",
		`{"event_status_list": [{"config_id":"wh","config_type":"webhook","config_name":"W","email_recipient_status":[],"delivery_status":{"status_code":"500","status_text":"Failed to send webhook message Failed: down"}}]}`)

	// GET is routed to the same handler.
	for _, r := range Routes() {
		if r.Method == "GET" && r.Op == OpSendTest && r.Path != BasePath+"/feature/test/{config_id}" {
			t.Fatalf("GET test route %s", r.Path)
		}
	}
}

func TestSendTestFailures(t *testing.T) {
	s, _ := newTestService(t, Options{})
	mustFail(t, s, OpSendTest, "nope", nil, "", 404, "status_exception",
		`{"event_status_list": [{"config_id":"nope","config_type":"none","config_name":"invalid-config","email_recipient_status":[],"delivery_status":{"status_code":"404","status_text":"Channel nope not found"}}]}`)

	create(t, s, `{"config_id":"muted","config":{"name":"m","config_type":"slack","is_enabled":false,"slack":{"url":"http://127.0.0.1:1/"}}}`)
	mustFail(t, s, OpSendTest, "muted", nil, "", 400, "status_exception", `For input string: "LOCKED"`)

	create(t, s, `{"config_id":"acct","config":{"name":"a","config_type":"smtp_account","smtp_account":{"host":"127.0.0.1","port":1,"method":"none","from_address":"a@b.co"}}}`)
	mustFail(t, s, OpSendTest, "acct", nil, "", 400, "status_exception", `For input string: "NOT_FOUND"`)

	create(t, s, `{"config_id":"sns","config":{"name":"topic","config_type":"sns","sns":{"topic_arn":"arn:aws:sns:eu-west-1:012345678912:alerts"}}}`)
	mustFail(t, s, OpSendTest, "sns", nil, "", 424, "status_exception",
		`{"event_status_list": [{"config_id":"sns","config_type":"sns","config_name":"topic","email_recipient_status":[],"delivery_status":{"status_code":"424","status_text":"SNS sdk Error, SDK status:Unable to load AWS credentials from any provider in the chain"}}]}`)

	// Connection refused: the SMTP client cannot connect.
	create(t, s, `{"config_id":"mail","config":{"name":"mail","config_type":"email","email":{"email_account_id":"acct","recipient_list":[{"recipient":"x@y.co"}]}}}`)
	mustFail(t, s, OpSendTest, "mail", nil, "", 503, "status_exception",
		`{"event_status_list": [{"config_id":"mail","config_type":"email","config_name":"mail","email_recipient_status":[{"recipient":"x@y.co","delivery_status":{"status_code":"503","status_text":"sendEmail Error, status:Couldn't connect to host, port: 127.0.0.1, 1; timeout -1"}}],"delivery_status":{"status_code":"503","status_text":"sendEmail Error, status:Couldn't connect to host, port: 127.0.0.1, 1; timeout -1"}}]}`)

	// The account was deleted after the channel was made.
	mustOK(t, s, OpDelete, "acct", nil, "")
	mustFail(t, s, OpSendTest, "mail", nil, "", 400, "status_exception", "Failed requirement.")
}

func TestSendTestSNSHook(t *testing.T) {
	var got SNSMessage
	s, _ := newTestService(t, Options{SNSSender: func(_ context.Context, m SNSMessage) (string, error) {
		got = m
		if m.RoleARN == "" {
			return "", errors.New("denied")
		}
		return "msg-1", nil
	}})
	create(t, s, `{"config_id":"sns","config":{"name":"topic","config_type":"sns","sns":{"topic_arn":"arn:aws:sns:eu-west-1:012345678912:alerts","role_arn":"arn:aws:iam::012345678912:role/r"}}}`)
	out := mustOK(t, s, OpSendTest, "sns", nil, "")
	if want := successBody("sns", "sns", "topic", "Success, message id: msg-1"); out != want {
		t.Fatalf("got %s", out)
	}
	want := SNSMessage{TopicARN: "arn:aws:sns:eu-west-1:012345678912:alerts", RoleARN: "arn:aws:iam::012345678912:role/r",
		Region: "eu-west-1", Subject: "Test Message Title-sns", Message: "Test message content body for config id sns"}
	if got != want {
		t.Fatalf("hook got %+v", got)
	}
	create(t, s, `{"config_id":"sns2","config":{"name":"t2","config_type":"sns","sns":{"topic_arn":"arn:aws:sns:eu-west-1:012345678912:x"}}}`)
	mustFail(t, s, OpSendTest, "sns2", nil, "", 424, "status_exception",
		`{"event_status_list": [{"config_id":"sns2","config_type":"sns","config_name":"t2","email_recipient_status":[],"delivery_status":{"status_code":"424","status_text":"SNS sdk Error, SDK status:denied"}}]}`)
}

func TestSendTestEmailThroughSES(t *testing.T) {
	s, _ := newTestService(t, Options{})
	create(t, s, `{"config_id":"ses","config":{"name":"ses","config_type":"ses_account","ses_account":{"region":"us-east-1","from_address":"a@b.co"}}}`)
	create(t, s, `{"config_id":"em","config":{"name":"em","config_type":"email","email":{"email_account_id":"ses","recipient_list":[{"recipient":"x@y.co"}]}}}`)
	mustFail(t, s, OpSendTest, "em", nil, "", 424, "status_exception",
		`{"event_status_list": [{"config_id":"em","config_type":"email","config_name":"em","email_recipient_status":[{"recipient":"x@y.co","delivery_status":{"status_code":"424","status_text":"sendEmail Error, SDK status:Unable to load AWS credentials from any provider in the chain"}}],"delivery_status":{"status_code":"424","status_text":"sendEmail Error, SDK status:Unable to load AWS credentials from any provider in the chain"}}]}`)

	var raw []byte
	s2, _ := newTestService(t, Options{SESSender: func(_ context.Context, m SESMessage) (string, error) {
		raw = m.Raw
		return "ses-9", nil
	}})
	create(t, s2, `{"config_id":"ses","config":{"name":"ses","config_type":"ses_account","ses_account":{"region":"us-east-1","from_address":"a@b.co"}}}`)
	create(t, s2, `{"config_id":"em","config":{"name":"em","config_type":"email","email":{"email_account_id":"ses","recipient_list":[{"recipient":"x@y.co"}]}}}`)
	out := mustOK(t, s2, OpSendTest, "em", nil, "")
	if !strings.Contains(out, `"email_recipient_status":[{"recipient":"x@y.co","delivery_status":{"status_code":"200","status_text":"Success:ses-9"}}],"delivery_status":{"status_code":"200","status_text":"Success:ses-9"}`) {
		t.Fatalf("got %s", out)
	}
	checkMessage(t, string(raw), "a@b.co", "x@y.co", "em")
}

// checkMessage parses a received message and checks headers and both parts.
func checkMessage(t *testing.T, data, from, to, id string) {
	t.Helper()
	msg, err := mail.ReadMessage(strings.NewReader(data))
	if err != nil {
		t.Fatalf("%v in %q", err, data)
	}
	if msg.Header.Get("From") != from || msg.Header.Get("To") != to || msg.Header.Get("Subject") != "Test Message Title-"+id ||
		msg.Header.Get("MIME-Version") != "1.0" {
		t.Fatalf("headers %v", msg.Header)
	}
	mt, params, _ := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if mt != "multipart/mixed" {
		t.Fatalf("content type %s", mt)
	}
	outer := multipart.NewReader(msg.Body, params["boundary"])
	alt, err := outer.NextPart()
	if err != nil {
		t.Fatal(err)
	}
	mt, params, _ = mime.ParseMediaType(alt.Header.Get("Content-Type"))
	if mt != "multipart/alternative" {
		t.Fatalf("inner type %s", mt)
	}
	inner := multipart.NewReader(alt, params["boundary"])
	wantParts := []struct{ ct, body string }{
		{"text/plain; charset=UTF-8", "Test message content body for config id " + id},
		{"text/html; charset=UTF-8", strings.ReplaceAll(strings.ReplaceAll(testHTML, `\n`, "\r\n"), "%s", id)},
	}
	for _, w := range wantParts {
		p, err := inner.NextPart()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(p)
		if p.Header.Get("Content-Type") != w.ct || string(b) != w.body {
			t.Fatalf("part %q %q, want %q %q", p.Header.Get("Content-Type"), b, w.ct, w.body)
		}
	}
}

func TestSendTestEmailOverSMTP(t *testing.T) {
	serverTLS, pool := selfSignedTLS(t)
	for _, mode := range []string{"none", "start_tls", "ssl"} {
		t.Run(mode, func(t *testing.T) {
			srvMode := map[string]string{"none": "plain", "start_tls": "starttls", "ssl": "ssl"}[mode]
			srv := startSMTP(t, srvMode, serverTLS)
			srv.rejectRcpt = "bad@y.co"
			s, _ := newTestService(t, Options{
				SMTPTLSConfig:   &tls.Config{RootCAs: pool},
				SMTPCredentials: func(name string) (SMTPCredential, bool) { return SMTPCredential{"user-" + name, "pw"}, true },
			})
			create(t, s, `{"config_id":"acct","config":{"name":"Acct","config_type":"smtp_account","smtp_account":{"host":"127.0.0.1","port":`+
				strconv.Itoa(srv.port())+`,"method":"`+mode+`","from_address":"sender@example.com"}}}`)
			create(t, s, `{"config_id":"grp","config":{"name":"g","config_type":"email_group","email_group":{"recipient_list":[{"recipient":"b@y.co"},{"recipient":"a@y.co"}]}}}`)
			create(t, s, `{"config_id":"em","config":{"name":"Email","config_type":"email","email":{"email_account_id":"acct","recipient_list":[{"recipient":"a@y.co"}],"email_group_id_list":["grp"]}}}`)

			out := mustOK(t, s, OpSendTest, "em", nil, "")
			want := `{"event_source":{"title":"Test Message Title-em","reference_id":"em","severity":"info","tags":[]},"status_list":[{"config_id":"em","config_type":"email","config_name":"Email","email_recipient_status":[` +
				`{"recipient":"a@y.co","delivery_status":{"status_code":"200","status_text":"Success"}},` +
				`{"recipient":"b@y.co","delivery_status":{"status_code":"200","status_text":"Success"}}],` +
				`"delivery_status":{"status_code":"200","status_text":"Success"}}]}`
			if out != want {
				t.Fatalf("got  %s\nwant %s", out, want)
			}
			mails := srv.received()
			if len(mails) != 2 {
				t.Fatalf("%d mails", len(mails))
			}
			for _, m := range mails {
				if m.from != "sender@example.com" || len(m.to) != 1 {
					t.Fatalf("envelope %+v", m)
				}
				if m.tls != (mode != "none") {
					t.Fatalf("mode %s: encrypted=%v", mode, m.tls)
				}
				wantAuth := ""
				if mode != "none" {
					wantAuth = "|user-Acct|pw"
				}
				if decodePlainAuth(m.authRaw) != wantAuth {
					t.Fatalf("auth %q", decodePlainAuth(m.authRaw))
				}
				checkMessage(t, m.data, "sender@example.com", m.to[0], "em")
			}

			// A rejected recipient and a missing group: mixed statuses give 207.
			mustOK(t, s, OpDelete, "grp", nil, "")
			create(t, s, `{"config_id":"grp","config":{"name":"g","config_type":"email_group","email_group":{"recipient_list":[]}}}`)
			create(t, s, `{"config_id":"em2","config":{"name":"E2","config_type":"email","email":{"email_account_id":"acct","recipient_list":[{"recipient":"a@y.co"},{"recipient":"bad@y.co"}],"email_group_id_list":["grp"]}}}`)
			mustOK(t, s, OpDelete, "grp", nil, "")
			mustFail(t, s, OpSendTest, "em2", nil, "", 207, "status_exception",
				`{"event_status_list": [{"config_id":"em2","config_type":"email","config_name":"E2","email_recipient_status":[`+
					`{"recipient":"a@y.co","delivery_status":{"status_code":"200","status_text":"Success"}},`+
					`{"recipient":"bad@y.co","delivery_status":{"status_code":"502","status_text":"sendEmail Error, status:Invalid Addresses"}},`+
					`{"recipient":"unknown-recipient@example.com","delivery_status":{"status_code":"404","status_text":"Recipient grp not found"}}],`+
					`"delivery_status":{"status_code":"207","status_text":"Errors"}}]}`)
		})
	}
}

func TestSSLWithUntrustedCertificateFails(t *testing.T) {
	serverTLS, _ := selfSignedTLS(t)
	srv := startSMTP(t, "ssl", serverTLS)
	s, _ := newTestService(t, Options{})
	create(t, s, `{"config_id":"acct","config":{"name":"A","config_type":"smtp_account","smtp_account":{"host":"127.0.0.1","port":`+
		strconv.Itoa(srv.port())+`,"method":"ssl","from_address":"s@example.com"}}}`)
	create(t, s, `{"config_id":"em","config":{"name":"E","config_type":"email","email":{"email_account_id":"acct","recipient_list":[{"recipient":"a@y.co"}]}}}`)
	_, err := call(t, s, OpSendTest, "em", nil, "")
	if err == nil || err.Status != 424 || !strings.Contains(err.Reason, "sendEmail Error, status:Could not connect to SMTP host: 127.0.0.1, port: "+strconv.Itoa(srv.port())) {
		t.Fatalf("got %+v", err)
	}
}

func TestEmailWithNoRecipients(t *testing.T) {
	s, _ := newTestService(t, Options{})
	create(t, s, `{"config_id":"acct","config":{"name":"A","config_type":"smtp_account","smtp_account":{"host":"127.0.0.1","port":1,"method":"none","from_address":"s@example.com"}}}`)
	create(t, s, `{"config_id":"em","config":{"name":"E","config_type":"email","email":{"email_account_id":"acct"}}}`)
	mustFail(t, s, OpSendTest, "em", nil, "", 500, "status_exception", "List is empty.")
}

func TestWebhookConnectionRefusedText(t *testing.T) {
	s, _ := newTestService(t, Options{})
	create(t, s, `{"config_id":"down","config":{"name":"d","config_type":"slack","slack":{"url":"http://127.0.0.1:1/x"}}}`)
	mustFail(t, s, OpSendTest, "down", nil, "", 500, "status_exception",
		`{"event_status_list": [{"config_id":"down","config_type":"slack","config_name":"d","email_recipient_status":[],"delivery_status":{"status_code":"500","status_text":"Failed to send webhook message Connect to 127.0.0.1:1 [/127.0.0.1] failed: Connection refused"}}]}`)
}

func TestHostDenyList(t *testing.T) {
	hook := startHook(t, false)
	for _, entry := range []string{"127.0.0.1", "127.0.0.0/8"} {
		s, _ := newTestService(t, Options{HostDenyList: []string{"10.0.0.1", entry}})
		create(t, s, `{"config_id":"c","config":{"name":"n","config_type":"chime","chime":{"url":"`+hook.URL+`"}}}`)
		mustFail(t, s, OpSendTest, "c", nil, "", 400, "status_exception",
			`{"event_status_list": [{"config_id":"c","config_type":"chime","config_name":"n","email_recipient_status":[],"delivery_status":{"status_code":"400","status_text":"Webhook message creation failed with status:Host of url is denied, based on plugin setting [notification.core.http.host_deny_list]"}}]}`)
	}
	s, _ := newTestService(t, Options{HostDenyList: []string{"10.0.0.1"}})
	create(t, s, `{"config_id":"c","config":{"name":"n","config_type":"chime","chime":{"url":"`+hook.URL+`"}}}`)
	mustOK(t, s, OpSendTest, "c", nil, "")
	create(t, s, `{"config_id":"bad","config":{"name":"n","config_type":"chime","chime":{"url":"http://no-such-host.invalid/x"}}}`)
	mustFail(t, s, OpSendTest, "bad", nil, "", 500, "status_exception",
		`{"event_status_list": [{"config_id":"bad","config_type":"chime","config_name":"n","email_recipient_status":[],"delivery_status":{"status_code":"500","status_text":"Failed to send webhook message Host could not be resolved to a valid Ip address"}}]}`)
}
