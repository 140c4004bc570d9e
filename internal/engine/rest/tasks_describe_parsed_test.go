package rest

import (
	"context"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
	"github.com/clustersearch/clustersearch-go/internal/engine/tasks"
	upd "github.com/clustersearch/clustersearch-go/internal/engine/update"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// withTask gives r a running task whose lazy description is taskDescriber's.
func withTask(r *Request) *tasks.Task {
	m := tasks.New(clock.NewManual(time.UnixMilli(0)), "n")
	t := m.Register(tasks.Spec{Action: "x", Describe: taskDescriber(r)})
	r.Ctx = context.WithValue(context.Background(), taskKey{}, &taskHolder{task: t})
	return t
}

// A description built from what the handler parsed is the one the raw
// request gives, even after the search parser took "pit" out of the body.
func TestDescriptionFromParsedRequest(t *testing.T) {
	for _, c := range []struct{ op, body string }{
		{"search", `{"query":{"match":{"t":"x"}},"size":3}`},
		{"search", `{"pit":{"id":"abc","keep_alive":"1m"},"query":{"match_all":{}}}`},
		{"search", `{"highlight":{"fields":{"t":{}}}}`},
		{"count", `{"query":{"term":{"k":"v"}}}`},
	} {
		want := taskDescriber(&Request{Op: c.op, PathParams: map[string]string{"index": "i"}, Params: map[string]string{}, Body: []byte(c.body)})()
		r := &Request{Op: c.op, PathParams: map[string]string{"index": "i"}, Params: map[string]string{}, Body: []byte("not read again")}
		task := withTask(r)
		v, err := xcontent.Parse([]byte(c.body))
		if err != nil {
			t.Fatal(err)
		}
		describeParsedBody(r, v)
		if err := (&searchreq.Spec{}).TakePIT(v); err != nil {
			t.Fatal(err)
		}
		if got := task.Description(); got != want {
			t.Errorf("%s %s\n got %s\nwant %s", c.op, c.body, got, want)
		}
	}

	bulk := "{\"index\":{\"_index\":\"b\",\"_id\":\"1\"}}\n{\"x\":1}\n{\"delete\":{\"_id\":\"2\"}}\n"
	items, perr := parseBulk([]byte(bulk), "c", "", false)
	if perr != nil {
		t.Fatal(perr)
	}
	r := &Request{Op: "bulk", PathParams: map[string]string{"index": "c"}, Params: map[string]string{}}
	task := withTask(r)
	describeWith(r, bulkDescriber(items))
	if got := task.Description(); got != "requests[2], indices[b, c]" {
		t.Errorf("bulk: %s", got)
	}

	u, uerr := upd.ParseBody([]byte(`{"doc":{"a":1},"doc_as_upsert":true}`))
	if uerr != nil {
		t.Fatal(uerr)
	}
	r = &Request{Op: "update", PathParams: map[string]string{"index": "u", "id": "9"}}
	task = withTask(r)
	describeWith(r, updateDescriber(r, &u.Req))
	u.Req.Doc = []byte(`{"changed":true}`) // the handler goes on with its own copy
	if got, want := task.Description(), `update {[u][9], doc_as_upsert[true], doc[index {[null][null], source[{"a":1}]}], scripted_upsert[false], detect_noop[true]}`; got != want {
		t.Errorf("update\n got %s\nwant %s", got, want)
	}
}

// A listing may describe the task while the handler goes on parsing (the
// race detector checks the hand-over shares nothing the parser writes).
func TestDescriptionWhileParsing(t *testing.T) {
	body := `{"pit":{"id":"abc"},"query":{"match_all":{}}}`
	want := taskDescriber(&Request{Op: "search", PathParams: map[string]string{"index": "i"}, Params: map[string]string{}, Body: []byte(body)})()
	r := &Request{Op: "search", PathParams: map[string]string{"index": "i"}, Params: map[string]string{}}
	task := withTask(r)
	v, err := xcontent.Parse([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	describeParsedBody(r, v)
	got := make(chan string)
	go func() { got <- task.Description() }()
	if err := (&searchreq.Spec{}).TakePIT(v); err != nil {
		t.Fatal(err)
	}
	if d := <-got; d != want {
		t.Errorf("got %s\nwant %s", d, want)
	}
}
