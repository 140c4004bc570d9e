package notify

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/shareddata"
	"gopkg.in/yaml.v3"
)

// storyFiles are the notifications stories.
var storyFiles = []string{
	"default/notifications/channels.yaml",
	"default/notifications/configs.yaml",
	"default/notifications/features.yaml",
	"plugins/notifications/notifications/feature/test.yaml",
}

type story struct {
	Prologues []chapter `yaml:"prologues"`
	Chapters  []chapter `yaml:"chapters"`
	Epilogues []struct {
		Path   string `yaml:"path"`
		Method string `yaml:"method"`
		Status []int  `yaml:"status"`
	} `yaml:"epilogues"`
}

type chapter struct {
	Synopsis   string         `yaml:"synopsis"`
	Path       string         `yaml:"path"`
	Method     string         `yaml:"method"`
	Parameters map[string]any `yaml:"parameters"`
	Request    struct {
		Payload any `yaml:"payload"`
	} `yaml:"request"`
	Response struct {
		Status  int `yaml:"status"`
		Payload any `yaml:"payload"`
	} `yaml:"response"`
	// Status lists the accepted statuses of a prologue.
	Status []int `yaml:"status"`
}

// route finds the operation for a concrete path, filling path parameters.
func route(method, path string) (string, map[string]string, bool) {
	for _, r := range Routes() {
		if r.Method != method {
			continue
		}
		pat, segs := strings.Split(r.Path, "/"), strings.Split(path, "/")
		if len(pat) != len(segs) {
			continue
		}
		params := map[string]string{}
		match := true
		for i := range pat {
			if strings.HasPrefix(pat[i], "{") {
				v, _ := url.PathUnescape(segs[i])
				params[strings.Trim(pat[i], "{}")] = v
			} else if pat[i] != segs[i] {
				match = false
				break
			}
		}
		if match {
			return r.Op, params, true
		}
	}
	return "", nil, false
}

// subset reports whether every value in want appears in got (lists by position).
func subset(want, got any) bool {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return false
		}
		for k, v := range w {
			if !subset(v, g[k]) {
				return false
			}
		}
		return true
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) < len(w) {
			return false
		}
		for i := range w {
			if !subset(w[i], g[i]) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(fmt.Sprint(want), fmt.Sprint(got))
}

// webhookStub answers like the suite's webhook stub (server.py), reached
// as http://webhook:8080/ through the service's HTTP client.
func webhookStub(t *testing.T) *http.Client {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"ok":"true"}`)
	}))
	t.Cleanup(srv.Close)
	addr := srv.Listener.Addr().String()
	return &http.Client{Transport: &http.Transport{
		DialContext: func(ctx context.Context, network, target string) (net.Conn, error) {
			if target == "webhook:8080" {
				target = addr
			}
			return (&net.Dialer{}).DialContext(ctx, network, target)
		},
	}}
}

// runChapter sends one story step through Handle and returns status and body.
func runChapter(t *testing.T, s *Service, ch chapter) (int, []byte) {
	t.Helper()
	path, query := ch.Path, url.Values{}
	for k, v := range ch.Parameters {
		val := fmt.Sprint(v)
		if list, ok := v.([]any); ok {
			parts := make([]string, len(list))
			for i, p := range list {
				parts[i] = fmt.Sprint(p)
			}
			val = strings.Join(parts, ",")
		}
		if strings.Contains(path, "{"+k+"}") {
			path = strings.ReplaceAll(path, "{"+k+"}", url.PathEscape(val))
		} else {
			query.Set(k, val)
		}
	}
	op, pp, found := route(ch.Method, path)
	if !found {
		t.Fatalf("%s: no route for %s %s", ch.Synopsis, ch.Method, path)
	}
	var body []byte
	if ch.Request.Payload != nil {
		body, _ = json.Marshal(ch.Request.Payload)
	}
	res, apiErr := s.Handle(context.Background(), op, Request{PathParams: pp, Params: query, Body: body})
	if apiErr != nil {
		return apiErr.Status, apiErr.Body()
	}
	return res.Status, res.Body
}

func TestUpstreamStories(t *testing.T) {
	storiesDir := shareddata.Path(t, "api-spec-tests", "tests") // upstream stories, read in place
	for _, f := range storyFiles {
		t.Run(f, func(t *testing.T) {
			raw, err := os.ReadFile(filepath.Join(storiesDir, f))
			if err != nil {
				t.Fatal(err)
			}
			var st story
			if err := yaml.Unmarshal(raw, &st); err != nil {
				t.Fatal(err)
			}
			s, _ := newTestService(t, Options{HTTPClient: webhookStub(t)})
			for _, ch := range st.Prologues {
				if status, out := runChapter(t, s, ch); !containsInt(ch.Status, status) {
					t.Fatalf("prologue %s %s: status %d: %s", ch.Method, ch.Path, status, out)
				}
			}
			for _, ch := range st.Chapters {
				status, out := runChapter(t, s, ch)
				if status != ch.Response.Status {
					t.Fatalf("%s: status %d, want %d: %s", ch.Synopsis, status, ch.Response.Status, out)
				}
				if ch.Response.Payload != nil {
					var got any
					if err := json.Unmarshal(out, &got); err != nil {
						t.Fatalf("%s: %v", ch.Synopsis, err)
					}
					if !subset(ch.Response.Payload, got) {
						t.Fatalf("%s: payload %s does not contain %v", ch.Synopsis, out, ch.Response.Payload)
					}
				}
			}
			for _, ep := range st.Epilogues {
				status, out := runChapter(t, s, chapter{Path: ep.Path, Method: ep.Method})
				if !containsInt(ep.Status, status) {
					t.Fatalf("epilogue %s %s: status %d, want one of %v: %s", ep.Method, ep.Path, status, ep.Status, out)
				}
			}
		})
	}
}

func containsInt(list []int, v int) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}
