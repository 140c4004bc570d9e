package reindex

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/urlparams"
)

func FuzzParseReindexBody(f *testing.F) {
	for _, s := range []string{
		`{"source":{"index":"a","size":2,"query":{"match_all":{}},"_source":["x"],"slice":{"id":0,"max":2}},"dest":{"index":"b","op_type":"create","version_type":"external","routing":"=r"},"max_docs":3,"conflicts":"proceed","script":{"source":"ctx.op='noop'"}}`,
		`{"source":{"remote":{"host":"http://h:9200","username":"u","password":"p","headers":{"a":"b"},"socket_timeout":"1m","connect_timeout":"borked"},"index":["a","b"]},"dest":{"index":"d"}}`,
		`{"dest":{}}`, `{"junk":1}`, `[]`, `{"source":{"from":1,"stored_fields":["x"]}}`, `{"size":"x"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		req, err := ParseReindex(data, NewParams())
		if (req == nil) == (err == nil) {
			t.Fatalf("ParseReindex(%q) = %v, %v", data, req, err)
		}
		if req != nil && req.Job.Dest.Index == "" {
			t.Fatalf("accepted a reindex without a destination: %q", data)
		}
	})
}

func FuzzParseByQueryBody(f *testing.F) {
	for _, s := range []string{
		`{"query":{"term":{"a":"b"}},"conflicts":"proceed","max_docs":2,"sort":[{"n":"desc"}],"slice":{"id":1,"max":3}}`,
		`{"script":{"source":"ctx._source.n++","params":{"x":[1,2]}},"query":{"match_all":{}}}`,
		`{}`, `{"stored_fields":["_id"]}`, `{"from":3,"size":-1}`, `{"slice":[]}`, `nul`,
		`{"size":0,"track_total_hits":false,"rescore":{"query":{"rescore_query":{"match_all":{}}}}}`,
		`{"query":{"match_all":{}},"post_filter":{"term":{"a":"b"}},"min_score":0.5,"search_after":[1],"sort":["n"],"collapse":{"field":"a"}}`,
	} {
		f.Add([]byte(s), true)
	}
	f.Fuzz(func(t *testing.T, data []byte, update bool) {
		q, err := ParseByQuery("i", urlparams.Params{}, data, NewParams(), update, func(string) {})
		if (q == nil) == (err == nil) {
			t.Fatalf("ParseByQuery(%q) = %v, %v", data, q, err)
		}
	})
}

func TestParseManualSlice(t *testing.T) {
	q, err := ParseByQuery("i", urlparams.Params{}, []byte(`{"slice":{"id":1,"max":3},"query":{"match_all":{}}}`), NewParams(), false, func(string) {})
	if err != nil || q.Job.Params.Slice == nil || q.Job.Params.Slice.ID != 1 || q.Job.Params.Slice.Max != 3 {
		t.Fatalf("%+v %v", q, err)
	}
}
