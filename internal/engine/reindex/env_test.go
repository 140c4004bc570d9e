package reindex

import (
	"encoding/json"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/tasks"
	"github.com/clustersearch/clustersearch-go/internal/engine/version"
)

// recordingWriter keeps the writes a job makes; conflicts names the ids
// whose write fails with a version conflict.
type recordingWriter struct {
	mu        sync.Mutex
	writes    []Write
	conflicts map[string]bool
}

func (w *recordingWriter) Write(x *Write) (Written, *apierr.Error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.conflicts[x.ID] {
		return Written{}, &apierr.Error{Status: 409, Type: apierr.TypeVersionConflict, Reason: "conflict"}
	}
	w.writes = append(w.writes, *x)
	return Written{Created: true}, nil
}

// noCopyWait has every copy active.
type noCopyWait struct{}

func (noCopyWait) Check(*indices.Index, int, string, time.Duration, string) *apierr.Error { return nil }
func (noCopyWait) WaitsOnNewIndex(string) bool                                            { return false }

func testEnv(t *testing.T, w Writer) (*Env, *indices.Index) {
	t.Helper()
	v, _ := version.Parse(version.Default)
	clk := clock.NewManual(time.UnixMilli(0))
	svc := indices.New(clk, v)
	x, _, e := svc.GetOrCreate("src")
	if e != nil {
		t.Fatal(e)
	}
	return &Env{Tasks: tasks.New(clk, "n"), Clock: clk, Indices: svc, Writer: w, Copies: noCopyWait{}}, x
}

// hitsOf makes n scrolled documents of x, all on shard 0.
func hitsOf(x *indices.Index, n int) []search.Hit {
	out := make([]search.Hit, n)
	for i := range out {
		out[i] = search.Hit{Target: search.Target{Index: x, Shard: 0}, Doc: shard.Doc{ID: strconv.Itoa(i), SeqNo: int64(i), PrimaryTerm: 1, Version: 1, Source: []byte(`{"n":` + strconv.Itoa(i) + `}`)}}
	}
	return out
}

// A delete by query deletes each scrolled document conditionally on the
// sequence number the scroll saw; a conflict is counted, not fatal, with
// conflicts=proceed.
func TestDeleteByQueryJob(t *testing.T) {
	w := &recordingWriter{conflicts: map[string]bool{"1": true}}
	env, x := testEnv(t, w)
	p := NewParams()
	p.Proceed, p.ScrollSize = true, 2
	j := env.DeleteByQuery("indices:data/write/delete/byquery", &ByQuery{Params: p, Indices: "src,other"}, func() (*Scrolled, *apierr.Error) {
		return &Scrolled{Hits: hitsOf(x, 3), Slices: 1}, nil
	})
	if j.Description() != "delete-by-query [src, other]" {
		t.Errorf("description %q", j.Description())
	}
	var reg Registry
	task := env.Tasks.Register(tasks.Spec{Action: j.Action(), Cancellable: true})
	resp, err := reg.Run(j, task)
	if err != nil {
		t.Fatal(err)
	}
	if resp.Status.Deleted != 2 || resp.Status.VersionConflicts != 1 || resp.Status.Batches != 2 {
		t.Errorf("status %+v", resp.Status)
	}
	if len(w.writes) != 2 || !w.writes[1].Delete || w.writes[1].ID != "2" || w.writes[1].IfSeqNo != 2 || w.writes[1].IfTerm != 1 {
		t.Errorf("writes %+v", w.writes)
	}
	if reg.Get(task.ID()) != nil {
		t.Error("a finished job stays registered")
	}
}

// A reindex keeps or replaces routing as dest.routing says, copies the
// version with an external version type, and generates no id of its own.
func TestReindexJobWrites(t *testing.T) {
	w := &recordingWriter{}
	env, x := testEnv(t, w)
	hits := hitsOf(x, 2)
	hits[1].Doc.Routing = "r"
	req := &Request{Params: NewParams(), Indices: []string{"src"}, Dest: Dest{Index: "dst", Routing: "=fixed", VersionType: shard.External, External: true}}
	j := env.Reindex("indices:data/write/reindex", req, func() (*Scrolled, *apierr.Error) { return &Scrolled{Hits: hits, Slices: 1}, nil })
	if j.Description() != "reindex from [src] to [dst]" {
		t.Errorf("description %q", j.Description())
	}
	resp, err := (&Registry{}).Run(j, env.Tasks.Register(tasks.Spec{Action: j.Action()}))
	if err != nil {
		t.Fatal(err)
	}
	if resp.Status.Created != 2 || len(w.writes) != 2 {
		t.Fatalf("status %+v, writes %+v", resp.Status, w.writes)
	}
	for i, got := range w.writes {
		if got.Index != "dst" || got.Routing != "fixed" || !got.HasVersion || got.Version != 1 || got.IfSeqNo != shard.NoSeqNo || got.AutoID || got.ID != strconv.Itoa(i) {
			t.Errorf("write %d: %+v", i, got)
		}
	}
}

// fakeRemote answers the remote reader with canned pages and records what
// it was sent.
type fakeRemote struct {
	sent    []RemoteRequest
	answers []string // bodies, in order; an answer starting with "!" is an error status 400 with that body
	closed  bool
}

func (f *fakeRemote) Send(req RemoteRequest) (int, []byte, error) {
	f.sent = append(f.sent, req)
	if len(f.answers) == 0 {
		return 200, []byte(`{}`), nil
	}
	a := f.answers[0]
	f.answers = f.answers[1:]
	if strings.HasPrefix(a, "!") {
		return 400, []byte(a[1:]), nil
	}
	return 200, []byte(a), nil
}

func (f *fakeRemote) Close() { f.closed = true }

func page(scrollID string, ids ...string) string {
	var hits []string
	for _, id := range ids {
		hits = append(hits, `{"_index":"far","_id":"`+id+`","_version":3,"_source":{"id":"`+id+`"}}`)
	}
	return `{"_scroll_id":"` + scrollID + `","hits":{"hits":[` + strings.Join(hits, ",") + `]}}`
}

// The remote reader scrolls until a page comes back empty, then clears its
// scroll; each hit keeps the remote index it came from.
func TestRemoteScroll(t *testing.T) {
	remote := &fakeRemote{answers: []string{page("s1", "a", "b"), page("s2", "c"), page("s2")}}
	env := &Env{Remote: func(*RemoteInfo) RemoteClient { return remote }}
	p := NewParams()
	p.ScrollSize = 2
	req := &Request{Params: p, Indices: []string{"far"}, RawQuery: []byte(`{"match_all":{}}`),
		Remote: &RemoteInfo{Scheme: "http", Host: "h", Port: 9200, PathPrefix: "/p"}}
	hits, names, err := env.remoteScroll(req)
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) != 3 || hits[2].Doc.ID != "c" || hits[2].Slot != 2 || hits[0].Doc.Version != 3 || len(names) != 3 || names[1] != "far" {
		t.Fatalf("hits %+v names %v", hits, names)
	}
	want := []RemoteRequest{
		{Method: "POST", URL: "http://h:9200/p/far/_search?scroll=5m", Body: `{"size":2,"version":true,"sort":["_doc"],"query":{"match_all":{}}}`},
		{Method: "POST", URL: "http://h:9200/p/_search/scroll", Body: `{"scroll":"5m","scroll_id":"s1"}`},
		{Method: "POST", URL: "http://h:9200/p/_search/scroll", Body: `{"scroll":"5m","scroll_id":"s2"}`},
		{Method: "DELETE", URL: "http://h:9200/p/_search/scroll", Body: `{"scroll_id":["s2"]}`},
	}
	if len(remote.sent) != len(want) {
		t.Fatalf("sent %+v", remote.sent)
	}
	for i := range want {
		if remote.sent[i] != want[i] {
			t.Errorf("request %d\n got %+v\nwant %+v", i, remote.sent[i], want[i])
		}
	}
	if !remote.closed {
		t.Error("the client was not closed")
	}
}

// A remote without scroll contexts is paged with from/size up to max_docs;
// a remote error becomes a status exception caused by the remote's error.
func TestRemoteScrollFallbackAndErrors(t *testing.T) {
	badRequest := `!{"error":{"type":"illegal_argument_exception","reason":"x","caused_by":{}}}`
	unsupported, _ := json.Marshal(map[string]any{"error": map[string]string{"type": apierr.TypeUnsupportedOperation, "reason": "no scrolls"}})
	remote := &fakeRemote{answers: []string{"!" + string(unsupported), page("", "a", "b"), page("", "c")}}
	env := &Env{Remote: func(*RemoteInfo) RemoteClient { return remote }}
	p := NewParams()
	p.ScrollSize, p.MaxDocs = 2, 3
	req := &Request{Params: p, Indices: []string{"far"}, Remote: &RemoteInfo{Scheme: "http", Host: "h", Port: 1}}
	hits, _, err := env.remoteScroll(req)
	if err != nil || len(hits) != 3 {
		t.Fatalf("hits %d, %v", len(hits), err)
	}
	if got := remote.sent[2].Body; got != `{"size":1,"version":true,"sort":["_doc"],"from":2}` {
		t.Errorf("last page asked %s", got)
	}
	remote = &fakeRemote{answers: []string{badRequest}}
	env.Remote = func(*RemoteInfo) RemoteClient { return remote }
	_, _, err = env.remoteScroll(req)
	if err == nil || err.Status != 400 || err.Type != apierr.TypeStatus || err.Cause == nil || err.Cause.Type != "illegal_argument_exception" {
		t.Fatalf("remote error %+v", err)
	}
}

func TestParamsValidate(t *testing.T) {
	p := NewParams()
	if e := p.SetMaxDocs(5); e != nil {
		t.Fatal(e)
	}
	if e := p.SetMaxDocs(6); e == nil || e.Reason != "[max_docs] set to two different values [5] and [6]" {
		t.Errorf("second max_docs: %v", e)
	}
	p.Slices, p.Slice = 10, &ManualSlice{ID: 0, Max: 2}
	got := p.Validate(nil)
	if len(got) != 2 || got[0] != "can't specify both manual and automatic slicing at the same time" || got[1] != "[max_docs] should be >= [slices]" {
		t.Errorf("validate %q", got)
	}
	if rps, e := ParseRPS("-1", true); e != nil || rps <= 1e300 {
		t.Errorf("-1 is unthrottled: %v %v", rps, e)
	}
	if _, e := ParseRPS("0", true); e == nil {
		t.Error("0 requests per second accepted")
	}
	if n, e := ParseSlices("auto", true); e != nil || n != 0 {
		t.Errorf("auto: %d %v", n, e)
	}
	if e := (&ManualSlice{ID: 2, Max: 2}).Check(); e == nil || e.Reason != "max must be greater than id" {
		t.Errorf("slice check: %v", e)
	}
}

func TestRemoteInfoString(t *testing.T) {
	ri := &RemoteInfo{Scheme: "https", Host: "h", Port: 9200, PathPrefix: "/p", Query: "{}", Username: "u", Password: "secret"}
	if got := ri.String(); got != "scheme=https host=h port=9200 pathPrefix=/p query={} username=u password=<<>>" {
		t.Errorf("String = %q", got)
	}
	if e := ri.CheckAllowed([]string{"other:1", "h:92*"}); e != nil {
		t.Errorf("allowlisted: %v", e)
	}
	if e := ri.CheckAllowed(nil); e == nil || e.Reason != "[h:9200] not allowlisted in reindex.remote.allowlist" {
		t.Errorf("empty allowlist: %v", e)
	}
}
