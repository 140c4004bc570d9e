package notify

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestSnapshotRestoreKeepsConfigsMetadataAndOrder(t *testing.T) {
	var changes atomic.Int32
	s, clk := newTestService(t, Options{OnChange: func() { changes.Add(1) }})
	create(t, s, slackBody("b", "B", "https://s"))
	clk.advance(time.Second)
	create(t, s, `{"config_id":"w","config":{"name":"W","config_type":"webhook","webhook":{"url":"https://w","header_params":{"k":"v"}}}}`)
	mustOK(t, s, OpUpdate, "b", nil, `{"config":{"name":"B2","config_type":"slack","slack":{"url":"https://s"}}}`)
	if changes.Load() != 3 {
		t.Fatalf("OnChange called %d times", changes.Load())
	}
	snap := s.Snapshot()
	want := `{"configs":[` +
		`{"config_id":"w","created_time_ms":1652760533774,"last_updated_time_ms":1652760533774,"version":1,"config":{"name":"W","description":"","config_type":"webhook","is_enabled":true,"webhook":{"url":"https://w","header_params":{"k":"v"},"method":"POST"}}},` +
		`{"config_id":"b","created_time_ms":1652760532774,"last_updated_time_ms":1652760533774,"version":2,"config":{"name":"B2","description":"","config_type":"slack","is_enabled":true,"slack":{"url":"https://s"}}}]}`
	if string(snap) != want {
		t.Fatalf("snapshot:\n got %s\nwant %s", snap, want)
	}
	s2, _ := newTestService(t, Options{})
	create(t, s2, slackBody("gone", "x", "https://s"))
	if err := s2.Restore(snap); err != nil {
		t.Fatal(err)
	}
	if a, b := mustOK(t, s, OpList, "", nil, ""), mustOK(t, s2, OpList, "", nil, ""); a != b {
		t.Fatalf("restored list differs:\n%s\n%s", a, b)
	}
	// The version survives: a duplicate create reports it.
	mustFail(t, s2, OpCreate, "", nil, slackBody("b", "x", "https://s"), 409, "status_exception",
		"[b]: version conflict, document already exists (current version [2])")

	for _, bad := range []string{`[]`, `{"configs":[{"config_id":"x"}]}`, `{"configs":[{"config_id":"x","config":{"name":"n","config_type":"nope"}}]}`,
		`{"configs":[` + strings.Repeat(`{"config_id":"x","config":{"name":"n","config_type":"slack","slack":{"url":"https://s"}}},`, 2) + `{}]}`} {
		if err := s2.Restore([]byte(bad)); err == nil {
			t.Errorf("Restore(%s) succeeded", bad)
		}
	}
	if a, b := mustOK(t, s, OpList, "", nil, ""), mustOK(t, s2, OpList, "", nil, ""); a != b {
		t.Fatal("a failed restore changed the store")
	}
}

func TestConcurrentRequests(t *testing.T) {
	hook := startHook(t, false)
	s, _ := newTestService(t, Options{Now: time.Now})
	ctx := context.Background()
	errs := make(chan error, 8)
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			do := func(op, id string, params url.Values, body string) bool {
				res, err := s.Handle(ctx, op, Request{PathParams: map[string]string{"config_id": id}, Params: params, Body: []byte(body)})
				if err != nil || res.Status != 200 {
					errs <- fmt.Errorf("%s %s: %v", op, id, err)
					return false
				}
				return true
			}
			for i := 0; i < 20; i++ {
				id := fmt.Sprintf("c%d-%d", w, i)
				hookBody := `{"name":"n","config_type":"webhook","webhook":{"url":"` + hook.URL + `"}}`
				ok := do(OpCreate, "", nil, `{"config_id":"`+id+`","config":`+hookBody+`}`) &&
					do(OpList, "", url.Values{"name": {"n"}, "sort_field": {"name"}}, "") &&
					(i%5 != 0 || do(OpSendTest, id, nil, "")) &&
					do(OpUpdate, id, nil, `{"config":`+strings.Replace(hookBody, `"n"`, `"m"`, 1)+`}`) &&
					(i%2 != 0 || do(OpDelete, id, nil, ""))
				if !ok {
					return
				}
				s.Snapshot()
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	got := mustOK(t, s, OpList, "", nil, "")
	if n := len(configIDs(t, got)); n != 80 {
		t.Fatalf("%d configs left, want 80", n)
	}
}
