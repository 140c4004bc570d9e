package clustersearch_test

import (
	"context"
	"encoding/pem"
	"errors"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jarcoal/httpmock"

	clustersearch "github.com/clustersearch/clustersearch-go"
	"github.com/clustersearch/clustersearch-go/types"
)

func hostsSeen(t *testing.T, opts ...clustersearch.Option) []string {
	t.Helper()
	mock := httpmock.NewMockTransport()
	var hosts []string
	mock.RegisterNoResponder(func(r *http.Request) (*http.Response, error) {
		hosts = append(hosts, r.URL.Host)
		return httpmock.NewStringResponse(200, `{}`), nil
	})
	c, err := clustersearch.New(append(opts, clustersearch.WithTransport(mock))...)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		if _, err := c.Do(context.Background(), &clustersearch.Request{Method: "GET", Path: "/"}, nil); err != nil {
			t.Fatal(err)
		}
	}
	return hosts
}

func TestAddressFromEnvironment(t *testing.T) {
	t.Setenv(clustersearch.EnvURL, " http://a.test:9201 , http://b.test:9202")
	if got := strings.Join(hostsSeen(t), " "); got != "a.test:9201 b.test:9202" {
		t.Fatalf("hosts %s", got)
	}
	if got := strings.Join(hostsSeen(t, clustersearch.WithAddresses("http://c.test:1")), " "); got != "c.test:1 c.test:1" {
		t.Fatalf("WithAddresses did not win over the environment: %s", got)
	}
	t.Setenv(clustersearch.EnvURL, "")
	if got := hostsSeen(t); got[0] != "localhost:9200" {
		t.Fatalf("default host %v", got)
	}
}

func TestTLSVerification(t *testing.T) {
	t.Parallel()
	var hits atomic.Int32
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"status":"green"}`))
	}))
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the rejected handshakes are expected
	defer srv.Close()
	caPEM := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw})

	var health struct {
		Status string `json:"status"`
	}
	get := func(opts ...clustersearch.Option) error {
		c, err := clustersearch.New(append(opts, clustersearch.WithAddresses(srv.URL))...)
		if err != nil {
			return err
		}
		_, err = c.Do(context.Background(), &clustersearch.Request{Method: "GET", Path: "/_cluster/health"}, &health)
		return err
	}

	if err := get(); err == nil || !strings.Contains(err.Error(), "certificate") {
		t.Fatalf("unknown CA accepted: %v", err)
	}
	if hits.Load() != 0 {
		t.Fatal("the handler ran without a verified certificate")
	}
	if err := get(clustersearch.WithCACert(caPEM)); err != nil || health.Status != "green" {
		t.Fatalf("with the CA: %v (%q)", err, health.Status)
	}
	health.Status = ""
	if err := get(clustersearch.WithInsecureSkipVerify()); err != nil || health.Status != "green" {
		t.Fatalf("with skip-verify: %v", err)
	}
	if err := get(clustersearch.WithCACert([]byte("not a certificate"))); err == nil {
		t.Fatal("a CA option without a PEM certificate was accepted")
	}
}

func TestDoEscapeHatch(t *testing.T) {
	t.Parallel()
	mock := httpmock.NewMockTransport()
	mock.RegisterResponder("POST", "http://x.test:9200/my%20idx/_analyze", func(r *http.Request) (*http.Response, error) {
		if r.URL.RawQuery != "pretty=true" || r.Header.Get("Content-Type") != "application/json" {
			return httpmock.NewStringResponse(500, "unexpected request "+r.URL.String()), nil
		}
		return httpmock.NewStringResponse(200, `{"tokens":[{"token":"hello"}]}`), nil
	})
	mock.RegisterResponder("GET", "http://x.test:9200/missing", httpmock.NewStringResponder(404,
		`{"error":{"type":"index_not_found_exception","reason":"no such index [missing]"},"status":404}`))
	c, err := clustersearch.New(clustersearch.WithAddresses("http://x.test:9200"), clustersearch.WithTransport(mock))
	if err != nil {
		t.Fatal(err)
	}
	var out struct {
		Tokens []struct {
			Token string `json:"token"`
		} `json:"tokens"`
	}
	resp, err := c.Do(context.Background(), &clustersearch.Request{
		Method: "POST", Path: clustersearch.PathOf("my idx", "_analyze"),
		Params: map[string][]string{"pretty": {"true"}}, Body: map[string]string{"text": "Hello"},
	}, &out)
	if err != nil || resp.StatusCode != 200 || len(out.Tokens) != 1 || out.Tokens[0].Token != "hello" {
		t.Fatalf("resp %+v, out %+v, err %v", resp, out, err)
	}
	resp, err = c.Do(context.Background(), &clustersearch.Request{Method: "GET", Path: "/missing"}, &out)
	var e *types.Error
	if !errors.As(err, &e) || e.Type != "index_not_found_exception" || resp == nil || resp.StatusCode != 404 {
		t.Fatalf("err %v resp %+v", err, resp)
	}
}
